"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { ZCkycDobInput } from "~/server/steps/ckyc/ckyc.schemas";
import { describedBy, Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { StepFormFooter, useStepForm } from "../step-form";
import { CkycOtpFlow, CkycPanField, CkycSandboxHint, CkycSkipButton, panAsTyped } from "./ckyc-otp-flow";
import { type StepSummaryProps, SummaryRows } from "./step-view";

const FIELDS = ["pan", "dob"] as const;
/** The record search form of `authentication: date_of_birth`. */
const ZFetchInput = ZCkycDobInput;
const SANDBOX_PASS = { pan: "ABCPE1234F", dob: "1990-01-01" };
const OUTCOMES = ["downloaded", "not_found", "auth_failed", "unavailable", "skipped_by_applicant"] as const;

function text(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/**
 * The CKYC-first step: the applicant fetches their record from the Central KYC Registry, or
 * "Continue without CKYC". With `authentication: otp` (the default, CKYC 1.3) the PAN and the
 * mobile number on the record, then the code the registry sends to it (./ckyc-otp-flow.tsx); with
 * `date_of_birth` the PAN and date of birth. Validated with the schemas the server enforces
 * (server/steps/ckyc/ckyc.schemas.ts). A downloaded record skips the steps the workflow says it
 * proves; the flow then moves on to the next open step.
 */
export function CkycStep(props: StepProps) {
  return props.step.settings.authentication === "date_of_birth" ? <DobForm {...props} /> : <CkycOtpFlow {...props} />;
}

/** `authentication: date_of_birth`: PAN and date of birth, searched and downloaded at once. */
function DobForm({ sessionId, state, step, isLast, editing, onDone }: StepProps) {
  const t = useTranslations("ckyc");
  const errorText = useErrorText();
  const previous = step.values ?? {};
  const form = useForm<z.input<typeof ZFetchInput>, unknown, z.output<typeof ZFetchInput>>({
    resolver: zodResolver(ZFetchInput),
    mode: "onTouched",
    defaultValues: { pan: text(previous.id_number), dob: text(previous.dob) },
  });
  const { register, setValue, formState } = form;
  const { onSubmit, formError, pending } = useStepForm(form, { sessionId, step: step.name, onDone, fields: FIELDS });
  const id = useId();
  const ids = { pan: `${id}-pan`, dob: `${id}-dob` };
  const panError = errorText(formState.errors.pan?.message);
  const dobError = errorText(formState.errors.dob?.message);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-ckyc">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("intro")}</p>

      {state.session.mode === "test" && !editing ? (
        <CkycSandboxHint
          pass={t("sandboxPass")}
          other={t("sandboxAuthFailed")}
          onFill={() => {
            for (const f of FIELDS) setValue(f, SANDBOX_PASS[f], { shouldValidate: true, shouldTouch: true });
          }}
        />
      ) : null}

      <div className="mt-6 space-y-5">
        <CkycPanField id={ids.pan} field={register("pan", { setValueAs: panAsTyped })} error={panError} />
        <Field id={ids.dob} label={t("dobLabel")} error={dobError}>
          <Input
            {...register("dob")}
            id={ids.dob}
            data-testid="field-ckyc-dob"
            size="lg"
            type="date"
            min="1900-01-01"
            autoComplete="bday"
            invalid={!!dobError}
            aria-describedby={describedBy(ids.dob, { error: dobError })}
          />
        </Field>
        <p className="text-sm text-slate-600">{t("consentNote")}</p>
      </div>

      <StepFormFooter error={formError} pending={pending} isLast={isLast} testId="ckyc-fetch" />
      <CkycSkipButton sessionId={sessionId} stepName={step.name} disabled={pending} onDone={onDone} />
    </form>
  );
}

/** The review card: what the registry answered (never the record's content). */
export function CkycSummary({ step, values: v }: StepSummaryProps) {
  const t = useTranslations("ckyc");
  const outcome = OUTCOMES.find((o) => o === v.outcome);
  // with the registry's code, a record not released means the code was not confirmed (not a date of birth)
  const key =
    outcome === "auth_failed" && step.settings.authentication !== "date_of_birth"
      ? "outcome_auth_failed_otp"
      : outcome
        ? (`outcome_${outcome}` as const)
        : null;
  return <SummaryRows rows={[{ label: t("title"), value: key ? t(key) : "" }]} />;
}
