/**
 * What a step type is (ARCHITECTURE.md: "A step type is one module in server/steps/ registered
 * once"). Each type is one `StepType` object in `server/steps/<type>/<type>-step.ts`, listed once
 * in ./registry.ts; the hosted flow (server/flow/), the check pipeline
 * (server/checks/step-checks.ts), the builder's catalog and publishing (server/workflows/) look the
 * type up there instead of branching on it. The browser-safe part of a type (its settings and
 * input schemas, `<type>.schemas.ts`) is also listed in ./step-types.ts for the dashboard's
 * builder; the flow's component of each type is in components/flow/steps/step-registry.ts.
 *
 * Settings reach every hook parsed by the type's own `settings` schema (defaults applied); a
 * published workflow's settings always parse (server/workflows/workflow.schemas.ts validates them).
 */
import type { z } from "zod";
import type { Actor } from "../audit/write-audit";
import type { CheckRow } from "../checks/check.dto";
import type { Db, Tx } from "../db";
import type { FlowContext, FlowSessionRow } from "../flow/flow-session";

/** The session types a step type suits: `kyc` an individual, `kyb` a business. */
export type VerificationType = "kyc" | "kyb";

/** A check a submitted step plans: a country check key of the catalog (server/checks/catalog.ts) and its input. */
export interface PlannedCheck {
  key: string;
  /** Parsed again by the check's own input schema when the check is prepared (server/checks/run-check.ts). */
  input: Record<string, unknown>;
}

/** A step of a session as stored: its type and the data the flow stored for it. */
export interface StoredStep {
  type: string;
  data: unknown;
}

/** A step of the session the flow loaded (server/flow/flow-session.ts). */
export type FlowStepRow = FlowSessionRow["steps"][number];

/** What the applicant's input schema may depend on. */
export interface InputContext<S> {
  settings: S;
  session: FlowSessionRow;
}

/** What submitting a step gets: the parsed settings and input, and the session it belongs to. */
export interface SubmitContext<S, I> {
  db: Db;
  flow: FlowContext;
  session: FlowSessionRow;
  step: FlowStepRow;
  settings: S;
  /** The payload, parsed by the type's `input` schema. */
  input: I;
  /** The applicant, for audit rows and what the step creates. */
  actor: Actor;
  /**
   * Verifies that `ids` are uploads of this step with the upload kinds `kinds`, in order.
   * @throws DomainError parameter_invalid (`param: "files"`, message `file_required`) otherwise.
   */
  checkFiles(ids: readonly string[], kinds: readonly string[]): Promise<void>;
  /**
   * Runs check `key` of this step now, in this request (server/checks/run-check.ts `runCheck`),
   * for an input that must not be stored (`CheckDefinition.storedInput`).
   * @returns the finished check's id and creation time (the step's `submittedAt`).
   */
  runCheck(key: string, input: Record<string, unknown>): Promise<{ id: string; createdAt: Date }>;
}

/** What a submitted step stores (server/flow/submit-step.ts `recordStep`). */
export interface Submission {
  /** The step's data (`session.steps.<name>`), unless `prepare` returns other data. */
  data: Record<string, unknown>;
  /** How the applicant gave it (`manual_entry`, `upload`, `camera`, `otp`...): the step's `method`. */
  method: string;
  /** Runs in the transaction that stores the step; returns the data to store instead of `data`. */
  prepare?: (tx: Tx) => Promise<Record<string, unknown>>;
  /** Runs after that transaction committed. */
  afterCommit?: () => Promise<void>;
  /**
   * The step's submission time, when the type ran its checks before storing it (the checks that
   * count are those created since the submission, server/checks/current-checks.ts); default now.
   */
  submittedAt?: Date;
}

/** What planning a submitted step's checks reads. */
export interface PlanContext<S> {
  settings: S;
  /** The data the flow stored for the step (`{}` when none). */
  data: Record<string, unknown>;
  /** The step's recorded `method`. */
  method: string | null | undefined;
  /** Every step of the session with its data, for checks that compare across steps (the selfie with the document photo). */
  steps: readonly StoredStep[];
}

/** A problem of a step's settings found when publishing, at `path` inside the step's settings. */
export interface PublishProblem {
  path: (string | number)[];
  message: string;
}

/**
 * Everything about one step type. `S` is its parsed settings, `I` its parsed applicant input.
 * Hooks are methods (not function properties) so that a `StepType<TPanSettings, TPanInput>` is a
 * `StepType` of the registry's list.
 */
export interface StepType<S = unknown, I = unknown> {
  /** The type's name (`ZStepType`): the key of ./registry.ts and ./step-types.ts. */
  type: string;
  /** The builder's label and one-line description (server/workflows/workflow-catalog.ts). */
  label: string;
  description: string;
  /** Session types the builder offers the type for. */
  for: readonly VerificationType[];
  /** The settings schema: the builder's form, draft and publish validation, the hooks' `settings`. */
  settings: z.ZodType<S>;
  /** The applicant's input schema; messages are i18n keys of the flow's dictionary. */
  input(ctx: InputContext<S>): z.ZodType<I>;
  /**
   * What submitting the step does, once the input parsed: further checks, what to store, what to
   * run in the storing transaction and after it.
   * @throws DomainError (the hosted flow's codes: parameter_invalid, step_not_available, ...).
   */
  submit(ctx: SubmitContext<S, I>): Promise<Submission>;
  /**
   * A check of this step that the applicant acts on outside the flow (catalog `awaitsApplicant`:
   * the reverse penny drop's UPI payment) finished before the step was submitted: the submission
   * to store for the applicant (server/flow/submit-step.ts `takeAwaitedCheck`), or null when the
   * check is no answer about them (the request expired: the step stays open).
   */
  awaitedCheck?(ctx: { session: FlowSessionRow; check: CheckRow }): Pick<Submission, "data" | "method" | "submittedAt"> | null;
  /** The checks a submitted step plans, in order; none when omitted. */
  plannedChecks?(ctx: PlanContext<S>): PlannedCheck[];
  /** The step is verified by a one-time code on this channel (server/flow/flow-otp.ts). */
  otp?: "phone" | "email";
  /** The settings the flow's page gets (`flow.state`); the parsed settings when omitted. */
  flowSettings?(settings: S, session: FlowSessionRow): Record<string, unknown>;
  /** What the flow's page may show of the stored data (review summary, edit links); all of it when omitted. */
  publicValues?(data: Record<string, unknown>): Record<string, unknown>;
  /** The upload kinds the step takes (server/flow/upload-step-file.ts); none when omitted. */
  uploadKinds?(settings: S, session: FlowSessionRow): string[];
  /** True while the session must not go to `processing` although its required steps are submitted. */
  holdsProcessing?(tx: Db | Tx, sessionId: string): Promise<boolean>;
  /** Problems of the settings that only the project's data shows, checked when the workflow is published. */
  publishProblems?(tx: Tx, projectId: string, settings: S): Promise<PublishProblem[]>;
}

/** A step type with its settings and input types inferred from its schemas. */
export function defineStep<S, I>(step: StepType<S, I>): StepType<S, I> {
  return step;
}
