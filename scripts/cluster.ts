/**
 * Cluster mode of `npm run serve` (issue 17, "Every core used"): N worker processes, each a
 * plain `next start` (Next 16 has no cluster mode of its own and needs no custom server for
 * this), started by a node:cluster primary so that they all accept connections on one port (the
 * primary owns the listening socket and hands connections to the workers in turn). A worker that
 * exits is replaced; the primary gives up when workers keep dying at start.
 *
 * Several workers share everything through PostgreSQL: sessions, idempotency keys, rate limits
 * (`RATE_LIMIT_STORE=postgres`, the default there), the embedded executor's runs (claimed with
 * `FOR UPDATE SKIP LOCKED`, woken with LISTEN/NOTIFY) and the outbox (event ids dedupe). The
 * embedded PGlite is single-process: one worker only.
 */
import cluster, { type Worker } from "node:cluster";
import { createRequire } from "node:module";

/** Workers that die within this long after their start count as failing at start. */
const EARLY_EXIT_MS = 10_000;
/** Early exits in a row after which the primary stops replacing workers and exits. */
const MAX_EARLY_EXITS = 5;
/** How long workers get to finish their requests after SIGTERM before they are killed. */
const STOP_GRACE_MS = 30_000;

/**
 * Number of workers: `requested` (WEB_CONCURRENCY) when set, else one per core on PostgreSQL
 * and 1 on the embedded database.
 * @throws Error when more than one worker is requested on the embedded database.
 */
export function workerCount(requested: number | undefined, embedded: boolean, cores: number): number {
  if (embedded) {
    if (requested !== undefined && requested > 1) {
      throw new Error(
        `WEB_CONCURRENCY=${requested}: the embedded database (PGlite) is single-process; set DATABASE_URL (PostgreSQL) for more than one worker.`,
      );
    }
    return 1;
  }
  return requested ?? Math.max(1, cores);
}

export interface ClusterOptions {
  workers: number;
  port: number;
  /** Address to listen on (`next start -H`); unset: Next's default (every interface). */
  hostname?: string;
  /** The app's directory (where `.next` is). */
  dir: string;
}

/**
 * Starts the workers and keeps them running until SIGTERM / SIGINT, which stops them (each gets
 * STOP_GRACE_MS to finish) and resolves with the exit code for the primary.
 */
export function runCluster(opts: ClusterOptions): Promise<number> {
  const nextBin = createRequire(`${opts.dir}/package.json`).resolve("next/dist/bin/next");
  cluster.setupPrimary({ exec: nextBin, args: ["start", "-p", String(opts.port), ...(opts.hostname ? ["-H", opts.hostname] : [])], cwd: opts.dir });
  const startedAt = new Map<Worker, number>();
  let earlyExits = 0;
  let stopping = false;

  return new Promise<number>((resolve) => {
    const fork = () => startedAt.set(cluster.fork({ NEXT_TELEMETRY_DISABLED: "1" }), Date.now());
    const stop = (code: number) => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      if (!workers.length) return resolve(code);
      const killer = setTimeout(() => workers.forEach((w) => w.process.kill("SIGKILL")), STOP_GRACE_MS);
      let left = workers.length;
      for (const w of workers) {
        w.once("exit", () => {
          if (--left === 0) {
            clearTimeout(killer);
            resolve(code);
          }
        });
        w.process.kill("SIGTERM");
      }
    };
    cluster.on("exit", (worker, code, signal) => {
      const lived = Date.now() - (startedAt.get(worker) ?? 0);
      startedAt.delete(worker);
      if (stopping) return;
      earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0;
      console.error(`[serve] worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) after ${Math.round(lived / 1000)} s`);
      if (earlyExits >= MAX_EARLY_EXITS) {
        console.error(`[serve] ${earlyExits} workers in a row exited within ${EARLY_EXIT_MS / 1000} s of their start: giving up.`);
        stop(1);
        return;
      }
      fork();
    });
    process.once("SIGTERM", () => stop(0));
    process.once("SIGINT", () => stop(0));
    for (let i = 0; i < opts.workers; i++) fork();
  });
}
