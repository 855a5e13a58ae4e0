"use client";
import { useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { CONSENT_NOTICE_VERSION, CONSENT_RETENTION_DAYS_DEFAULT } from "~/server/steps/consent/consent-defaults";
import type { TConsentStepInput } from "~/server/steps/consent/consent.schemas";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError, FormError } from "~/components/ui/field-error";
import { cn, focusRing } from "~/components/ui/cn";
import type { FlowSession, FlowStep, StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";
import { type StepView, SummaryRows, useStepView } from "./step-view";

type ConsentT = ReturnType<typeof useTranslations<"consent">>;

/**
 * What the workflow's steps collect, in the notice's words, and where each is checked: derived
 * from the step types (KYC and KYB alike, each type's `collects` in step-registry.ts, told
 * whose verification it is), so a workflow's notice follows its steps and its subject.
 */
function collectedData(
  steps: readonly FlowStep[],
  subject: FlowSession["type"],
  view: (type: string) => StepView | undefined,
  t: ConsentT,
  org: string,
): { items: string[]; sources: string[] } {
  const items: string[] = [];
  const sources: string[] = [];
  for (const s of steps) {
    const collects = view(s.type)?.collects;
    if (!collects) continue;
    const [item, source] = typeof collects === "function" ? collects(s, subject) : collects;
    items.push(t(item));
    sources.push(t(source, { org }));
  }
  return { items: [...new Set(items)], sources: [...new Set(sources)] };
}

/** The kinds of data, short: each item's text before its first colon ("Your Aadhaar offline e-KYC file or Secure QR code"). */
function dataKinds(items: readonly string[]): string {
  return items.map((i) => i.split(":")[0]!.trim()).join("; ");
}

/** "5 years" when the retention is a whole number of years, else days. */
function retentionPeriod(t: ConsentT, days: number): string {
  return days % 365 === 0 ? t("years", { count: days / 365 }) : t("days", { count: days });
}

/**
 * The DPDP Act 2023 notice (section 5: what is processed and why, how to exercise rights,
 * how to complain to the Board) and an explicit, unticked consent checkbox (section 6: free,
 * specific, informed, unambiguous, by a clear affirmative action). The notice is "understandable
 * independently" (DPDP Rules 2025, rule 3): one line per essential (who, what data, purpose,
 * retention, rights, how to withdraw, grievance contact), each expandable to its full text, and
 * the whole notice one tap away ("Read the full notice" opens every section).
 */
export function ConsentStep({ sessionId, state, step, isLast, onDone }: StepProps) {
  const t = useTranslations("consent");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const org = state.session.organizationName;
  const collected = collectedData(state.steps, state.session.type, useStepView(), t, org);
  // a business's verification (KYB) is about the business and its people, not the applicant alone
  const business = state.session.type === "kyb";
  const settings = step.settings as { notice_version?: unknown; retention_days?: unknown; grievance_contact?: unknown };
  const noticeVersion = typeof settings.notice_version === "string" ? settings.notice_version : CONSENT_NOTICE_VERSION;
  const retentionDays = typeof settings.retention_days === "number" ? settings.retention_days : CONSENT_RETENTION_DAYS_DEFAULT;
  const grievanceContact = typeof settings.grievance_contact === "string" ? settings.grievance_contact : null;

  const [open, setOpen] = useState<ReadonlySet<NoticeKey>>(new Set());
  const allOpen = open.size === NOTICE_KEYS.length;
  const section = (key: NoticeKey) => ({
    open: open.has(key),
    onToggle: (isOpen: boolean) =>
      setOpen((prev) => {
        if (prev.has(key) === isOpen) return prev;
        const next = new Set(prev);
        if (isOpen) next.add(key);
        else next.delete(key);
        return next;
      }),
  });
  const contact = { hasContact: grievanceContact ? "yes" : "no", contact: grievanceContact ?? "" };
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

      <div className="mt-6 flex items-end justify-between gap-3">
        <p className="text-sm text-slate-600">{t("essentials")}</p>
        <button
          type="button"
          className={cn("-mr-2 min-h-11 shrink-0 rounded-md px-2 text-sm font-medium text-brand-700 underline underline-offset-2", focusRing)}
          aria-expanded={allOpen}
          data-testid="consent-full-notice"
          onClick={() => setOpen(allOpen ? new Set() : new Set(NOTICE_KEYS))}
        >
          {allOpen ? t("showEssentials") : t("showFull")}
        </button>
      </div>
      <div
        className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-[15px] leading-relaxed text-slate-700"
        data-testid="consent-notice"
      >
        <NoticeSection title={t("whoTitle")} short={t("whoShort", { org })} {...section("who")}>
          <p>{t("who", { org })}</p>
        </NoticeSection>
        <NoticeSection title={t("whatTitle")} short={dataKinds(collected.items)} {...section("what")}>
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
        <NoticeSection title={t("purposeTitle")} short={t(business ? "purposeShortBusiness" : "purposeShort")} {...section("purpose")}>
          <p>{t(business ? "purposeBusiness" : "purpose", { org })}</p>
        </NoticeSection>
        <NoticeSection title={t("retentionTitle")} short={t("retentionShort", { period: retentionPeriod(t, retentionDays) })} {...section("retention")}>
          <p>{t("retention", { org, period: retentionPeriod(t, retentionDays) })}</p>
        </NoticeSection>
        <NoticeSection title={t("rightsTitle")} short={t("rightsShort")} {...section("rights")}>
          <ul className="list-disc space-y-0.5 pl-5">
            {(["rightAccess", "rightCorrect", "rightErase", "rightGrievance", "rightNominate"] as const).map((r) => (
              <li key={r}>{t(r)}</li>
            ))}
          </ul>
        </NoticeSection>
        <NoticeSection title={t("withdrawTitle")} short={t("withdrawShort", { org })} {...section("withdraw")}>
          <p>{t(business ? "withdrawBusiness" : "withdraw", { org })}</p>
          <p className="mt-1.5">{t("withdrawHow", { org, ...contact })}</p>
        </NoticeSection>
        <NoticeSection title={t("grievanceTitle")} short={t("grievanceShort", { org, ...contact })} {...section("grievance")}>
          <p>{t("grievance", { org, ...contact })}</p>
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

const NOTICE_KEYS = ["who", "what", "purpose", "retention", "rights", "withdraw", "grievance"] as const;
type NoticeKey = (typeof NOTICE_KEYS)[number];

/** One section of the notice: its title and essential line (a native disclosure), the full text when opened. */
function NoticeSection({
  title,
  short,
  open,
  onToggle,
  children,
}: {
  title: string;
  short: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <details open={open} onToggle={(e) => onToggle(e.currentTarget.open)} className="group">
      <summary className={cn("flex min-h-11 cursor-pointer list-none items-start gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden", focusRing)}>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-slate-900">{title}</span>
          <span className="block text-slate-700">{short}</span>
        </span>
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </summary>
      <div className="px-4 pb-3">{children}</div>
    </details>
  );
}

/** The review card: that consent was given. */
export function ConsentSummary() {
  const t = useTranslations("review");
  return <SummaryRows rows={[{ label: "", value: t("consentGiven") }]} />;
}
