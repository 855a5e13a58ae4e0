"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslations } from "use-intl";
import { panStepInput } from "~/server/steps/pan/pan.schemas";
import { describedBy, Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { SandboxHint, StepFormFooter, useStepForm } from "../step-form";
import { type StepSummaryProps, SummaryRows, summaryText, useSummaryDate } from "./step-view";

const FIELDS = ["pan", "name", "dob"] as const;
/** Sandbox values that pass (decisions.md "Sandbox provider"). */
const SANDBOX_PASS = {
  individual: { pan: "ABCPE1234F", name: "RAVI KUMAR", dob: "1990-01-01" },
  business: { pan: "ABCCE1234F", name: "ACME TRADERS PRIVATE LIMITED", dob: "2015-04-01" },
};

/** Upper-case, no spaces, at most 10 characters: how a PAN is printed. */
function normalizePanInput(raw: string): string {
  return raw
    .replace(/[^0-9a-z]/gi, "")
    .toUpperCase()
    .slice(0, 10);
}

function text(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** Today as YYYY-MM-DD in the applicant's time zone (the date input's `max`). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * PAN, name as on PAN and date of birth (or, for `holder: "business"`, the business's PAN,
 * name and date of incorporation). Validated as the applicant types with the same zod schema
 * the server enforces (server/steps/pan/pan.schemas.ts); messages are i18n keys.
 */
export function PanStep({ sessionId, state, step, isLast, editing, onDone }: StepProps) {
  const t = useTranslations("pan");
  const errorText = useErrorText();
  const business = step.settings.holder === "business";
  const schema = useMemo(() => panStepInput(business ? "business" : "individual"), [business]);
  const previous = step.values ?? {};
  const form = useForm({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: {
      pan: text(previous.pan),
      name: text(previous.name) || (business ? "" : (state.session.prefill.full_name ?? "")),
      dob: text(previous.dob),
    },
  });
  const { register, setValue, formState, control } = form;
  const { errors, touchedFields, isSubmitted } = formState;
  const { onSubmit, formError, pending } = useStepForm(form, { sessionId, step: step.name, onDone, fields: FIELDS });
  const id = useId();
  const ids = { pan: `${id}-pan`, name: `${id}-name`, dob: `${id}-dob` };

  // While the PAN is being typed, a format error would only nag: show it once the field is
  // complete, left, or the form was submitted.
  const panValue = useWatch({ control, name: "pan" }) ?? "";
  const panError = errors.pan && (touchedFields.pan || isSubmitted || panValue.length >= 10) ? errorText(errors.pan.message) : undefined;
  const nameError = errorText(errors.name?.message);
  const dobError = errorText(errors.dob?.message);

  const pan = register("pan");
  const panHint = t("hint");
  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-pan">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{business ? t("titleBusiness") : t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{business ? t("introBusiness") : t("intro")}</p>

      {state.session.mode === "test" && !editing ? (
        <SandboxHint
          title={t("sandboxTitle")}
          fillLabel={t("sandboxFill")}
          onFill={() => {
            const values = SANDBOX_PASS[business ? "business" : "individual"];
            for (const f of FIELDS) setValue(f, values[f], { shouldValidate: true, shouldTouch: true });
          }}
        >
          <li>{business ? t("sandboxPassBusiness") : t("sandboxPass")}</li>
          <li>{t("sandboxNotFound", { example: business ? "ABCCE9999Z" : "ABCPE9999Z" })}</li>
          <li>{t("sandboxMismatch")}</li>
        </SandboxHint>
      ) : null}

      <div className="mt-6 space-y-5">
        <Field id={ids.pan} label={business ? t("labelBusiness") : t("label")} hint={panHint} error={panError}>
          <Input
            {...pan}
            id={ids.pan}
            data-testid="field-pan"
            size="lg"
            className="font-mono tracking-widest uppercase"
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={10}
            invalid={!!panError}
            aria-describedby={describedBy(ids.pan, { hint: panHint, error: panError })}
            onChange={(e) => {
              const normalized = normalizePanInput(e.target.value);
              if (normalized !== e.target.value) e.target.value = normalized;
              return pan.onChange(e);
            }}
            onPaste={(e) => {
              // maxLength would cut "abcpe 1234 f" before it is normalized
              e.preventDefault();
              const pasted = normalizePanInput(e.clipboardData.getData("text"));
              setValue("pan", pasted, { shouldValidate: true, shouldDirty: true });
            }}
          />
        </Field>

        <Field id={ids.name} label={business ? t("nameLabelBusiness") : t("nameLabel")} error={nameError}>
          <Input
            {...register("name")}
            id={ids.name}
            data-testid="field-name"
            size="lg"
            autoComplete={business ? "organization" : "name"}
            autoCapitalize="words"
            maxLength={100}
            invalid={!!nameError}
            aria-describedby={describedBy(ids.name, { error: nameError })}
          />
        </Field>

        <Field id={ids.dob} label={business ? t("dobLabelBusiness") : t("dobLabel")} error={dobError}>
          <Input
            {...register("dob")}
            id={ids.dob}
            data-testid="field-dob"
            size="lg"
            type="date"
            min="1900-01-01"
            max={today()}
            autoComplete={business ? "off" : "bday"}
            invalid={!!dobError}
            aria-describedby={describedBy(ids.dob, { error: dobError })}
          />
        </Field>
      </div>

      <StepFormFooter error={formError} pending={pending} isLast={isLast} />
    </form>
  );
}

/** The review card: PAN, name and date of birth (of incorporation, for a business). */
export function PanSummary({ step, values: v }: StepSummaryProps) {
  const tp = useTranslations("pan");
  const date = useSummaryDate();
  const business = step.settings.holder === "business";
  return (
    <SummaryRows
      rows={[
        { label: business ? tp("labelBusiness") : tp("label"), value: summaryText(v.pan) },
        { label: business ? tp("nameLabelBusiness") : tp("nameLabel"), value: summaryText(v.name) },
        { label: business ? tp("dobLabelBusiness") : tp("dobLabel"), value: date(v.dob) },
      ]}
    />
  );
}
