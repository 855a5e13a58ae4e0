/**
 * Runs one check (decisions.md "Checks"): parse and validate the input offline (fail fast
 * with an error_code, no provider call), reuse a fresh registry answer for the same
 * normalized input (`from_cache`), else ask the provider, retrying when it cannot answer
 * (`error` is final only after the retries and never counts as `failed`).
 */
import { createHash } from "node:crypto";
import type { Db } from "../db";
import { DomainError } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { ProviderUnavailableError } from "../providers/provider";
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
 * @throws DomainError parameter_invalid when the input does not match the check's schema
 *   (direct checks surface this as a 400); offline validation failures are recorded as a
 *   `failed` check instead, because they are an answer about the applicant's data.
 */
export async function runCheck(db: Db, req: RunCheckInput, retry: RetryPolicy = DEFAULT_RETRY): Promise<CheckRow> {
  const def = resolveCheck(req.key, req.country);
  const parsed = def.input.safeParse(req.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError("parameter_invalid", issue?.message ?? "Invalid check input.", {
      param: issue?.path.join(".") || undefined,
      details: parsed.error.issues.map((i) => ({ param: i.path.join("."), message: i.message })),
    });
  }
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

  const provider = providerFor(req.mode, def.key);
  const row = await db.check.create({
    data: { id: newId("check"), ...base, provider: provider.name, status: "running", inputHash },
    select: { id: true },
  });
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await provider.verify(def.key, input);
      return db.check.update({
        where: { id: row.id },
        data: {
          status: answer.status,
          errorCode: answer.errorCode,
          score: answer.score,
          verifiedBy: answer.verifiedBy,
          result: answer.result as InputJsonValue,
          attempts: attempt,
          finishedAt: new Date(),
        },
        select: checkSelect,
      });
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      const retryable = err.errorCode !== "provider_not_configured";
      if (!retryable || attempt >= retry.attempts) {
        return db.check.update({
          where: { id: row.id },
          data: { status: "error", errorCode: err.errorCode, attempts: attempt, finishedAt: new Date() },
          select: checkSelect,
        });
      }
      await sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
