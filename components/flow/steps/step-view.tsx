"use client";
/**
 * What the hosted flow shows of a step type (`StepView`, one per type in ./step-registry.ts):
 * its component, its card on the review step, what the consent notice says it collects and
 * whether it can be shown again once submitted. The review step reads the views through `StepViewContext` (provided by
 * step-screen.tsx), as the registry itself renders the review step.
 */
import { createContext, useContext, type ComponentType } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { Spinner } from "~/components/ui/spinner";
import type { FlowSession, FlowStep, StepProps } from "../flow-types";

export interface StepView {
  component: ComponentType<StepProps>;
  /**
   * Its card on the review step: what it stored, as rows. Omitted: a card without rows;
   * `null`: no card (the review step itself).
   */
  summary?: StepSummary | null;
  /**
   * What it collects and where that is checked, in the consent notice's words, for the step and
   * the session's subject (`kyc`: the applicant's own, `kyb`: the business's); omitted: nothing.
   */
  collects?: NoticeEntry | ((step: FlowStep, subject: FlowSession["type"]) => NoticeEntry);
  /** `false`: once submitted, Back and the summary's edit links never show it again (consent is not taken back). */
  revisitable?: false;
  /** `true`: it uses the camera, so a desktop browser offers "continue on your phone" (handoff/handoff-offer.tsx). */
  camera?: true;
}

/** Shown while a step's code loads (./step-registry.ts loads each step on demand). */
export function StepLoading() {
  const t = useTranslations("common");
  return (
    <div className="flex min-h-64 items-center justify-center text-brand-600">
      <Spinner className="size-8" label={t("loading")} />
    </div>
  );
}

type ConsentKey = Parameters<ReturnType<typeof useTranslations<"consent">>>[0];

/** Keys of the consent notice: an item of "what we collect" (`consent.data*`) and where it is checked (`consent.source*`). */
export type NoticeEntry = readonly [item: Extract<ConsentKey, `data${string}`>, source: Extract<ConsentKey, `source${string}`>];

/** What a step type's review card gets. */
export interface StepSummaryProps {
  step: FlowStep;
  /** The step's values; only passed for a submitted step with values. */
  values: Record<string, unknown>;
}

export type StepSummary = ComponentType<StepSummaryProps>;

/** A row of the summary: `label` empty for a value that speaks for itself. */
export interface SummaryRow {
  label: string;
  value: string;
}

/** A string value, or "" for anything else. */
export const summaryText = (v: unknown): string => (typeof v === "string" ? v : "");

/** The rows of one step's summary card. */
export function SummaryRows({ rows }: { rows: readonly SummaryRow[] }) {
  return (
    <dl className="mt-1 space-y-1 text-[15px]">
      {rows.map((r, i) => (
        <div key={i} className="flex flex-wrap gap-x-2">
          {r.label ? <dt className="text-slate-500">{r.label}:</dt> : null}
          <dd className="min-w-0 break-words text-slate-900">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `YYYY-MM-DD` as a medium date in the flow's language (other values as they are). */
export function useSummaryDate(): (v: unknown) => string {
  const format = useFormatter();
  return (v) => {
    const d = summaryText(v);
    return /^\d{4}-\d{2}-\d{2}$/.test(d) ? format.dateTime(new Date(`${d}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }) : d;
  };
}

/** The view of a step type, or undefined for a type the flow does not know. */
export const StepViewContext = createContext<(type: string) => StepView | undefined>(() => undefined);

export function useStepView(): (type: string) => StepView | undefined {
  return useContext(StepViewContext);
}
