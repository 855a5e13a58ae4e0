"use client";
import { useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { cn, focusRing } from "~/components/ui/cn";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { useErrorText } from "./i18n/use-error-text";
import { SandboxNote } from "./sandbox-note";

/** The `data-testid`s of one step's code screen (the e2e tests address them; an absent one is not set). */
export interface OtpCodeTestIds {
  form?: string;
  change: string;
  field: string;
  verify?: string;
  resend: string;
  countdown: string;
}

/**
 * The screen that takes a 6-digit one-time code, for the `phone` / `email` steps
 * (./steps/otp-step.tsx) and the CKYC download (./steps/ckyc-otp-flow.tsx): the title, where the
 * code went with a "change" link, the test-mode note, one numeric input (`autocomplete="one-time-code"`,
 * digits only, at most 6, focused) that calls `onComplete` at the sixth digit, a `role="status"`
 * notice, the form's error, "Verify" and "Send a new code" with the seconds left until it may be
 * asked for. Every text is the caller's (its own i18n namespace) but the field's error: a schema
 * key (`code_invalid`, translated here) or, for `type: "server"`, a message already translated.
 * What submitting, resending and the errors mean stays with the caller.
 */
export function OtpCodeForm({
  onSubmit,
  title,
  sentTo,
  changeLabel,
  onChange,
  sandboxNote,
  label,
  field,
  error,
  onComplete,
  notice,
  formError,
  verifying,
  verifyDisabled,
  resendLabel,
  onResend,
  resending,
  resendIn,
  resendInText,
  testIds,
}: {
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  title: string;
  /** "We sent a code to …". */
  sentTo: string;
  changeLabel: string;
  onChange: () => void;
  /** Test mode's note (null in live mode). */
  sandboxNote: string | null;
  label: string;
  /** The form's `register` of the code field. */
  field: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** Called when the sixth digit is typed (absent: the code is not submitted on its own). */
  onComplete?: () => void;
  notice: string | null;
  /** The form-level error, translated. */
  formError: string | null | undefined;
  verifying: boolean;
  verifyDisabled?: boolean;
  resendLabel: string;
  onResend: () => void;
  resending: boolean;
  /** Seconds until a new code may be asked for (0: now); "Send a new code" is disabled until then. */
  resendIn: number;
  /** The countdown's text, shown while `resendIn` > 0. */
  resendInText: string;
  testIds: OtpCodeTestIds;
}) {
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const id = useId();
  const fieldId = `${id}-code`;
  const errorShown = error?.message ? (error.type === "server" ? error.message : errorText(error.message)) : undefined;
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testIds.form}>
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{title}</h1>
      <p className="mt-2 text-base text-slate-600">
        {sentTo}{" "}
        <button
          type="button"
          onClick={onChange}
          className={cn("inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-4", focusRing)}
          data-testid={testIds.change}
        >
          {changeLabel}
        </button>
      </p>
      {sandboxNote ? <SandboxNote>{sandboxNote}</SandboxNote> : null}
      <div className="mt-6">
        <Field id={fieldId} label={label} error={errorShown}>
          <Input
            {...field}
            id={fieldId}
            data-testid={testIds.field}
            size="lg"
            className="font-mono text-xl tracking-[0.5em]"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            invalid={!!errorShown}
            aria-describedby={describedBy(fieldId, { error: errorShown })}
            onChange={(e) => {
              e.target.value = e.target.value.replace(/\D/g, "").slice(0, 6);
              void field.onChange(e);
              if (e.target.value.length === 6) onComplete?.();
            }}
          />
        </Field>
      </div>
      {notice ? (
        <p role="status" className="mt-3 text-sm text-emerald-700">
          {notice}
        </p>
      ) : null}
      <FormError className="mt-5">{formError}</FormError>
      <Button type="submit" size="lg" block className="mt-8" loading={verifying} disabled={verifyDisabled} data-testid={testIds.verify}>
        {tc("verify")}
      </Button>
      <div className="mt-4 text-center">
        <Button variant="ghost" size="lg" onClick={onResend} disabled={resendIn > 0} loading={resending} data-testid={testIds.resend}>
          {resendLabel}
        </Button>
        <p className="mt-1 min-h-5 text-sm text-slate-500" data-testid={testIds.countdown}>
          {resendIn > 0 ? resendInText : null}
        </p>
      </div>
    </form>
  );
}
