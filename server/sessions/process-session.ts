/**
 * The session pipeline run by the `process-session` Inngest function once a session is
 * `processing` (decisions.md "Session lifecycle": processing -> approved / declined with
 * `decision_source: auto`, or review):
 *
 * 1. `planSessionChecks`: the checks of every submitted step (server/checks/step-checks.ts),
 *    created in one transaction (`pending`, or already finished: offline failure, cached answer).
 * 2. per pending check, `runSessionCheck` (one provider call; an outage throws so that Inngest
 *    retries the step with backoff), then `giveUpSessionCheck` once the retries are spent.
 * 3. `applyAutomaticDecision`: step statuses, the verified profile, duplicates (keyed identity
 *    signals, server/duplicates/), the workflow version's decision rules
 *    (./evaluate-decision.ts) and risk rules (server/risk/), and the move out of `processing`
 *    with the fired rules recorded.
 *
 * Every function is idempotent, so a retried or replayed Inngest step changes nothing twice.
 * `runSessionChecks` does steps 1-2 in one call with in-request retries (tests, scripts).
 */
import type { Db, Tx } from "../db";
import { SYSTEM_ACTOR } from "../audit/write-audit";
import { currentChecks } from "../checks/current-checks";
import { checksForStep } from "../checks/step-checks";
import { attemptCheck, executeCheck, giveUpCheck, prepareCheck, type RetryPolicy } from "../checks/run-check";
import { recordSignalsAndFindDuplicates } from "../duplicates/detect-duplicates";
import { outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import type { SessionStatus, StepStatus } from "../generated/prisma/enums";
import { submittedDocumentSignals } from "../intelligence/document-extractions";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import type { TWorkflowDefinition } from "../workflows/workflow.schemas";
import { buildBusinessProfile } from "../kyb/business-profile";
import { businessMismatches } from "../kyb/cross-checks";
import { keyPeopleSessionIds } from "../kyb/key-people";
import { storeSessionRisk, screeningFacts } from "../risk/session-risk";
import { type CheckFact, type DecisionFacts, type NameFact, evaluateDecision } from "./evaluate-decision";
import { transitionSession } from "./session-state";

/** Most workflow versions whose definitions are kept in memory. */
const DEFINITION_CACHE_MAX = 500;
const definitions = new Map<string, TWorkflowDefinition>();

/**
 * A workflow version's parsed definition, cached per process: a published version never
 * changes (server/workflows/publish-workflow.ts publishes a new number instead), so the cache
 * needs no invalidation. Saves a read and a parse per pipeline step.
 */
async function versionDefinition(db: Db | Tx, versionId: string): Promise<TWorkflowDefinition> {
  const hit = definitions.get(versionId);
  if (hit) return hit;
  const definition = await getWorkflowVersionDefinition(db, versionId);
  if (definitions.size >= DEFINITION_CACHE_MAX) definitions.delete(definitions.keys().next().value!);
  definitions.set(versionId, definition);
  return definition;
}

/** A check the pipeline still has to ask its provider for. */
export interface PendingSessionCheck {
  id: string;
  step: string;
  key: string;
}

export interface SessionCheckPlan {
  /** Every check of the submitted steps (this round), finished or not. */
  checkIds: string[];
  /** The ones still `pending` or `running`. */
  pending: PendingSessionCheck[];
}

/**
 * Creates the checks of every submitted step that has none since its last submission, in one
 * transaction, and lists the ones that still need their provider. Inputs that no longer fit a
 * check's schema become `failed` checks (`input_invalid`), so a reviewer sees them.
 * @returns an empty plan unless the session is `processing`. Only ids, keys and step names:
 *   the plan is memoized by Inngest, so it carries no personal data.
 */
export async function planSessionChecks(db: Db, sessionId: string): Promise<SessionCheckPlan> {
  return db.$transaction(async (tx) => {
    const s = await tx.session.findUniqueOrThrow({
      where: { id: sessionId },
      select: {
        id: true,
        projectId: true,
        mode: true,
        status: true,
        country: true,
        workflowVersionId: true,
        steps: { select: { name: true, type: true, status: true, method: true, data: true, submittedAt: true }, orderBy: { position: "asc" } },
        checks: { select: { id: true, step: true, checkKey: true, status: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      },
    });
    if (s.status !== "processing") return { checkIds: [], pending: [] };
    const definition = await versionDefinition(tx, s.workflowVersionId);
    const round: { id: string; step: string; checkKey: string; status: string }[] = [];
    for (const step of s.steps) {
      if (step.status !== "submitted" || !step.submittedAt) continue;
      const done = s.checks.filter((c) => c.step === step.name && c.createdAt >= step.submittedAt!);
      if (done.length) {
        round.push(...done.map((c) => ({ id: c.id, step: step.name, checkKey: c.checkKey, status: c.status })));
        continue;
      }
      const settings = definition.steps.find((d) => d.name === step.name)?.settings ?? {};
      for (const planned of checksForStep(step.type, settings, step.data, step.method, s.steps)) {
        const check = await prepareCheck(
          tx,
          { projectId: s.projectId, mode: s.mode, key: planned.key, country: s.country, input: planned.input, sessionId: s.id, step: step.name },
          { recordInvalidInput: true },
        );
        round.push({ id: check.id, step: step.name, checkKey: check.checkKey, status: check.status });
      }
    }
    return {
      checkIds: round.map((c) => c.id),
      pending: round.filter((c) => c.status === "pending" || c.status === "running").map((c) => ({ id: c.id, step: c.step, key: c.checkKey })),
    };
  });
}

/**
 * One provider call for a session check (an Inngest step). No-op for a finished check.
 * @returns the check's id and status.
 * @throws ProviderUnavailableError when the provider could not answer: the caller retries.
 */
export async function runSessionCheck(db: Db, checkId: string): Promise<{ id: string; status: string }> {
  const c = await attemptCheck(db, checkId);
  return { id: c.id, status: c.status };
}

/** The retries of a session check are spent: it ends in `error` (no-op when finished). */
export async function giveUpSessionCheck(db: Db, checkId: string): Promise<{ id: string; status: string }> {
  const c = await giveUpCheck(db, checkId);
  return { id: c.id, status: c.status };
}

/**
 * Plans and runs every check of a `processing` session in this call, retrying outages in the
 * request (`retry`). Idempotent. Returns the check ids of this round.
 */
export async function runSessionChecks(db: Db, sessionId: string, retry?: RetryPolicy): Promise<string[]> {
  const plan = await planSessionChecks(db, sessionId);
  for (const c of plan.pending) await executeCheck(db, c.id, retry);
  return plan.checkIds;
}

const STEP_STATUS_BY_CHECK: Record<string, StepStatus> = {
  passed: "passed",
  failed: "failed",
  needs_review: "needs_review",
  error: "needs_review",
};

interface RoundCheck {
  step: string | null;
  checkKey: string;
  genericKey: string;
  provider: string | null;
  status: CheckFact["status"];
  errorCode: string | null;
  score: number | null;
  input: unknown;
  result: unknown;
  createdAt: Date;
}

/** Names held by verified sources: the PAN registry, the UIDAI-signed Aadhaar data, the bank. */
function verifiedNames(checks: RoundCheck[]): NameFact[] {
  const names: NameFact[] = [];
  for (const c of checks) {
    const r = (c.result ?? {}) as Record<string, unknown>;
    if (c.checkKey === "in.pan.verify" && typeof r.registered_name === "string") names.push({ source: "pan_registry", name: r.registered_name });
    if (c.checkKey.startsWith("in.aadhaar.") && r.signature_valid === true && typeof r.name === "string") names.push({ source: "aadhaar", name: r.name });
    if (c.checkKey === "in.bank_account.verify" && typeof r.registered_name === "string") names.push({ source: "bank", name: r.registered_name });
  }
  return names;
}

/**
 * Sets step statuses from their checks, records the verified profile and the duplicates,
 * evaluates the workflow version's decision rules and moves the session out of `processing`:
 * the history row carries the fired rules (`reason`: their names, `note`: why each fired), the
 * session its `review_reasons` (the fired rules unless approved) and, when decided, its
 * `reason_code` (the first fired rule). No-op unless `processing`.
 * @returns the new status, or null when nothing was done.
 */
export async function applyAutomaticDecision(db: Db, sessionId: string): Promise<SessionStatus | null> {
  const result = await db.$transaction(async (tx) => {
    const s = await tx.session.findUniqueOrThrow({
      where: { id: sessionId },
      select: {
        id: true,
        projectId: true,
        mode: true,
        status: true,
        type: true,
        country: true,
        metadata: true,
        parentSessionId: true,
        workflowVersionId: true,
        steps: { select: { name: true, type: true, status: true, required: true, data: true, submittedAt: true } },
        children: { select: { id: true, role: true, status: true } },
        checks: {
          select: {
            step: true,
            checkKey: true,
            genericKey: true,
            provider: true,
            status: true,
            errorCode: true,
            score: true,
            input: true,
            result: true,
            createdAt: true,
          },
          orderBy: { createdAt: "asc" },
        },
      },
    });
    if (s.status !== "processing") return null;
    const definition = await versionDefinition(tx, s.workflowVersionId);
    const checks = currentChecks(s.steps, s.checks);
    const required = new Map(s.steps.map((st) => [st.name, st.required]));

    for (const step of s.steps) {
      if (step.status !== "submitted") continue;
      const own = checks.filter((c) => c.step === step.name);
      const worst = own.find((c) => c.status === "failed") ?? own.find((c) => c.status !== "passed") ?? own[0];
      const status: StepStatus = worst ? (STEP_STATUS_BY_CHECK[worst.status] ?? "needs_review") : "passed";
      await tx.sessionStep.update({ where: { sessionId_name: { sessionId, name: step.name } }, data: { status } });
    }

    const duplicates = await recordSignalsAndFindDuplicates(tx, s, checks);
    const profile = s.type === "kyc" ? buildProfile(s.steps, checks) : buildBusinessProfile(s.steps, checks);
    await tx.session.update({
      where: { id: sessionId },
      data: {
        ...(s.type === "kyc" ? { applicant: profile } : { business: profile }),
        duplicates: duplicates.map((d) => ({ session_id: d.session_id, signals: d.signals })),
      },
    });

    const facts: DecisionFacts = {
      checks: checks.map((c) => ({ ...c, required: c.step ? (required.get(c.step) ?? true) : true })),
      duplicates: duplicates.map((d) => ({ sessionId: d.session_id, status: d.status, signals: d.signals })),
      names: verifiedNames(checks),
      documentSignals: await submittedDocumentSignals(tx, s),
      related: s.children.filter((c) => keyPeopleSessionIds(s.steps).includes(c.id)).map((c) => ({ sessionId: c.id, role: c.role, status: c.status })),
      businessMismatches: businessMismatches(s.steps, checks),
    };
    const decision = evaluateDecision(definition.decision, facts);
    // the risk level first: an approval schedules the periodic review by it (server/risk/)
    await storeSessionRisk(tx, s, definition.risk, { ...facts, screening: screeningFacts(checks) });
    const to = decision.outcome === "approve" ? "approved" : decision.outcome === "decline" ? "declined" : "review";
    await transitionSession(tx, sessionId, "processing", to, {
      actor: SYSTEM_ACTOR,
      reason: decision.reasons.join(", ") || null,
      note: decision.explanations.join("\n") || null,
      reviewReasons: to === "approved" ? [] : decision.reasons,
      ...(to === "review" ? {} : { decision: to, decisionSource: "auto" as const, reasonCode: decision.reasons[0] ?? "no_rule_matched" }),
    });
    return to;
  });
  if (result) outboxCommitted();
  return result;
}

/**
 * Last resort when processing failed for good (the Inngest function's `onFailure`): the
 * unfinished checks end in `error`, then the rules decide (a check in `error` always sends the
 * session to review). If even that fails, the session goes to review with the reason
 * `processing_failed`, so it never stays `processing`. No-op unless `processing`.
 */
export async function failSessionProcessing(db: Db, sessionId: string): Promise<SessionStatus | null> {
  const open = await db.check.findMany({ where: { sessionId, status: { in: ["pending", "running"] } }, select: { id: true } });
  try {
    for (const c of open) await giveUpCheck(db, c.id);
    return await applyAutomaticDecision(db, sessionId);
  } catch (err) {
    console.error(`[process-session] deciding ${sessionId} after a failure failed; sending it to review:`, err);
    const moved = await db.$transaction(async (tx: Tx) => {
      const s = await tx.session.findUniqueOrThrow({ where: { id: sessionId }, select: { status: true } });
      if (s.status !== "processing") return null;
      await transitionSession(tx, sessionId, "processing", "review", {
        actor: SYSTEM_ACTOR,
        reason: "processing_failed",
        reviewReasons: ["processing_failed"],
      });
      return "review" as const;
    });
    if (moved) outboxCommitted();
    return moved;
  }
}

/** Verified profile: what was entered and what verified sources hold, each field marked with its source. */
function buildProfile(steps: { type: string; data: unknown }[], checks: RoundCheck[]): InputJsonValue {
  const profile: Record<string, InputJsonValue> = {};
  const pan = steps.find((st) => st.type === "pan")?.data as { pan?: string; name?: string; dob?: string } | undefined;
  if (pan) {
    const panCheck = checks.find((c) => c.checkKey === "in.pan.verify");
    const verified = panCheck?.status === "passed";
    const answer = (panCheck?.result ?? {}) as { registered_name?: string };
    profile.full_name = { value: answer.registered_name ?? pan.name ?? null, source: verified ? "pan_registry" : "applicant" };
    profile.date_of_birth = { value: pan.dob ?? null, source: "applicant" };
    profile.pan = { value: pan.pan ?? null, source: verified ? "pan_registry" : "applicant", verified };
  }
  const aadhaar = checks.find((c) => c.checkKey.startsWith("in.aadhaar.") && c.status === "passed");
  if (aadhaar) {
    const r = (aadhaar.result ?? {}) as Record<string, unknown>;
    profile.aadhaar = {
      source: "uidai",
      document: (r.document as string | undefined) ?? null,
      name: (r.name as string | undefined) ?? null,
      date_of_birth: (r.dob as string | undefined) ?? null,
      gender: (r.gender as string | undefined) ?? null,
      reference_id_last4: (r.reference_id_last4 as string | undefined) ?? null,
      address: (r.address as InputJsonValue | undefined) ?? null,
    };
    profile.full_name ??= { value: (r.name as string | undefined) ?? null, source: "uidai" };
    if (!pan && typeof r.dob === "string") profile.date_of_birth = { value: r.dob, source: "uidai" };
  }
  const ckyc = checks.find((c) => c.checkKey === "in.ckyc.download" && c.status === "passed");
  if (ckyc) {
    // the CKYC record (RBI: downloaded with the applicant's consent) fills what the skipped steps would have
    const r = (ckyc.result ?? {}) as Record<string, unknown>;
    const value = (k: string) => (typeof r[k] === "string" ? (r[k] as string) : null);
    profile.ckyc = {
      source: "ckyc",
      ckyc_number_masked: value("ckyc_number_masked"),
      kyc_date: value("kyc_date"),
      gender: value("gender"),
      address: (r.address as InputJsonValue | undefined) ?? null,
    };
    profile.full_name ??= { value: value("name"), source: "ckyc" };
    profile.date_of_birth ??= { value: value("dob"), source: "ckyc" };
    if (value("pan")) profile.pan ??= { value: value("pan"), source: "ckyc", verified: true };
  }
  for (const [key, field] of [
    ["in.phone.verify", "phone"],
    ["in.email.verify", "email"],
  ] as const) {
    const c = checks.find((x) => x.checkKey === key);
    const value = (c?.input as Record<string, unknown> | null)?.[field];
    if (typeof value === "string") profile[field] = { value, source: "applicant", verified: c?.status === "passed" };
  }
  return profile;
}
