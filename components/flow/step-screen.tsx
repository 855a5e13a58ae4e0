"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { cn, focusRing } from "~/components/ui/cn";
import { readFlowPref, writeFlowPref } from "./client-token";
import { EditStepContext } from "./edit-step";
import { StepProgress } from "./flow-shell";
import { HandoffSessionContext, useIsDesktop } from "./handoff/device";
import { HandoffOffer } from "./handoff/handoff-offer";
import type { FlowState, FlowStep } from "./flow-types";
import type { Locale } from "./i18n/locales";
import { useStepHistory } from "./step-history";
import { applicantText } from "./applicant-reason";
import { stepView } from "./steps/step-registry";
import { UnsupportedStep } from "./steps/unsupported-step";
import { StepViewContext } from "./steps/step-view";

const isOpen = (s: FlowStep) => s.status === "pending" || s.status === "in_progress";

function readRound(sessionId: string): string[] {
  try {
    return JSON.parse(readFlowPref(sessionId, "round") ?? "[]") as string[];
  } catch {
    return [];
  }
}

/**
 * The steps of this round, for "step i of n": every step on a first pass; on a resubmission,
 * only the steps to redo (remembered per tab, as submitted ones stop being pending).
 */
function useRoundSteps(sessionId: string, state: FlowState): string[] {
  const redo = state.session.resubmission !== null;
  const [remembered, setRemembered] = useState(() => readRound(sessionId));
  const names = new Set([...remembered, ...(redo ? state.steps.filter(isOpen).map((s) => s.name) : [])]);
  // a step newly open joins the round: state kept from earlier renders, adjusted during render
  if (names.size !== remembered.length) setRemembered([...names]);
  useEffect(() => {
    if (redo) writeFlowPref(sessionId, "round", JSON.stringify(remembered));
  }, [redo, sessionId, remembered]);
  return redo ? state.steps.filter((s) => names.has(s.name)).map((s) => s.name) : state.steps.map((s) => s.name);
}

/**
 * One step per screen, with progress, a Back button and, on a resubmission, the reviewer's
 * reason. On a desktop browser the start screen and the camera steps offer "continue on your phone".
 */
export function StepScreen({ sessionId, state, locale }: { sessionId: string; state: FlowState; locale: Locale }) {
  const t = useTranslations();
  const desktop = useIsDesktop();
  const current = state.steps.find((s) => s.name === state.currentStep) ?? state.steps.find(isOpen);
  const round = useRoundSteps(sessionId, state);
  // a step Back (and the summary's edit links) can show again: submitted, in this round, revisitable (not the consent)
  const canShow = (name: string) =>
    round.includes(name) && state.steps.some((s) => s.name === name && s.status === "submitted" && stepView(s.type)?.revisitable !== false);
  const backChain = current ? round.slice(0, round.indexOf(current.name)).filter(canShow) : [];
  const { screen: editing, navigate, atGuard } = useStepHistory({ sessionId, currentStep: current?.name, canShow, backChain });
  const edited = editing ? state.steps.find((s) => s.name === editing.step && s.status === "submitted") : undefined;
  const step = edited ?? current;
  const index = step ? Math.max(round.indexOf(step.name), 0) : 0;
  const remainingOpen = state.steps.filter((s) => isOpen(s) && s.required);
  const isLast = !edited && remainingOpen.length <= 1;

  // Back: the submitted step before this one in the round that can be shown again
  const back = step ? round.slice(0, round.indexOf(step.name)).filter(canShow).at(-1) : undefined;

  /** After a step was saved: the current step's successor comes with the new state; an edited one goes on. */
  function done() {
    if (!editing || !step) return;
    if (editing.origin === "review") return navigate(null);
    const next = round
      .slice(round.indexOf(step.name) + 1)
      .map((n) => state.steps.find((s) => s.name === n))
      .find((s) => s && s.name !== current?.name);
    const beforeCurrent = next && current && round.indexOf(next.name) < round.indexOf(current.name);
    navigate(next && beforeCurrent && next.status === "submitted" ? { step: next.name, origin: "back" } : null);
  }

  // a new step: start at the top, and move focus to its heading so screen readers announce it
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
  // a type this version of the flow does not know gets UnsupportedStep
  const view = stepView(step.type);
  const Step = view?.component ?? UnsupportedStep;
  const offerHandoff = desktop && !edited && (index === 0 || view?.camera === true);
  const resubmission = state.session.resubmission;
  const org = state.session.organizationName;
  const stepName = (name: string) => {
    const type = state.steps.find((s) => s.name === name)?.type ?? "";
    return t.has(`review.stepNames.${type}` as "review.stepNames.pan") ? t(`review.stepNames.${type}` as "review.stepNames.pan") : name;
  };
  return (
    <HandoffSessionContext.Provider value={sessionId}>
      <EditStepContext.Provider value={(name) => navigate({ step: name, origin: "review" })}>
        <div ref={containerRef}>
          {atGuard ? (
            <p role="status" className="mb-4 rounded-lg bg-slate-900 px-4 py-2.5 text-sm text-white" data-testid="flow-leave-hint">
              {t("common.leaveHint")}
            </p>
          ) : null}
          <div className="mb-6 flex flex-col gap-3">
            {back || edited ? (
              <button
                type="button"
                data-testid="flow-back"
                onClick={() => navigate(editing?.origin !== "review" && back ? { step: back, origin: "back" } : null)}
                className={cn(
                  "-ml-2 inline-flex min-h-11 items-center gap-1 self-start rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100",
                  focusRing,
                )}
              >
                <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
                  <path
                    fillRule="evenodd"
                    d="M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z"
                    clipRule="evenodd"
                  />
                </svg>
                {editing?.origin === "review" ? t("common.backToSummary") : t("common.back")}
              </button>
            ) : null}
            <StepProgress index={index} total={round.length} />
          </div>
          {resubmission && !edited ? (
            <div role="note" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="flow-resubmission">
              <p className="font-semibold">{t("resubmit.title")}</p>
              <p className="mt-0.5">{t("resubmit.body", { org })}</p>
              <p className="mt-2">
                <span className="font-medium">{t("resubmit.reason")}: </span>
                {applicantText(resubmission.message, locale) ?? t("resubmit.fallback")}
              </p>
              <p className="mt-2" data-testid="flow-resubmission-steps">
                <span className="font-medium">{t("resubmit.steps")}: </span>
                {round.map(stepName).join(", ")}
              </p>
            </div>
          ) : null}
          <StepViewContext.Provider value={stepView}>
            <Step key={step.name} sessionId={sessionId} state={state} step={step} isLast={isLast} editing={!!edited} onDone={done} locale={locale} />
          </StepViewContext.Provider>
          {offerHandoff ? <HandoffOffer sessionId={sessionId} prominent /> : null}
        </div>
      </EditStepContext.Provider>
    </HandoffSessionContext.Provider>
  );
}
