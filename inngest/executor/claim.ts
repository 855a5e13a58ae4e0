/**
 * Claiming runs and holding their leases. A claim is one atomic `FOR UPDATE SKIP LOCKED`
 * statement (store.claimRun) that sets a lease and a fencing token; the pool executes each
 * claimed run under a {@link Lease} renewed every third of its length, and every later write of
 * the worker is conditional on the token, so a worker whose lease was taken over stops touching
 * the run ({@link LeaseLostError}).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../server/db";
import type { PollRound } from "./poll-loop";
import * as store from "./store";

/** A worker's lease was taken over; the worker stops touching the run. */
export class LeaseLostError extends Error {}

/** The lease of one claimed run, renewed by a heartbeat until `end()`. */
export class Lease {
  private lost = false;
  private readonly heartbeat: ReturnType<typeof setInterval>;

  /**
   * Starts the heartbeat: every `ms / 3` (at least 50 ms) the lease is extended to `ms` from now.
   * @param id the fencing token the claim wrote (`lease_id`).
   */
  constructor(
    db: Db,
    readonly runId: string,
    readonly id: string,
    readonly ms: number,
  ) {
    this.heartbeat = setInterval(
      () => {
        store.renewLease(db, runId, id, ms).then(
          (ok) => {
            if (!ok) this.lost = true;
          },
          (err: unknown) => console.error(`[inngest-executor] lease renewal of run ${runId} failed:`, err),
        );
      },
      Math.max(50, Math.floor(ms / 3)),
    );
  }

  /** @throws LeaseLostError when a renewal found the lease taken over. */
  assertHeld(): void {
    if (this.lost) throw new LeaseLostError();
  }

  /**
   * The result of a write conditional on the lease.
   * @throws LeaseLostError when the write found another lease (`null` / `false`) or a renewal did.
   */
  must<T>(value: T | null | false): T {
    if (value === null || value === false || this.lost) throw new LeaseLostError();
    return value;
  }

  /** Stops the heartbeat (the run was finished, parked, released or lost). */
  end(): void {
    clearInterval(this.heartbeat);
  }
}

/** Executes one claimed run under its lease; LeaseLostError ends it quietly. */
export type RunExecutor = (run: store.ClaimedRun, lease: Lease) => Promise<void>;

/** The runs this process executes at once, at most `concurrency`. */
export class WorkerPool {
  private readonly inFlight = new Set<Promise<void>>();

  /**
   * @param execute runs one claimed run.
   * @param onFinished called after each run's execution ended (e.g. to poll again at once).
   */
  constructor(
    private readonly db: Db,
    private readonly limits: { concurrency: number; leaseMs: number },
    private readonly execute: RunExecutor,
    private readonly onFinished: () => void,
  ) {}

  /** Runs executing now. */
  get size(): number {
    return this.inFlight.size;
  }

  /**
   * Claims due runs of `functionIds` (the functions this process serves) and starts them, until
   * the pool is full, nothing is due or `keepClaiming()` turns false; marks `round` when it claimed.
   */
  async fill(functionIds: string[], round: PollRound, keepClaiming: () => boolean): Promise<void> {
    while (keepClaiming() && this.inFlight.size < this.limits.concurrency) {
      const leaseId = randomUUID();
      const run = await store.claimRun(this.db, leaseId, this.limits.leaseMs, functionIds);
      if (!run) break;
      round.claimedAny = true;
      this.start(run, new Lease(this.db, run.id, leaseId, this.limits.leaseMs));
    }
  }

  /** Resolves when every run executing now has ended. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private start(run: store.ClaimedRun, lease: Lease): void {
    const p: Promise<void> = this.execute(run, lease)
      .catch((err: unknown) => {
        if (err instanceof LeaseLostError) {
          console.warn(`[inngest-executor] run ${run.id} of ${run.function_id}: lease lost, another worker took over.`);
          return;
        }
        // Database trouble mid-run: the lease expires and the run is claimed again.
        console.error(`[inngest-executor] run ${run.id} of ${run.function_id} could not be processed:`, err);
      })
      .finally(() => {
        lease.end();
        this.inFlight.delete(p);
        this.onFinished();
      });
    this.inFlight.add(p);
  }
}
