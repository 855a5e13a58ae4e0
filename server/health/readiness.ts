/**
 * Health probes (issue 17), without authentication and without personal data:
 * - GET /healthz: the process is alive and answers (no dependency is touched);
 * - GET /readyz: the dependencies a request needs answer: the database (`SELECT 1`), the virus
 *   scanner (clamd `PING`, server/uploads/ping-clamd.ts; no clamd configured counts as failing,
 *   since every upload would be refused) and the evidence storage (a read of a key that does not
 *   exist: the filesystem under DATA_DIR or the S3 bucket answers, credentials included).
 *   200 when all pass, else 503 naming each failing part. Each probe is given `timeoutMs`.
 */
import type { Db } from "../db";
import type { BlobStore } from "../evidence/blob-store";
import { pingClamd } from "../uploads/ping-clamd";
import type { ScannerConfig } from "../uploads/upload-config";

export type ReadinessPart = "database" | "scanner" | "storage";

export interface Readiness {
  status: "ready" | "unavailable";
  /** Each part: `ok`, or `failing` with a short reason (no data, no secrets). */
  checks: Record<ReadinessPart, { status: "ok" | "failing"; ms: number; reason?: string }>;
  /** The failing parts, in the order above. */
  failing: ReadinessPart[];
}

export interface ReadinessDeps {
  db: () => Promise<Db>;
  scanner: () => ScannerConfig;
  store: () => BlobStore;
  timeoutMs?: number;
}

/** The key read from the store: never written (blob keys are `<project>/<session>/<file>`). */
const PROBE_KEY = "_readyz-probe";

function withTimeout<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work().finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
  ]);
}

async function probe(run: () => Promise<void>, timeoutMs: number): Promise<Readiness["checks"][ReadinessPart]> {
  const t0 = performance.now();
  try {
    await withTimeout(run, timeoutMs);
    return { status: "ok", ms: Math.round(performance.now() - t0) };
  } catch (err) {
    return { status: "failing", ms: Math.round(performance.now() - t0), reason: ((err as Error).message || String(err)).slice(0, 200) };
  }
}

/** Probes the database, the scanner and the storage in parallel. Never throws. */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 3000;
  const [database, scanner, storage] = await Promise.all([
    probe(async () => {
      await (
        await deps.db()
      ).$queryRaw`SELECT 1`;
    }, timeoutMs),
    probe(async () => {
      const { clamd } = deps.scanner();
      if (!clamd) throw new Error("no clamd configured (CLAMD_SOCKET or CLAMD_HOST/CLAMD_PORT)");
      if (!(await pingClamd(clamd, timeoutMs))) throw new Error("clamd does not answer PING");
    }, timeoutMs),
    probe(async () => {
      await deps.store().get(PROBE_KEY);
    }, timeoutMs),
  ]);
  const checks = { database, scanner, storage };
  const failing = (Object.keys(checks) as ReadinessPart[]).filter((part) => checks[part].status === "failing");
  return { status: failing.length ? "unavailable" : "ready", checks, failing };
}
