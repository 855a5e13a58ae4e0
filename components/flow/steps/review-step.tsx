"use client";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { cn, focusRing } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import type { FlowStep, StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { useEditStep } from "../edit-step";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";
import { SummaryRows, type StepView, useStepView } from "./step-view";

/**
 * `review`: everything the applicant entered, one card per step with an edit link, then the
 * final submit (the session then goes to processing).
 */
export function ReviewStep({ sessionId, state, step, onDone }: StepProps) {
  const t = useTranslations("review");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const edit = useEditStep();
  const submit = useSubmitStep(sessionId);
  const [formError, setFormError] = useState<string | null>(null);
  const view = useStepView();
  const shown = state.steps.filter((s) => s.name !== step.name && view(s.type)?.summary !== null);

  return (
    <div data-testid="flow-step-review">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("intro")}</p>
      <ul className="mt-6 space-y-3">
        {shown.map((s) => {
          const name = t.has(`stepNames.${s.type}` as "stepNames.pan") ? t(`stepNames.${s.type}` as "stepNames.pan") : s.name;
          const editable = s.status === "submitted" && view(s.type)?.revisitable !== false;
          return (
            <li key={s.name} className="rounded-lg border border-slate-200 px-4 py-3" data-testid={`review-${s.name}`}>
              <div className="flex items-center justify-between gap-3">
                <h2 className="text-base font-semibold text-slate-900">{name}</h2>
                {editable ? (
                  <button
                    type="button"
                    onClick={() => edit(s.name)}
                    aria-label={t("editStep", { step: name })}
                    className={cn("-mr-2 min-h-11 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50", focusRing)}
                    data-testid={`review-edit-${s.name}`}
                  >
                    {tc("edit")}
                  </button>
                ) : null}
              </div>
              <StepSummaryRows step={s} view={view(s.type)} />
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm text-slate-600">{t("declaration")}</p>
      <FormError className="mt-4">{formError}</FormError>
      <Button
        size="lg"
        block
        className="mt-6"
        loading={submit.isPending}
        data-testid="review-submit"
        onClick={async () => {
          setFormError(null);
          try {
            await submit.mutateAsync({ sessionId, step: step.name, values: { confirmed: true } });
            onDone();
          } catch (err) {
            setFormError(errorText(splitServerErrors(err, []).formKey) ?? null);
          }
        }}
      >
        {tc("submit")}
      </Button>
    </div>
  );
}

/** What `step` stored, by its type's summary (step-registry.ts); "not provided" while it has nothing. */
function StepSummaryRows({ step, view }: { step: FlowStep; view: StepView | undefined }) {
  const t = useTranslations("review");
  if (!step.values || step.status === "pending") return <SummaryRows rows={[{ label: "", value: t("notProvided") }]} />;
  const Summary = view?.summary;
  return Summary ? <Summary step={step} values={step.values} /> : <SummaryRows rows={[]} />;
}
