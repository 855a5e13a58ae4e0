/**
 * Runs one check (decisions.md "Checks"): parse and validate the input offline (fail fast
 * with an error_code, no provider call), reuse a fresh registry answer for the same
 * normalized input (`from_cache`), else ask the provider, retrying when it cannot answer
 * (`error` is final only after the retries and never counts as `failed`).
 *
 * In three parts so that a durable executor can own the retries:
 * - `prepareCheck`: validate, reuse a cached answer, or create the row `pending`;
 * - `attemptCheck`: one provider call; an answer finishes the check, an outage records its
 *   error code and throws `ProviderUnavailableError` for the caller to retry with backoff;
 * - `giveUpCheck`: the retries are spent, the check ends in `error`.
 * The Inngest functions call them as separate steps, so Inngest retries each check with its
 * backoff (inngest/functions/process-session.ts, run-direct-check.ts); `executeCheck` and
 * `runCheck` retry in the caller's request instead (synchronous direct checks, scripts).
 */
import { recordCheckCall } from "../metrics/metrics";
import { createHash } from "node:crypto";
import type { Db, Tx } from "../db";
import { type DomainError, fromZodError } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { storeEvidence } from "../evidence/evidence";
import { AwaitingApplicantError, type CheckContext, ProviderUnavailableError, type ProviderEvidence, type ProviderResult } from "../providers/provider";
import { failoverChain, parseProviderConfig, providerFor, providerNamed } from "../providers/registry";
import { resolveCheck } from "./catalog";
import { type CallConsent, needsConsent, sessionConsent } from "./check-consent";
import { checkSelect, type CheckRow } from "./check.dto";
import type { TProviderAttempt, TRecordedConsent } from "./check.schemas";

export interface RunCheckInput {
  projectId: string;
  mode: Mode;
  key: string;
  country?: string;
  input: unknown;
  sessionId?: string;
  step?: string;
  /**
   * The consent and purpose the registry call rests on (server/checks/check-consent.ts); a
   * direct check passes what its body sent. When omitted, a session's check takes its consent step's.
   */
  consent?: CallConsent;
}

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** sha256 of the normalized input, for the answer cache. */
function hashInput(input: unknown): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("hex");
}

export interface PrepareOptions {
  /**
   * Record an input that does not match the check's schema as a `failed` check with
   * `error_code: input_invalid` (and the offending parameter names in `result.invalid`)
   * instead of throwing. The session pipeline uses it: stored step data that no longer fits
   * must reach a reviewer, not fail the run.
   */
  recordInvalidInput?: boolean;
}

/** The parameter names of a parse error (never the values: they may be personal data). */
function invalidParams(err: DomainError): string[] {
  const details = (err.details ?? []) as { param?: string }[];
  return [...new Set(details.map((d) => d.param ?? "").filter(Boolean))].slice(0, 20);
}

/**
 * Validates the input and creates the Check row: finished (`failed` on an offline problem,
 * or a cached answer) or `pending` for `attemptCheck` / `executeCheck`.
 * @param db the client or the caller's transaction.
 * @throws DomainError parameter_missing / parameter_invalid / parameter_unknown when the input
 *   does not match the check's schema (a 400 for direct checks), unless `recordInvalidInput`.
 *   Offline validation failures are recorded as a `failed` check instead: they are an answer
 *   about the data.
 * @throws DomainError resource_missing / parameter_missing when the key resolves to no check.
 *
 * A registry check records the consent and purpose it rests on (`req.consent`, else the session's
 * consent step); a live registry check of a session without consent is recorded `failed` with
 * `error_code: consent_missing`, without a provider call.
 */
export async function prepareCheck(db: Db | Tx, req: RunCheckInput, opts: PrepareOptions = {}): Promise<CheckRow> {
  return (await prepare(db, req, opts)).check;
}

/** `prepareCheck`, also returning the parsed input (undefined when it did not parse). */
async function prepare(db: Db | Tx, req: RunCheckInput, opts: PrepareOptions): Promise<{ check: CheckRow; input?: unknown }> {
  const def = resolveCheck(req.key, req.country);
  const consent = req.consent ?? (req.sessionId && needsConsent(def) ? await sessionConsent(db, req.sessionId) : null);
  // whose check it is and which: every row below starts with these
  const identity = {
    consent: (consent?.consent ?? undefined) as InputJsonValue | undefined,
    purpose: consent?.purpose ?? null,
    projectId: req.projectId,
    mode: req.mode,
    sessionId: req.sessionId ?? null,
    step: req.step ?? null,
    capability: def.genericKey.split(".")[0] ?? null,
    checkKey: def.key,
    genericKey: def.genericKey,
  };
  const parsed = def.input.safeParse(req.input);
  if (!parsed.success) {
    const err = fromZodError(parsed.error);
    if (!opts.recordInvalidInput) throw err;
    const check = await db.check.create({
      data: {
        id: newId("check"),
        ...identity,
        provider: null,
        status: "failed",
        errorCode: "input_invalid",
        result: { invalid: invalidParams(err) },
        finishedAt: new Date(),
      },
      select: checkSelect,
    });
    return { check };
  }
  const input = parsed.data;
  // an input holding a one-time secret is never stored, only what `storedInput` keeps of it
  const base = { ...identity, input: (def.storedInput ? def.storedInput(input) : input) as InputJsonValue };

  const problem = def.validate(input) ?? (req.mode === "live" && needsConsent(def) && !consent?.consent ? "consent_missing" : null);
  if (problem) {
    const check = await db.check.create({
      data: { id: newId("check"), ...base, provider: null, status: "failed", errorCode: problem, finishedAt: new Date() },
      select: checkSelect,
    });
    return { check, input };
  }

  // nor is it hashed: no answer of such a check is ever reused (nor of one the applicant acts on)
  const inputHash = def.storedInput || def.awaitsApplicant ? null : hashInput(input);
  const cached = !inputHash
    ? null
    : await db.check.findFirst({
        where: {
          projectId: req.projectId,
          mode: req.mode,
          checkKey: def.key,
          inputHash,
          status: { in: ["passed", "failed", "needs_review"] },
          verifiedBy: "source",
          finishedAt: { gte: new Date(Date.now() - def.cacheTtlSeconds * 1000) },
        },
        orderBy: { finishedAt: "desc" },
        select: { provider: true, status: true, errorCode: true, score: true, result: true, verifiedBy: true },
      });
  if (cached) {
    const check = await db.check.create({
      data: { id: newId("check"), ...base, ...cached, result: cached.result ?? undefined, inputHash, fromCache: true, finishedAt: new Date() },
      select: checkSelect,
    });
    return { check, input };
  }
  // the project's live registry selection matters only for live registry checks
  const project =
    req.mode === "live" && def.answeredBy === "registry"
      ? await db.project.findUnique({ where: { id: req.projectId }, select: { providerConfig: true } })
      : null;
  const check = await db.check.create({
    data: {
      id: newId("check"),
      ...base,
      provider: providerFor(req.mode, def.key, parseProviderConfig(project?.providerConfig)).name,
      status: "pending",
      inputHash,
    },
    select: checkSelect,
  });
  return { check, input };
}

/** What finishing a check writes (its status and answer; `finishedAt` is set by `finishCheck`). */
export type FinishData = Parameters<Db["check"]["updateMany"]>[0]["data"];

/**
 * Records the final answer of a check that is still `pending` or `running`, and runs
 * `onFinished` in the same transaction. When another worker finished it first, nothing is
 * written and `onFinished` is not called: a check finishes (and emits) exactly once.
 * @returns the check as stored after the call.
 */
export async function finishCheck(db: Db, checkId: string, data: FinishData, onFinished?: (tx: Tx, check: CheckRow) => Promise<void>): Promise<CheckRow> {
  const where = { id: checkId, status: { in: ["pending" as const, "running" as const] } };
  const write = (c: Db | Tx) => c.check.updateManyAndReturn({ where, data: { ...data, finishedAt: new Date() }, select: checkSelect });
  const [won] = onFinished
    ? await db.$transaction(async (tx) => {
        const rows = await write(tx);
        if (rows[0]) await onFinished(tx, rows[0]);
        return rows;
      })
    : await write(db);
  return won ?? db.check.findUniqueOrThrow({ where: { id: checkId }, select: checkSelect });
}

/** A provider error that waiting and asking again can cure (not a missing configuration). */
function isRetryable(err: ProviderUnavailableError): boolean {
  return err.errorCode !== "provider_not_configured";
}

export interface AttemptOptions {
  /**
   * This is the last attempt: an outage finishes the check in `error` instead of throwing.
   * Default false.
   */
  final?: boolean;
  /** Runs in the transaction that records the answer (e.g. to emit `check.completed`). */
  onFinished?: (tx: Tx, check: CheckRow) => Promise<void>;
  /**
   * The parsed input to verify, for a check whose input is not stored (`CheckDefinition.storedInput`):
   * only the request that received it can answer it. Without it such a check ends in `error`,
   * `error_code: input_not_kept` (e.g. the request died between creating and answering it).
   */
  input?: unknown;
  /**
   * The one-time code the applicant entered, for a check completed with an OTP (catalog
   * `awaitsOtp`, server/checks/check-otp.ts): only the provider recorded on the check is asked (the
   * code belongs to the request it opened), and the code is never stored.
   */
  otp?: string;
}

/**
 * The provider call context of a stored check: whose it is, the consent and purpose it rests on
 * (recorded when it was prepared) and `request`, what `begin` opened for it (null when none).
 */
export function storedCheckContext(
  row: { id: string; projectId: string; mode: Mode; sessionId: string | null; consent: unknown; purpose: string | null },
  request: Record<string, unknown> | null,
): CheckContext {
  return {
    projectId: row.projectId,
    mode: row.mode,
    sessionId: row.sessionId,
    consent: (row.consent ?? null) as TRecordedConsent | null,
    purpose: row.purpose,
    checkId: row.id,
    request,
  };
}

/**
 * One attempt of a `pending` (or interrupted `running`) check: the provider recorded on it, then, when
 * it answers `provider_unavailable` or `provider_timeout`, the next providers of the project's live
 * failover chain (server/providers/registry.ts `failoverChain`) until one answers. Each provider call
 * is appended to the check's `provider_attempts` (provider, outcome, latency); the provider that
 * answered becomes the check's `provider`. The check's `attempts` counts every attempt, including
 * one interrupted by a crash. A check that is already finished is returned as it is, so calling
 * again is safe.
 * @returns the finished check: the provider's answer, or `error` when the provider could not
 *   answer and the attempt was `final` or the error is not retryable (`provider_not_configured`);
 *   or, for a check the applicant has not acted on yet (`AwaitingApplicantError`), the check `pending` again.
 * @throws ProviderUnavailableError (`provider_timeout`, `provider_unavailable`) when no provider of the
 *   chain could answer and the caller should retry later; the last code is kept on the check
 *   (`error_code`, status `running`) for `giveUpCheck`.
 * @throws whatever else the provider or the database throws (the check stays `running`).
 */
export async function attemptCheck(db: Db, checkId: string, opts: AttemptOptions = {}): Promise<CheckRow> {
  // claim the attempt in one statement: a finished check is left alone and returned as it is
  const [row] = await db.check.updateManyAndReturn({
    where: { id: checkId, status: { in: ["pending", "running"] } },
    data: { status: "running", attempts: { increment: 1 } },
    select: {
      id: true,
      checkKey: true,
      step: true,
      mode: true,
      input: true,
      projectId: true,
      sessionId: true,
      attempts: true,
      provider: true,
      providerAttempts: true,
      consent: true,
      purpose: true,
      result: true,
    },
  });
  if (!row) return db.check.findUniqueOrThrow({ where: { id: checkId }, select: checkSelect });
  const def = resolveCheck(row.checkKey);
  if (opts.input === undefined && def.storedInput) {
    return finishCheck(db, checkId, { status: "error", errorCode: "input_not_kept", attempts: row.attempts }, opts.onFinished);
  }
  // the project's live order matters only for live registry checks
  const project =
    row.mode === "live" && def.answeredBy === "registry"
      ? await db.project.findUnique({ where: { id: row.projectId }, select: { providerConfig: true } })
      : null;
  const chain =
    opts.otp === undefined
      ? failoverChain(row.mode, row.checkKey, row.provider, parseProviderConfig(project?.providerConfig))
      : [providerNamed(row.mode, row.checkKey, row.provider)];
  const context = {
    // what `begin` opened, for a check the applicant acts on (server/checks/awaiting-check.ts)
    ...storedCheckContext(row, def.awaitsApplicant || opts.otp !== undefined ? ((row.result ?? null) as Record<string, unknown> | null) : null),
    ...(opts.otp === undefined ? {} : { otp: opts.otp }),
  };
  const calls: TProviderAttempt[] = [];
  const attempts = Array.isArray(row.providerAttempts) ? (row.providerAttempts as TProviderAttempt[]) : [];
  let outage: ProviderUnavailableError | null = null;
  for (const [i, provider] of chain.entries()) {
    const started = Date.now();
    const at = new Date(started).toISOString();
    try {
      const answer = await provider.verify(row.checkKey, opts.input ?? row.input, context);
      recordCheckCall(row.checkKey, provider.name, answer.status, started);
      calls.push({ provider: provider.name, outcome: answer.status, latency_ms: Date.now() - started, at });
      const result = await answerResult(db, row, answer);
      return finishCheck(
        db,
        checkId,
        {
          provider: provider.name,
          providerAttempts: [...attempts, ...calls] as InputJsonValue,
          status: answer.status,
          errorCode: answer.errorCode,
          score: answer.score,
          verifiedBy: answer.verifiedBy,
          result: result as InputJsonValue,
          attempts: row.attempts,
        },
        opts.onFinished,
      );
    } catch (err) {
      if (err instanceof AwaitingApplicantError) {
        // the applicant has not acted yet: the check waits again, and this read was no attempt
        await db.check.updateMany({ where: { id: checkId, status: "running" }, data: { status: "pending", attempts: row.attempts - 1 } });
        return db.check.findUniqueOrThrow({ where: { id: checkId }, select: checkSelect });
      }
      if (!(err instanceof ProviderUnavailableError)) {
        recordCheckCall(row.checkKey, provider.name, "unavailable", started);
        throw err;
      }
      calls.push({ provider: provider.name, outcome: err.errorCode, latency_ms: Date.now() - started, at });
      outage = err;
      // fail over to the next provider only when this one could not answer now (issue 19 item 3)
      const failover = err.errorCode !== "provider_not_configured" && i < chain.length - 1;
      const final = !failover && (opts.final || !isRetryable(err));
      recordCheckCall(row.checkKey, provider.name, final ? "error" : "unavailable", started);
      if (!failover) break;
    }
  }
  const err = outage!;
  const providerAttempts = [...attempts, ...calls] as InputJsonValue;
  if (opts.final || !isRetryable(err)) return finishCheck(db, checkId, { status: "error", errorCode: err.errorCode, providerAttempts }, opts.onFinished);
  await db.check.updateMany({ where: { id: checkId, status: "running" }, data: { errorCode: err.errorCode, providerAttempts } });
  throw err;
}

/**
 * The retries of a check are spent: it ends in `error` with the code of its last outage
 * (`provider_unavailable` when none was recorded, e.g. the worker kept crashing). No-op for a
 * finished check.
 * @returns the check as stored.
 */
export async function giveUpCheck(db: Db, checkId: string, onFinished?: (tx: Tx, check: CheckRow) => Promise<void>): Promise<CheckRow> {
  const row = await db.check.findUniqueOrThrow({ where: { id: checkId }, select: checkSelect });
  if (row.status !== "pending" && row.status !== "running") return row;
  return finishCheck(db, checkId, { status: "error", errorCode: row.errorCode ?? "provider_unavailable" }, onFinished);
}

/**
 * Asks the provider for a `pending` (or interrupted `running`) check, retrying an outage in
 * this call (`retry.attempts` calls in all, waiting `baseDelayMs * 2^(n-1)` between them), and
 * records the answer. A check that is already finished is returned as it is.
 * @param opts `onFinished` and `input` as for `attemptCheck`.
 */
export async function executeCheck(db: Db, checkId: string, retry: RetryPolicy = DEFAULT_RETRY, opts: Omit<AttemptOptions, "final"> = {}): Promise<CheckRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptCheck(db, checkId, { ...opts, final: attempt >= retry.attempts });
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      await sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}

/**
 * The `result` a provider answer records: its files stored as evidence of the check's session (none
 * for direct checks), their ids added as `evidence_ids`.
 */
export async function answerResult(
  db: Db,
  check: { projectId: string; sessionId: string | null; step: string | null },
  answer: Pick<ProviderResult, "result" | "evidence">,
): Promise<Record<string, unknown>> {
  const evidenceIds = await storeAnswerEvidence(db, check, answer.evidence ?? []);
  return evidenceIds.length ? { ...answer.result, evidence_ids: evidenceIds } : answer.result;
}

/** Stores the files of a provider answer as evidence of the check's session (none for direct checks). */
async function storeAnswerEvidence(
  db: Db,
  check: { projectId: string; sessionId: string | null; step: string | null },
  files: ProviderEvidence[],
): Promise<string[]> {
  if (!check.sessionId || !files.length) return [];
  const { sessionId, projectId } = check;
  return Promise.all(
    files.map((f) =>
      storeEvidence(db, {
        projectId,
        sessionId,
        step: check.step ?? "checks",
        kind: f.kind,
        contentType: f.contentType,
        data: f.bytes,
        scanStatus: "source_signed",
      }),
    ),
  );
}

/**
 * Prepares and, when needed, executes a check in the caller's request: the only way to answer a
 * check whose input is not stored (`CheckDefinition.storedInput`, the Aadhaar offline e-KYC
 * share code), which is verified with the input in memory.
 */
export async function runCheck(db: Db, req: RunCheckInput, retry: RetryPolicy = DEFAULT_RETRY): Promise<CheckRow> {
  const { check, input } = await prepare(db, req, {});
  return check.status === "pending" ? executeCheck(db, check.id, retry, { input }) : check;
}
