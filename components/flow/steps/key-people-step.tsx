"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { KEY_PERSON_ROLES, MAX_KEY_PEOPLE, type TKeyPeopleForm, ZKeyPeopleStepInput } from "~/server/steps/key-people/key-people.schemas";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { KybSelectField, KybTextField } from "../kyb-field";
import { StepFormFooter, useStepForm } from "../step-form";

type PersonForm = TKeyPeopleForm["people"][number];
/** A person's inputs, for the server's field errors (`people.<i>.<field>`). */
const PERSON_FIELDS = ["name", "role", "ownership_percent", "email", "phone", "din"] as const;

const emptyPerson = (over: Partial<PersonForm> = {}): PersonForm => ({
  name: "",
  role: "director",
  ownership_percent: "",
  email: "",
  phone: "",
  din: "",
  ...over,
});

/** "ASHA VERMA" -> "Asha Verma": registry names are upper case. */
const titleCase = (name: string) => name.toLowerCase().replace(/(^|[\s.'-])\p{L}/gu, (m) => m.toUpperCase());

/**
 * `key_people`: the directors, partners, beneficial owners and authorized signatories, each with
 * role, ownership, email and mobile number. Starts from what was entered before, else from the
 * directors of the MCA21 answer (in.cin.verify), else one empty person. Each person whose role
 * the workflow verifies gets a KYC session and a link by email when this is submitted.
 */
export function KeyPeopleStep({ sessionId, state, step, isLast, onDone }: StepProps) {
  const t = useTranslations("kyb");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const previous = (step.values as { people?: (PersonForm & { session_id?: unknown })[] } | null)?.people;
  const directors = state.kyb?.directors ?? [];
  const fromRegistry = !previous?.length && directors.length > 0;
  const initial: PersonForm[] = previous?.length
    ? previous.map(({ session_id: _, ...p }) => emptyPerson({ ...p, ownership_percent: p.ownership_percent ?? "", din: p.din ?? "" }))
    : fromRegistry
      ? directors.map((d) => emptyPerson({ name: titleCase(d.name), din: d.din ?? "" }))
      : [emptyPerson()];
  const form = useForm<TKeyPeopleForm>({ resolver: zodResolver(ZKeyPeopleStepInput), mode: "onTouched", defaultValues: { people: initial } });
  const { register, control, formState } = form;
  const people = useFieldArray({ control, name: "people" });
  const errors = formState.errors.people;
  const { onSubmit, formError, pending } = useStepForm(form, {
    sessionId,
    step: step.name,
    onDone,
    fields: (values) => ["people", ...values.people.flatMap((_, i) => PERSON_FIELDS.map((f) => `people.${i}.${f}` as const))],
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-key-people">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("peopleTitle")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("peopleIntro")}</p>
      {fromRegistry ? (
        <p role="note" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-slate-800" data-testid="people-from-registry">
          {t("peopleFromRegistry")}
        </p>
      ) : null}

      <ol className="mt-6 space-y-4">
        {people.fields.map((field, i) => {
          const e = errors?.[i];
          return (
            <li key={field.id} data-testid="key-person">
              {/* the legend is the fieldset's first child, so the group is named "Person n" */}
              <fieldset className="relative rounded-xl border border-slate-200 p-4">
                <legend className="float-left flex min-h-11 items-center pr-12 text-base font-semibold text-slate-900">{t("person", { count: i + 1 })}</legend>
                {people.fields.length > 1 ? (
                  <div className="absolute top-4 right-4">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="min-h-11 min-w-11"
                      onClick={() => people.remove(i)}
                      aria-label={t("removePerson", { name: form.getValues(`people.${i}.name`) || t("person", { count: i + 1 }) })}
                    >
                      ✕
                    </Button>
                  </div>
                ) : null}
                <div className="clear-left space-y-4 pt-3">
                  <KybTextField
                    label={t("personName")}
                    error={errorText(e?.name?.message)}
                    autoComplete="off"
                    data-testid="person-name"
                    {...register(`people.${i}.name`)}
                  />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <KybSelectField label={t("role")} error={errorText(e?.role?.message)} data-testid="person-role" {...register(`people.${i}.role`)}>
                      {KEY_PERSON_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`roles.${r}`)}
                        </option>
                      ))}
                    </KybSelectField>
                    <KybTextField
                      label={`${t("ownership")} (${tc("optional")})`}
                      error={errorText(e?.ownership_percent?.message)}
                      inputMode="decimal"
                      data-testid="person-ownership"
                      {...register(`people.${i}.ownership_percent`)}
                    />
                  </div>
                  <KybTextField
                    label={t("email")}
                    error={errorText(e?.email?.message)}
                    type="email"
                    autoComplete="off"
                    data-testid="person-email"
                    {...register(`people.${i}.email`)}
                  />
                  <KybTextField
                    label={t("phone")}
                    error={errorText(e?.phone?.message)}
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    data-testid="person-phone"
                    {...register(`people.${i}.phone`)}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError className="mt-3">{errorText(errors?.message ?? errors?.root?.message)}</FieldError>
      {people.fields.length < MAX_KEY_PEOPLE ? (
        <Button variant="secondary" size="lg" block className="mt-4" onClick={() => people.append(emptyPerson())} data-testid="add-person">
          {t("addPerson")}
        </Button>
      ) : null}

      <StepFormFooter error={formError} pending={pending} isLast={isLast} testId="key-people-submit" />
    </form>
  );
}
