"use client";
import { useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { cn, focusRing } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import type { ResolvedDocumentsSettings } from "~/server/flow/documents-config";
import type { FlowStep, StepProps } from "../flow-types";
import { useCatalogText, useErrorText } from "../i18n/use-error-text";
import { useEditStep } from "../edit-step";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";

type Row = { label: string; value: string };

const str = (v: unknown) => (typeof v === "string" ? v : "");

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
  const rows = useSummaryRows();
  const shown = state.steps.filter((s) => s.name !== step.name && s.type !== "review");

  return (
    <div data-testid="flow-step-review">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("intro")}</p>
      <ul className="mt-6 space-y-3">
        {shown.map((s) => {
          const name = t.has(`stepNames.${s.type}` as "stepNames.pan") ? t(`stepNames.${s.type}` as "stepNames.pan") : s.name;
          const editable = s.status === "submitted" && s.type !== "consent";
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
              <dl className="mt-1 space-y-1 text-[15px]">
                {rows(s).map((r, i) => (
                  <div key={i} className="flex flex-wrap gap-x-2">
                    {r.label ? <dt className="text-slate-500">{r.label}:</dt> : null}
                    <dd className="min-w-0 break-words text-slate-900">{r.value}</dd>
                  </div>
                ))}
              </dl>
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

/** The summary lines of a step, from what it stored (server/flow/flow-state.ts publicValues). */
function useSummaryRows(): (s: FlowStep) => Row[] {
  const t = useTranslations("review");
  const tp = useTranslations("pan");
  const catalog = useCatalogText();
  const format = useFormatter();
  const date = (v: unknown) => {
    const d = str(v);
    return /^\d{4}-\d{2}-\d{2}$/.test(d) ? format.dateTime(new Date(`${d}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }) : d;
  };
  return (s) => {
    const v = s.values;
    if (!v || s.status === "pending") return [{ label: "", value: t("notProvided") }];
    switch (s.type) {
      case "consent":
        return [{ label: "", value: t("consentGiven") }];
      case "phone":
        return [{ label: "", value: str(v.phone) }];
      case "email":
        return [{ label: "", value: str(v.email) }];
      case "pan": {
        const business = s.settings.holder === "business";
        return [
          { label: business ? tp("labelBusiness") : tp("label"), value: str(v.pan) },
          { label: business ? tp("nameLabelBusiness") : tp("nameLabel"), value: str(v.name) },
          { label: business ? tp("dobLabelBusiness") : tp("dobLabel"), value: date(v.dob) },
        ];
      }
      case "aadhaar":
        return [{ label: "", value: v.method === "secure_qr" ? t("aadhaarQr") : t("aadhaarOffline") }];
      case "documents": {
        const config = s.settings.documents as ResolvedDocumentsSettings | undefined;
        const type = config?.types.find((d) => d.key === v.document_type);
        const fields = (v.fields ?? {}) as Record<string, string>;
        return [
          { label: "", value: catalog.type(str(v.document_type), type?.name) },
          ...(type?.fields ?? [])
            .filter((f) => fields[f.key])
            .map((f) => ({
              label: f.label?.en ?? catalog.field(f.key, f.catalog_label),
              value: f.type === "date" ? date(fields[f.key]) : f.type === "enum" ? catalog.value(fields[f.key]!) : fields[f.key]!,
            })),
        ];
      }
      case "selfie":
        return [{ label: "", value: t("selfieTaken") }];
      default:
        return [];
    }
  };
}
