"use client";
import { useEffect, useMemo, useRef } from "react";
import { readFlowPref, writeFlowPref } from "./client-token";
import { StepProgress } from "./flow-shell";
import type { FlowState, FlowStep } from "./flow-types";
import type { Locale, Messages } from "./i18n";
import { stepComponent } from "./steps/step-registry";

const isOpen = (s: FlowStep) => s.status === "pending" || s.status === "in_progress";

/**
 * The steps of this round, for "step i of n": every step on a first pass; on a resubmission,
 * only the steps to redo (remembered per tab, as submitted ones stop being pending).
 */
function useRoundSteps(sessionId: string, state: FlowState): string[] {
  const redo = state.session.resubmission !== null;
  const remembered = useRef<string[] | null>(null);
  return useMemo(() => {
    if (!redo) return state.steps.map((s) => s.name);
    if (remembered.current === null) {
      try {
        remembered.current = JSON.parse(readFlowPref(sessionId, "round") ?? "[]") as string[];
      } catch {
        remembered.current = [];
      }
    }
    const names = new Set([...remembered.current, ...state.steps.filter(isOpen).map((s) => s.name)]);
    remembered.current = [...names];
    writeFlowPref(sessionId, "round", JSON.stringify(remembered.current));
    return state.steps.filter((s) => names.has(s.name)).map((s) => s.name);
  }, [redo, sessionId, state.steps]);
}

/** One step per screen, with progress and, on a resubmission, the reviewer's reason. */
export function StepScreen({ sessionId, state, t, locale }: { sessionId: string; state: FlowState; t: Messages; locale: Locale }) {
  const step = state.steps.find((s) => s.name === state.currentStep) ?? state.steps.find(isOpen);
  const round = useRoundSteps(sessionId, state);
  const index = step ? Math.max(round.indexOf(step.name), 0) : 0;
  const remainingOpen = state.steps.filter((s) => isOpen(s) && s.required);
  const isLast = remainingOpen.length <= 1;

  // a new step: start at the top, and move focus to the step so screen readers announce it
  const containerRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    const heading = containerRef.current?.querySelector<HTMLElement>("h1");
    heading?.setAttribute("tabindex", "-1");
    heading?.focus({ preventScroll: true });
  }, [step?.name]);

  if (!step) return null;
  const Step = stepComponent(step.type);
  const resubmission = state.session.resubmission;
  const org = state.session.organizationName;
  return (
    <div ref={containerRef}>
      <StepProgress index={index} total={round.length} t={t} />
      {resubmission ? (
        <div role="note" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="flow-resubmission">
          <p className="font-semibold">{t.resubmitTitle}</p>
          <p className="mt-0.5">{t.resubmitBody(org)}</p>
          <p className="mt-2">
            <span className="font-medium">{t.resubmitReason}: </span>
            {(resubmission.reason && t.reasonCodes[resubmission.reason]) || t.reasonFallback}
          </p>
          {resubmission.note ? (
            <p className="mt-2">
              <span className="font-medium">{t.resubmitNote(org)}: </span>
              <span className="whitespace-pre-line">{resubmission.note}</span>
            </p>
          ) : null}
        </div>
      ) : null}
      <Step key={step.name} sessionId={sessionId} state={state} step={step} isLast={isLast} t={t} locale={locale} />
    </div>
  );
}
