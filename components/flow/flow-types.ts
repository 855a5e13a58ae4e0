import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/trpc/root";
import type { Locale } from "./i18n/locales";

export type FlowState = inferRouterOutputs<AppRouter>["flow"]["state"];
export type FlowSession = FlowState["session"];
export type FlowStep = FlowState["steps"][number];
export type SessionStatus = FlowSession["status"];

/** What every step component (components/flow/steps/<type>-step.tsx) receives. */
export interface StepProps {
  sessionId: string;
  state: FlowState;
  step: FlowStep;
  /** Last step of this round: its button says "Submit" and sends the session to processing. */
  isLast: boolean;
  /** The applicant came back to a submitted step (review's edit links, Back). */
  editing: boolean;
  /** Called after the step was submitted (or kept unchanged while editing). */
  onDone: () => void;
  locale: Locale;
}

/** Statuses in which the applicant can still enter data. */
export const EDITABLE_STATUSES: readonly SessionStatus[] = ["created", "started", "in_progress", "resubmission_requested"];
/** Statuses the applicant sees as an outcome (no more input, no more polling). */
export const OUTCOME_STATUSES: readonly SessionStatus[] = ["approved", "declined", "review", "expired", "cancelled"];
