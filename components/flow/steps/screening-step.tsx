"use client";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field-error";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";

/**
 * `screening`: what sanctions and PEP screening does with the applicant's verified name and date
 * of birth (server/steps/screening/screening-step.ts); the applicant enters nothing and continues.
 */
export function ScreeningStep({ sessionId, state, step, onDone }: StepProps) {
  const t = useTranslations("screening");
  const errorText = useErrorText();
  const submit = useSubmitStep(sessionId);
  const [formError, setFormError] = useState<string | null>(null);
  const org = state.session.organizationName;

  return (
    <div data-testid="flow-step-screening">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("intro", { org })}</p>
      <p className="mt-4 text-base text-slate-700">{t("what")}</p>
      <p className="mt-4 text-sm text-slate-600">{t("match", { org })}</p>
      <FormError className="mt-4">{formError}</FormError>
      <Button
        size="lg"
        block
        className="mt-6"
        loading={submit.isPending}
        data-testid="screening-continue"
        onClick={async () => {
          setFormError(null);
          try {
            await submit.mutateAsync({ sessionId, step: step.name, values: { acknowledged: true } });
            onDone();
          } catch (err) {
            setFormError(errorText(splitServerErrors(err, []).formKey) ?? null);
          }
        }}
      >
        {t("continue")}
      </Button>
    </div>
  );
}
