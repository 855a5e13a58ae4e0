"use client";
/**
 * The parts every react-hook-form step shares (pan, business details, key people, bank account):
 * the submission with the server's field errors put back on the form, the sandbox hint of test
 * mode, and the footer with the form-level error and the Continue / Submit button.
 */
import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field-error";
import { cn, focusRing } from "~/components/ui/cn";
import type { StepProps } from "./flow-types";
import { useErrorText } from "./i18n/use-error-text";
import { applyServerErrors, useSubmitStep } from "./use-submit-step";

/**
 * Submits a step's form: `onSubmit` validates with the form's resolver, sends the parsed values
 * (`asTyped`: the values as typed, for a server that checks them itself), then calls `onDone`.
 * A failure puts the server's issues on `fields` (a list, or one built from the parsed values)
 * and keeps the rest as `formError`, an i18n key of `errors`.
 */
export function useStepForm<TForm extends FieldValues, TParsed extends FieldValues>(
  form: UseFormReturn<TForm, unknown, TParsed>,
  {
    sessionId,
    step,
    onDone,
    fields,
    asTyped = false,
  }: Pick<StepProps, "sessionId" | "onDone"> & {
    step: string;
    fields: readonly Path<TForm>[] | ((values: TParsed) => readonly Path<TForm>[]);
    asTyped?: boolean;
  },
): { onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>; formError: string | null; pending: boolean } {
  const submit = useSubmitStep(sessionId);
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submit.mutateAsync({ sessionId, step, values: asTyped ? form.getValues() : values });
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, typeof fields === "function" ? fields(values) : fields));
    }
  });
  return { onSubmit, formError, pending: submit.isPending || form.formState.isSubmitting };
}

/** Test mode's hint: `children` are the sandbox values' `<li>`s; the button fills the form with passing ones. */
export function SandboxHint({ title, fillLabel, onFill, children }: { title: string; fillLabel: string; onFill: () => void; children: React.ReactNode }) {
  return (
    <aside className="mt-5 rounded-lg border border-dashed border-amber-400 px-4 py-3 text-sm text-slate-700" data-testid="sandbox-hint">
      <p className="font-medium text-amber-900">{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">{children}</ul>
      <button type="button" className={cn("mt-1 min-h-11 font-medium text-brand-700 underline underline-offset-2", focusRing)} onClick={onFill}>
        {fillLabel}
      </button>
    </aside>
  );
}

/** The end of a step's form: the form-level error (an i18n key) and the submit button, "Submit" on the round's last step. */
export function StepFormFooter({
  error,
  pending,
  isLast,
  disabled,
  testId,
}: {
  error: string | null;
  pending: boolean;
  isLast: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const tc = useTranslations("common");
  const errorText = useErrorText();
  return (
    <>
      <FormError className="mt-5">{errorText(error)}</FormError>
      <Button type="submit" size="lg" block className="mt-8" disabled={disabled} loading={pending} data-testid={testId}>
        {isLast ? tc("submit") : tc("continue")}
      </Button>
    </>
  );
}
