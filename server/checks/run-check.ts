/**
 * Runs one check (decisions.md "Checks"): parse and validate the input offline (fail fast
 * with an error_code, no provider call), reuse a fresh registry answer for the same
 * normalized input (`from_cache`), else ask the provider, retrying when it cannot answer
 * (`error` is final only after the retries and never counts as `failed`).
 *
 * Split in two so the asynchronous direct check can run the second half in an Inngest
 * function: `prepareCheck` (validate, cache, create the row) and `executeCheck` (provider).
 */
import { createHash } from "node:crypto";
import type { Db, Tx } from "../db";
import { fromZodError } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { storeEvidence } from "../evidence/evidence";
import { ProviderUnavailableError, type ProviderEvidence } from "../providers/provider";
import { providerFor } from "../providers/registry";
import { resolveCheck } from "./catalog";
import { checkSelect, type CheckRow } from "./check.dto";

export interface RunCheckInput {
  projectId: string;
  mode: Mode;
  key: string;
  country?: string;
  input: unknown;
  sessionId?: string;
  step?: string;
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

/**
 * Validates the input and creates the Check row: finished (`failed` on an offline problem,
 * or a cached answer) or `pending` for `executeCheck`.
 * @throws DomainError parameter_missing / parameter_invalid / parameter_unknown when the input
 *   does not match the check's schema (a 400 for direct checks). Offline validation failures
 *   are recorded as a `failed` check instead: they are an answer about the data.
 */
export async function prepareCheck(db: Db, req: RunCheckInput): Promise<CheckRow> {
  const def = resolveCheck(req.key, req.country);
  const parsed = def.input.safeParse(req.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const input = parsed.data;
  const base = {
    projectId: req.projectId,
    mode: req.mode,
    sessionId: req.sessionId ?? null,
    step: req.step ?? null,
    capability: def.genericKey.split(".")[0] ?? null,
    checkKey: def.key,
    genericKey: def.genericKey,
    input: input as InputJsonValue,
  };

  const problem = def.validate(input);
  if (problem) {
    return db.check.create({
      data: { id: newId("check"), ...base, provider: null, status: "failed", errorCode: problem, finishedAt: new Date() },
      select: checkSelect,
    });
  }

  const inputHash = hashInput(input);
  const cached = await db.check.findFirst({
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
    return db.check.create({
      data: { id: newId("check"), ...base, ...cached, result: cached.result ?? undefined, inputHash, fromCache: true, finishedAt: new Date() },
      select: checkSelect,
    });
  }
  return db.check.create({
    data: { id: newId("check"), ...base, provider: providerFor(req.mode, def.key).name, status: "pending", inputHash },
    select: checkSelect,
  });
}

/**
 * Asks the provider for a `pending` (or interrupted `running`) check and records the answer.
 * A check that is already finished is returned as it is (safe to call again).
 * @param onFinished runs in the transaction that records the answer (e.g. to emit an event).
 */
export async function executeCheck(
  db: Db,
  checkId: string,
  retry: RetryPolicy = DEFAULT_RETRY,
  onFinished?: (tx: Tx, check: CheckRow) => Promise<void>,
): Promise<CheckRow> {
  const row = await db.check.findUniqueOrThrow({
    where: { id: checkId },
    select: { ...checkSelect, mode: true, input: true, projectId: true, sessionId: true },
  });
  if (row.status !== "pending" && row.status !== "running") return row;
  const provider = providerFor(row.mode, row.checkKey);
  await db.check.update({ where: { id: checkId }, data: { status: "running" } });
  const finish = (data: Parameters<Db["check"]["update"]>[0]["data"]) =>
    db.$transaction(async (tx) => {
      const done = await tx.check.update({ where: { id: checkId }, data: { ...data, finishedAt: new Date() }, select: checkSelect });
      await onFinished?.(tx, done);
      return done;
    });
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await provider.verify(row.checkKey, row.input, { projectId: row.projectId, mode: row.mode, sessionId: row.sessionId });
      const evidenceIds = await storeAnswerEvidence(db, row, answer.evidence ?? []);
      return finish({
        status: answer.status,
        errorCode: answer.errorCode,
        score: answer.score,
        verifiedBy: answer.verifiedBy,
        result: (evidenceIds.length ? { ...answer.result, evidence_ids: evidenceIds } : answer.result) as InputJsonValue,
        attempts: attempt,
      });
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      const retryable = err.errorCode !== "provider_not_configured";
      if (!retryable || attempt >= retry.attempts) return finish({ status: "error", errorCode: err.errorCode, attempts: attempt });
      await sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }
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

/** Prepares and, when needed, executes a check in the caller's request. */
export async function runCheck(db: Db, req: RunCheckInput, retry: RetryPolicy = DEFAULT_RETRY): Promise<CheckRow> {
  const check = await prepareCheck(db, req);
  return check.status === "pending" ? executeCheck(db, check.id, retry) : check;
}
