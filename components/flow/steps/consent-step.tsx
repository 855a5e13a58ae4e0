"use client";
import { useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { CONSENT_RETENTION_DAYS_DEFAULT } from "~/server/steps/consent/consent-defaults";
import type { TConsentStepInput } from "~/server/steps/consent/consent.schemas";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError, FormError } from "~/components/ui/field-error";
import { cn } from "~/components/ui/cn";
import type { FlowStep, StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";
import { type StepView, SummaryRows, useStepView } from "./step-view";

const DEFAULT_NOTICE_VERSION = "2026-10-01";

type ConsentT = ReturnType<typeof useTranslations<"consent">>;

/**
 * What the workflow's steps collect, in the notice's words, and where each is checked: derived
 * from the step types (KYC and KYB alike, each type's `collects` in step-registry.ts), so a
 * workflow's notice follows its steps.
 */
function collectedData(
  steps: readonly FlowStep[],
  view: (type: string) => StepView | undefined,
  t: ConsentT,
  org: string,
): { items: string[]; sources: string[] } {
  const items: string[] = [];
  const sources: string[] = [];
  for (const s of steps) {
    const collects = view(s.type)?.collects;
    if (!collects) continue;
    const [item, source] = typeof collects === "function" ? collects(s) : collects;
    items.push(t(item));
    sources.push(t(source, { org }));
  }
  return { items: [...new Set(items)], sources: [...new Set(sources)] };
}

/** "5 years" when the retention is a whole number of years, else days. */
function retentionPeriod(t: ConsentT, days: number): string {
  return days % 365 === 0 ? t("years", { count: days / 365 }) : t("days", { count: days });
}

/**
 * The DPDP Act 2023 notice (section 5: what is processed and why, how to exercise rights,
 * how to complain to the Board) and an explicit, unticked consent checkbox (section 6: free,
 * specific, informed, unambiguous, by a clear affirmative action).
 */
export function ConsentStep({ sessionId, state, step, isLast, onDone }: StepProps) {
  const t = useTranslations("consent");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const org = state.session.organizationName;
  const collected = collectedData(state.steps, useStepView(), t, org);
  // a business's verification (KYB) is about the business and its people, not the applicant alone
  const business = state.session.type === "kyb";
  const settings = step.settings as { notice_version?: unknown; retention_days?: unknown; grievance_contact?: unknown };
  const noticeVersion = typeof settings.notice_version === "string" ? settings.notice_version : DEFAULT_NOTICE_VERSION;
  const retentionDays = typeof settings.retention_days === "number" ? settings.retention_days : CONSENT_RETENTION_DAYS_DEFAULT;
  const grievanceContact = typeof settings.grievance_contact === "string" ? settings.grievance_contact : null;

  const [accepted, setAccepted] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const submit = useSubmitStep(sessionId);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    // the one rule of ZConsentStepInput the page can break (the server parses with it); zod itself stays off the first screen
    if (!accepted) {
      setFieldError("consent_required");
      checkboxRef.current?.focus();
      return;
    }
    const values: TConsentStepInput = { accepted, notice_version: noticeVersion };
    try {
      await submit.mutateAsync({ sessionId, step: step.name, values });
      onDone();
    } catch (err) {
      const { fieldIssues, formKey } = splitServerErrors(err, ["accepted"]);
      // an outdated notice: the refreshed state shows the new text; ask again
      if (formKey === "notice_outdated") setAccepted(false);
      if (fieldIssues[0]) {
        setFieldError(fieldIssues[0].message);
        checkboxRef.current?.focus();
      }
      setFormError(formKey);
    }
  }

  const checkboxId = `${id}-consent`;
  const errorId = `${id}-consent-error`;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-consent">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t(business ? "introBusiness" : "intro", { org })}</p>

      <div className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 text-[15px] leading-relaxed text-slate-700">
        <NoticeSection title={t("whoTitle")}>
          <p>{t("who", { org })}</p>
        </NoticeSection>
        <NoticeSection title={t("whatTitle")}>
          <ul className="list-disc space-y-0.5 pl-5" data-testid="consent-collected">
            {collected.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {collected.sources.map((source) => (
            <p key={source} className="mt-1.5 text-slate-600">
              {source}
            </p>
          ))}
        </NoticeSection>
        <NoticeSection title={t("purposeTitle")}>
          <p>{t(business ? "purposeBusiness" : "purpose", { org })}</p>
        </NoticeSection>
        <NoticeSection title={t("retentionTitle")}>
          <p>{t("retention", { org, period: retentionPeriod(t, retentionDays) })}</p>
        </NoticeSection>
        <NoticeSection title={t("rightsTitle")}>
          <ul className="list-disc space-y-0.5 pl-5">
            {(["rightAccess", "rightCorrect", "rightErase", "rightGrievance", "rightNominate"] as const).map((r) => (
              <li key={r}>{t(r)}</li>
            ))}
          </ul>
          <p className="mt-1.5">{t("withdraw", { org })}</p>
        </NoticeSection>
        <NoticeSection title={t("grievanceTitle")}>
          <p>{t("grievance", { org, hasContact: grievanceContact ? "yes" : "no", contact: grievanceContact ?? "" })}</p>
        </NoticeSection>
      </div>
      <p className="mt-2 text-xs text-slate-500">{t("law", { version: noticeVersion })}</p>

      <div className="mt-6">
        <label
          htmlFor={checkboxId}
          className={cn(
            "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors",
            accepted ? "border-brand-600 bg-brand-50" : fieldError ? "border-red-400" : "border-slate-300 hover:border-slate-400",
          )}
        >
          <Checkbox
            ref={checkboxRef}
            id={checkboxId}
            data-testid="consent-checkbox"
            className="mt-0.5"
            checked={accepted}
            invalid={!!fieldError}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(e) => {
              setAccepted(e.target.checked);
              if (e.target.checked) setFieldError(null);
            }}
          />
          <span className="text-base text-slate-800">{t(business ? "checkboxBusiness" : "checkbox", { org })}</span>
        </label>
        <FieldError id={errorId}>{errorText(fieldError)}</FieldError>
      </div>

      <FormError className="mt-4">{errorText(formError)}</FormError>
      <Button type="submit" size="lg" block className="mt-6" disabled={!accepted} loading={submit.isPending}>
        {isLast ? tc("submit") : tc("continue")}
      </Button>
    </form>
  );
}

function NoticeSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="px-4 py-3">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <div className="mt-1">{children}</div>
    </section>
  );
}

/** The review card: that consent was given. */
export function ConsentSummary() {
  const t = useTranslations("review");
  return <SummaryRows rows={[{ label: "", value: t("consentGiven") }]} />;
}
