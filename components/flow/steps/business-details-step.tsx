"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import {
  CONSTITUTIONS,
  mcaRegistration,
  type TBusinessDetailsForm,
  type TConstitution,
  ZBusinessDetailsStepInput,
} from "~/server/steps/business-details/business-details.schemas";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { KybSelectField, KybTextField, upperNoSpaces } from "../kyb-field";
import { SandboxHint, StepFormFooter, useStepForm } from "../step-form";

const FIELDS = [
  "legal_name",
  "constitution",
  "gstin",
  "cin",
  "llpin",
  "udyam_number",
  "address.line1",
  "address.line2",
  "address.city",
  "address.state",
  "address.pincode",
] as const;

/** Sandbox values that pass with the business PAN ABCCE1234F (README "Sandbox values"). */
const SANDBOX_PASS = {
  legal_name: "Sandbox Private Limited",
  constitution: "private_limited",
  gstin: "27ABCCE1234F1Z2",
  cin: "U72900KA2015PTC012345",
  "address.line1": "12 MG Road",
  "address.city": "Mumbai",
  "address.state": "Maharashtra",
  "address.pincode": "400001",
} as const;

const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * `business_details`: legal name, constitution, GSTIN, the CIN or LLPIN the constitution needs,
 * the Udyam number (optional, or hidden by the step's settings) and the registered address.
 * Validated as typed with the checks engine's validators (server/steps/business-details/business-details.schemas.ts). The
 * legal name starts as the name given on the business PAN.
 */
export function BusinessDetailsStep({ sessionId, state, step, isLast, editing, onDone }: StepProps) {
  const t = useTranslations("kyb");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const settings = step.settings as { constitutions?: TConstitution[]; udyam?: "optional" | "hidden" };
  const offered = settings.constitutions ?? [...CONSTITUTIONS];
  const previous = (step.values ?? {}) as Record<string, unknown>;
  const address = (previous.address ?? {}) as Record<string, unknown>;
  const panName = state.steps.map((st) => (st.type === "pan" ? st.values : null)).find((v) => typeof v?.pan === "string" && v.pan[3] !== "P")?.name;
  const form = useForm<TBusinessDetailsForm>({
    resolver: zodResolver(ZBusinessDetailsStepInput),
    mode: "onTouched",
    defaultValues: {
      legal_name: text(previous.legal_name) || text(panName),
      constitution: (text(previous.constitution) || (offered.length === 1 ? offered[0] : "")) as TConstitution,
      gstin: text(previous.gstin),
      cin: text(previous.cin),
      llpin: text(previous.llpin),
      udyam_number: text(previous.udyam_number),
      address: { line1: text(address.line1), line2: text(address.line2), city: text(address.city), state: text(address.state), pincode: text(address.pincode) },
    },
  });
  const { register, setValue, formState, watch } = form;
  const errors = formState.errors;
  const { onSubmit, formError, pending } = useStepForm(form, { sessionId, step: step.name, onDone, fields: FIELDS });
  const registration = mcaRegistration((watch("constitution") || "proprietorship") as TConstitution);
  const identifier = (name: "gstin" | "cin" | "llpin" | "udyam_number") => {
    const reg = register(name);
    return {
      ...reg,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => (upperNoSpaces(e), reg.onChange(e)),
      autoComplete: "off",
      spellCheck: false,
      mono: true,
    };
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-business-details">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("detailsTitle")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("detailsIntro")}</p>

      {state.session.mode === "test" && !editing ? (
        <SandboxHint
          title={t("sandboxTitle")}
          fillLabel={t("sandboxFill")}
          onFill={() => {
            for (const [field, value] of Object.entries(SANDBOX_PASS))
              setValue(field as (typeof FIELDS)[number], value, { shouldValidate: true, shouldTouch: true });
          }}
        >
          <li>{t("sandboxPass")}</li>
          <li>{t("sandboxNotFound")}</li>
          <li>{t("sandboxInactive")}</li>
          <li>{t("sandboxMismatch")}</li>
        </SandboxHint>
      ) : null}

      <div className="mt-6 space-y-5">
        <KybTextField
          label={t("legalName")}
          hint={t("legalNameHint")}
          error={errorText(errors.legal_name?.message)}
          autoComplete="organization"
          maxLength={200}
          data-testid="field-legal-name"
          {...register("legal_name")}
        />
        <KybSelectField
          label={t("constitution")}
          error={errorText(errors.constitution?.message)}
          data-testid="field-constitution"
          {...register("constitution")}
        >
          <option value="" disabled>
            {t("choose")}
          </option>
          {offered.map((c) => (
            <option key={c} value={c}>
              {t(`constitutions.${c}`)}
            </option>
          ))}
        </KybSelectField>
        <KybTextField
          label={t("gstin")}
          hint={t("gstinHint")}
          error={errorText(errors.gstin?.message)}
          maxLength={15}
          data-testid="field-gstin"
          {...identifier("gstin")}
        />
        {registration === "cin" ? (
          <KybTextField
            label={t("cin")}
            hint={t("cinHint")}
            error={errorText(errors.cin?.message)}
            maxLength={21}
            data-testid="field-cin"
            {...identifier("cin")}
          />
        ) : null}
        {registration === "llpin" ? (
          <KybTextField
            label={t("llpin")}
            hint={t("llpinHint")}
            error={errorText(errors.llpin?.message)}
            maxLength={8}
            data-testid="field-llpin"
            {...identifier("llpin")}
          />
        ) : null}
        {settings.udyam !== "hidden" ? (
          <KybTextField
            label={`${t("udyam")} (${tc("optional")})`}
            hint={t("udyamHint")}
            error={errorText(errors.udyam_number?.message)}
            maxLength={19}
            data-testid="field-udyam"
            {...identifier("udyam_number")}
          />
        ) : null}

        <fieldset className="space-y-4">
          <legend className="text-base font-semibold text-slate-900">{t("address")}</legend>
          <KybTextField
            label={t("addressLine1")}
            error={errorText(errors.address?.line1?.message)}
            autoComplete="address-line1"
            data-testid="field-address-line1"
            {...register("address.line1")}
          />
          <KybTextField
            label={`${t("addressLine2")} (${tc("optional")})`}
            error={errorText(errors.address?.line2?.message)}
            autoComplete="address-line2"
            {...register("address.line2")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <KybTextField
              label={t("city")}
              error={errorText(errors.address?.city?.message)}
              autoComplete="address-level2"
              data-testid="field-city"
              {...register("address.city")}
            />
            <KybTextField
              label={t("state")}
              error={errorText(errors.address?.state?.message)}
              autoComplete="address-level1"
              data-testid="field-state"
              {...register("address.state")}
            />
          </div>
          <KybTextField
            label={t("pincode")}
            error={errorText(errors.address?.pincode?.message)}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={6}
            className="sm:w-1/2"
            data-testid="field-pincode"
            {...register("address.pincode")}
          />
        </fieldset>
      </div>

      <StepFormFooter error={formError} pending={pending} isLast={isLast} testId="business-details-submit" />
    </form>
  );
}
