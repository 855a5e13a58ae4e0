/**
 * Driving one claimed run through the SDK's step protocol (./protocol.ts): invoke the serve
 * handler with the memoized steps, act on its answer (memoize a step and invoke again, run a
 * planned step, park on a sleep or waitForEvent, retry with backoff, finish or fail), until the
 * run finishes or parks. Supports exactly the ops the app uses; any other op fails the run with
 * a clear error. A failed run's `inngest/function.failed` event (onFailure) commits with it.
 */
import type { Db } from "../../server/db";
import { type Lease, LeaseLostError } from "./claim";
import type { FunctionEntry } from "./config";
import type { FunctionTable } from "./functions";
import { invokeFunction, type MemoEntry, type Op, OpCode, type RunResponse } from "./protocol";
import { park, type Parking, parkingFor } from "./schedule";
import * as store from "./store";
import { backoffDelay, retryAfterDelay } from "./time";

/** The event of a failed run, which triggers the function's `onFailure` (Inngest's name). */
export const FAILED_EVENT = "inngest/function.failed";

export interface RunDriverDeps {
  db: Db;
  /** The SDK serve handler (see CreateExecutorArgs). */
  handler: (request: Request) => Promise<Response>;
  functions: FunctionTable;
  /** Whether the executor still runs: a stopping executor releases its runs between steps. */
  isRunning: () => boolean;
  /** Stores an event and schedules what it triggers, inside the caller's transaction. */
  ingest: (sql: store.Sql, event: store.StoredEvent) => Promise<void>;
  /** Polls again at once (after a failure event was stored). */
  wake: () => void;
  /** Lease length in ms (a memoized step renews it). */
  leaseMs: number;
  /** Steps a run may memoize before it is failed. */
  maxSteps: number;
  /** Retry backoff: first delay and upper bound in ms, and the jitter's random source. */
  backoff: { baseMs: number; maxMs: number; random: () => number };
}

/** `Name: message` of a serialized error, for the log. */
function errorSummary(error: unknown): string {
  const e = (error ?? {}) as { name?: unknown; message?: unknown };
  return `${typeof e.name === "string" ? e.name : "Error"}: ${typeof e.message === "string" ? e.message : "unknown error"}`;
}

/** The error of a run that uses something the embedded executor does not implement. */
function unsupported(message: string): { name: string; message: string } {
  return { name: "UnsupportedByEmbeddedExecutor", message };
}

/** What acting on a 206 op list leads to. */
type Next = { state: store.RunState | null } | { stepId: string } | "parked";

export class RunDriver {
  constructor(private readonly deps: RunDriverDeps) {}

  /**
   * Executes `run` until it finishes, parks (sleep, waitForEvent, retry) or fails, or the
   * executor stops (then the run is released for the next process).
   * @throws LeaseLostError when another worker took the run over; database errors (the lease
   *   then expires and the run is claimed again).
   */
  async execute(run: store.ClaimedRun, lease: Lease): Promise<void> {
    const { db, handler, functions, maxSteps } = this.deps;
    const fn = functions.get(run.function_id);
    if (!fn) {
      await this.fail(run, lease, unsupported(`Function "${run.function_id}" is not served by this app.`));
      return;
    }
    let state: store.RunState = { steps: run.steps ?? {}, stack: run.stack ?? [] };
    let attempt = run.attempt;
    if (run.status === "waiting") {
      // claimed at its timeout, unless an event resolved the waiter first
      state = (await store.timeOutWaiter(db, run.id, lease.id)) ?? lease.must(await store.readRunState(db, run.id, lease.id));
      attempt = 0;
    }
    let requestedStep: string | undefined;
    for (;;) {
      if (!this.deps.isRunning()) {
        await store.releaseRun(db, run.id, lease.id); // resumed by the next process/start
        return;
      }
      if (state.stack.length > maxSteps) {
        await this.fail(run, lease, unsupported(`Run exceeded ${maxSteps} steps.`));
        return;
      }
      const res: RunResponse = await invokeFunction(handler, {
        url: fn.url,
        ...(requestedStep ? { stepId: requestedStep } : {}),
        event: run.event,
        steps: state.steps,
        stack: state.stack,
        runId: run.id,
        attempt,
        maxAttempts: fn.maxAttempts,
      });
      requestedStep = undefined;
      lease.assertHeld();

      if (res.kind === "done") {
        lease.must(await store.finishRun(db, run.id, lease.id, { status: "completed", output: res.output }));
        return;
      }
      if (res.kind === "error") {
        if (res.noRetry || attempt + 1 >= fn.maxAttempts) await this.fail(run, lease, res.error);
        else await this.retry(run, lease, attempt, res.error, res.retryAfter);
        return;
      }

      const next = await this.handleOps(run, fn, lease, res.ops, attempt, res.retryAfter);
      if (next === "parked") return;
      if ("stepId" in next) {
        requestedStep = next.stepId;
        continue;
      }
      state = lease.must(next.state);
      attempt = 0;
    }
  }

  /** Fails the run: its `error` and the inngest/function.failed event commit together. */
  private async fail(run: store.ClaimedRun, lease: Lease, error: unknown): Promise<void> {
    await this.deps.db.$transaction(async (tx) => {
      if (!(await store.finishRun(tx, run.id, lease.id, { status: "failed", error }))) throw new LeaseLostError();
      await this.deps.ingest(tx, {
        id: `failed_${run.id}`,
        name: FAILED_EVENT,
        data: { function_id: run.function_id, run_id: run.id, error, event: run.event },
        ts: Date.now(),
      });
    }, store.TX_LIMITS);
    this.deps.wake();
    console.error(`[inngest-executor] run ${run.id} of ${run.function_id} failed: ${errorSummary(error)}`);
  }

  /** Parks the run until its next attempt: `Retry-After` when the function gave one, else exponential backoff with jitter. */
  private async retry(run: store.ClaimedRun, lease: Lease, attempt: number, error: unknown, retryAfter: string | null): Promise<void> {
    const { baseMs, maxMs, random } = this.deps.backoff;
    const now = Date.now();
    const delay = retryAfterDelay(retryAfter, now) ?? backoffDelay(attempt, baseMs, maxMs, random);
    lease.must(await store.parkRun(this.deps.db, run.id, lease.id, { status: "retrying", atMs: now + delay, attempt: attempt + 1, error }));
    console.warn(`[inngest-executor] run ${run.id} of ${run.function_id}: attempt ${attempt + 1} failed (${errorSummary(error)}); retrying in ${delay} ms.`);
  }

  /**
   * Acts on a 206 op list.
   * @returns `{ state }` after memoizing a step (invoke again), `{ stepId }` of a planned step to
   *   run next, or `"parked"` when the run was parked, retried, or failed.
   */
  private async handleOps(run: store.ClaimedRun, fn: FunctionEntry, lease: Lease, ops: Op[], attempt: number, retryAfter: string | null): Promise<Next> {
    const memo = (stepId: string, entry: MemoEntry) =>
      store.memoizeStep(this.deps.db, run.id, lease.id, this.deps.leaseMs, stepId, entry).then((state) => ({ state }));
    const [first] = ops;
    if (ops.length === 1 && first) {
      switch (first.op) {
        case OpCode.StepRun:
          return memo(first.id, { type: "data", data: first.data ?? null });
        case OpCode.StepFailed:
          return memo(first.id, { type: "error", error: first.error });
        case OpCode.StepError:
          if (attempt + 1 >= fn.maxAttempts) return memo(first.id, { type: "error", error: first.error });
          await this.retry(run, lease, attempt, first.error, retryAfter);
          return "parked";
      }
    }
    const planned = ops.find((o) => o.op === OpCode.StepPlanned);
    if (planned) return { stepId: planned.id }; // parallel steps run one at a time (stepId = hashed id)
    if (ops.length === 1 && first) {
      let parking: Parking | null;
      try {
        parking = parkingFor(first, Date.now());
      } catch (err) {
        await this.fail(run, lease, unsupported((err as Error).message));
        return "parked";
      }
      if (parking) {
        lease.must(await park(this.deps.db, run.id, lease.id, parking));
        return "parked";
      }
    }
    const kinds = [...new Set(ops.map((o) => o.op))].join(", ");
    await this.fail(
      run,
      lease,
      unsupported(
        ops.length > 1
          ? `Parallel ${kinds} ops are not supported by the embedded Inngest executor (only parallel step.run).`
          : `Op "${kinds}" is not supported by the embedded Inngest executor (supported: step.run, step.sleep, step.sleepUntil, step.waitForEvent, step.sendEvent).`,
      ),
    );
    return "parked";
  }
}
