/**
 * The embedded Inngest executor (ARCHITECTURE.md "Inngest"): runs the app's functions inside
 * the app process when no Inngest server is configured, by driving the SDK's own serve handler
 * in-process with the SDK's wire protocol (./protocol.ts), durable in the app's database
 * (./store.ts).
 *
 * Supported exactly: step.run (memoized; a finished step's side effect never repeats),
 * step.sleep / sleepUntil, step.waitForEvent (`match`, or `if` of the form
 * `event.data.x == async.data.y`), step.sendEvent, retries with exponential backoff and jitter
 * (function `retries`, NonRetriableError, RetryAfterError), event triggers (with `app/*`
 * wildcards), cron triggers, fn-scoped `concurrency` and `onFailure`. Any other op or config
 * fails loudly (the run fails with a clear error, or `start()` throws).
 *
 * Durability: runs, memoized steps, waiters and crons live in the database. A worker claims a
 * run with one atomic `FOR UPDATE SKIP LOCKED` statement and a lease; no transaction is held
 * while a step runs. Runs that were queued, sleeping, retrying or waiting resume after a
 * restart; a run whose worker died mid-step is claimed again once its lease expires, and only
 * the unfinished step runs again.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../server/db";
import { concurrencySlot, type FunctionEntry, functionMatches, parseFunctionConfig, type SyncedFunctionConfig, UnsupportedFeatureError } from "./config";
import { evaluateEquality, parseEquality } from "./expressions";
import { invokeFunction, type MemoEntry, type Op, OpCode, type RunResponse } from "./protocol";
import { derivedEventId, type EventSink, type IncomingEvent, InvalidEventError, setEventSink } from "./sink";
import * as store from "./store";
import { backoffDelay, retryAfterDelay, sleepUntil } from "./time";

/** Tuning of the executor; every field is optional. */
export interface ExecutorOptions {
  /** Runs executed at once by this process (default 4). */
  concurrency?: number;
  /** Milliseconds between polls for due work (default 250); `kick()` wakes the loop at once. */
  pollIntervalMs?: number;
  /** Lease of a claimed run in ms (default 60 000), renewed every third of it while it runs. */
  leaseMs?: number;
  /** First retry delay in ms (default 5 000); doubles per attempt, with jitter. */
  backoffBaseMs?: number;
  /** Upper bound of a retry delay in ms (default 15 min). */
  backoffMaxMs?: number;
  /** Steps a run may memoize before it is failed (default 1 000, as Inngest's step limit). */
  maxSteps?: number;
  /** Random source for jitter (tests). */
  random?: () => number;
  /** Base URL passed to the in-band sync (only shows in step URLs; default a `.invalid` host). */
  serveUrl?: string;
}

export interface CreateExecutorArgs {
  /** The app's Prisma client (PGlite or PostgreSQL). */
  db: Db;
  /**
   * The SDK serve handler for plain `Request`s of any method (`serve()` from `inngest/next`
   * called as a function). The executor syncs the served functions through it (in-band `PUT`)
   * and executes runs through it (`POST`).
   */
  handler: (request: Request) => Promise<Response>;
  options?: ExecutorOptions;
  /** Install as the process-wide event sink of the client (default true). */
  registerSink?: boolean;
}

/** A running embedded executor. */
export interface Executor extends EventSink {
  /**
   * Syncs the served functions, registers crons and the event sink, and starts polling.
   * @throws UnsupportedFeatureError / UnsupportedExpressionError for a function config outside
   *   the supported subset; Error when the in-band sync fails.
   */
  start(): Promise<void>;
  /** Stops polling, lets in-flight invocations finish (their runs are released) and unregisters. */
  stop(): Promise<void>;
  /** Wakes the worker loop now (called after events are stored). */
  kick(): void;
  /** Resolves once a poll found nothing due and nothing is executing. Rejects after `timeoutMs`. */
  idle(timeoutMs?: number): Promise<void>;
  /**
   * Resolves once every run of the served functions is finished (completed or failed): waits
   * through sleeps, retries and waitForEvent timeouts. Rejects after `timeoutMs` (default 30 s).
   */
  settled(timeoutMs?: number): Promise<void>;
  /** The synced functions (after `start()`). */
  functions(): FunctionEntry[];
}

/** A worker's lease was taken over; the worker stops touching the run. */
class LeaseLostError extends Error {}

const FAILED_EVENT = "inngest/function.failed";
const CRON_EVENT = "inngest/scheduled.timer";
const DEFAULT_SERVE_URL = "http://app.embedded.invalid/api/inngest";

/** Creates an embedded executor. Nothing runs before `start()`. */
export function createExecutor({ db, handler, options = {}, registerSink = true }: CreateExecutorArgs): Executor {
  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollIntervalMs ?? 250;
  const leaseMs = options.leaseMs ?? 60_000;
  const backoffBase = options.backoffBaseMs ?? 5_000;
  const backoffMax = options.backoffMaxMs ?? 15 * 60_000;
  const maxSteps = options.maxSteps ?? 1_000;
  const random = options.random ?? Math.random;

  let fns = new Map<string, FunctionEntry>();
  let servedIds: string[] = [];
  let running = false;
  let starting: Promise<void> | undefined;
  let loopDone: Promise<void> | undefined;
  const inFlight = new Set<Promise<void>>();
  let wakePending = false;
  let wake: (() => void) | undefined;
  let tick = 0;
  let idleWaiters: { afterTick: number; resolve: () => void }[] = [];
  let lastCronCheck = 0;

  function kick(): void {
    wakePending = true;
    wake?.();
  }

  function sleep(ms: number): Promise<void> {
    if (wakePending) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  // ---- sync ---------------------------------------------------------------------------------

  async function sync(): Promise<Map<string, FunctionEntry>> {
    const url = options.serveUrl ?? DEFAULT_SERVE_URL;
    const res = await handler(
      new Request(url, {
        method: "PUT",
        headers: { "Content-Type": "application/json", "x-inngest-sync-kind": "in_band" },
        body: JSON.stringify({ url }),
      }),
    );
    const body = (await res.json().catch(() => null)) as { functions?: SyncedFunctionConfig[] } | null;
    if (res.status !== 200 || res.headers.get("x-inngest-sync-kind") !== "in_band" || !Array.isArray(body?.functions)) {
      throw new Error(
        `In-band sync with the serve handler failed (status ${res.status}); the embedded executor needs it (is INNGEST_ALLOW_IN_BAND_SYNC set to false?).`,
      );
    }
    const table = new Map<string, FunctionEntry>();
    for (const config of body.functions) table.set(config.id, parseFunctionConfig(config));
    return table;
  }

  function nextCronMs(fn: FunctionEntry, from: Date): number {
    const times = fn.crons.map((c) => c.schedule.nextRun(from)?.getTime()).filter((t): t is number => t !== undefined);
    if (!times.length) throw new UnsupportedFeatureError(fn.id, "a cron expression that never fires");
    return Math.min(...times);
  }

  const cronKey = (fn: FunctionEntry) => fn.crons.map((c) => c.cron).join("\n");

  // ---- ingestion ----------------------------------------------------------------------------

  function normalize(events: IncomingEvent[], seed: string | undefined): store.StoredEvent[] {
    const now = Date.now();
    return events.map((e, i) => {
      if (!e || typeof e !== "object" || typeof e.name !== "string" || !e.name) throw new InvalidEventError("Every event needs a non-empty `name`.");
      const data = e.data ?? {};
      if (typeof data !== "object" || data === null || Array.isArray(data)) throw new InvalidEventError(`Event "${e.name}": \`data\` must be an object.`);
      if (e.id !== undefined && (typeof e.id !== "string" || !e.id)) throw new InvalidEventError(`Event "${e.name}": \`id\` must be a non-empty string.`);
      return {
        id: e.id ?? derivedEventId(seed, i),
        name: e.name,
        data: data as Record<string, unknown>,
        ts: typeof e.ts === "number" && Number.isFinite(e.ts) ? e.ts : now,
        ...(typeof e.v === "string" ? { v: e.v } : {}),
      };
    });
  }

  /** Stores one event and schedules what it triggers, inside the caller's transaction. */
  async function ingestOne(sql: store.Sql, event: store.StoredEvent, only?: FunctionEntry): Promise<void> {
    if (!(await store.insertEvent(sql, event))) return; // seen before: Inngest dedupes on event id
    const targets = only ? [only] : [...fns.values()].filter((fn) => functionMatches(fn, event));
    for (const fn of targets) {
      const slot = concurrencySlot(fn, event);
      await store.insertRun(sql, { id: `run_${randomUUID().replaceAll("-", "")}`, functionId: fn.id, event, ...(slot ? { concurrency: slot } : {}) });
    }
    if (only) return;
    for (const w of await store.waitersFor(sql, event.name)) {
      if (w.condition) {
        let matches: boolean;
        try {
          matches = evaluateEquality(parseEquality(w.condition), { event: w.run_event, async: event });
        } catch {
          matches = false; // validated when the waiter was created
        }
        if (!matches) continue;
      }
      await store.resolveWaiter(sql, w.id, event);
    }
  }

  async function ingest(events: IncomingEvent[], seed?: string): Promise<string[]> {
    const list = normalize(events, seed);
    if (!fns.size && !running) throw new Error("The embedded Inngest executor is not started.");
    await db.$transaction(
      async (tx) => {
        for (const e of list) await ingestOne(tx, e);
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    kick();
    return list.map((e) => e.id);
  }

  // ---- crons --------------------------------------------------------------------------------

  async function checkCrons(): Promise<void> {
    if (Date.now() - lastCronCheck < Math.min(1_000, pollMs)) return;
    lastCronCheck = Date.now();
    for (const fnId of await store.dueCrons(db)) {
      const fn = fns.get(fnId);
      if (!fn?.crons.length) continue; // a function this process does not serve (older deploy)
      await db.$transaction(
        async (tx) => {
          const due = await store.takeCronTick(tx, fn.id, nextCronMs(fn, new Date()));
          if (due === null) return;
          const event = { id: `cron_${fn.id}_${due}`, name: CRON_EVENT, data: { cron: cronKey(fn) }, ts: due };
          await ingestOne(tx, event, fn);
        },
        { maxWait: 10_000, timeout: 30_000 },
      );
    }
  }

  // ---- running one claimed run ----------------------------------------------------------------

  function errorSummary(error: unknown): string {
    const e = (error ?? {}) as { name?: unknown; message?: unknown };
    return `${typeof e.name === "string" ? e.name : "Error"}: ${typeof e.message === "string" ? e.message : "unknown error"}`;
  }

  async function fail(run: store.ClaimedRun, leaseId: string, error: unknown): Promise<void> {
    // The run's own `error` and the inngest/function.failed event (onFailure) commit together.
    await db.$transaction(
      async (tx) => {
        if (!(await store.finishRun(tx, run.id, leaseId, { status: "failed", error }))) throw new LeaseLostError();
        const event: store.StoredEvent = {
          id: `failed_${run.id}`,
          name: FAILED_EVENT,
          data: { function_id: run.function_id, run_id: run.id, error, event: run.event },
          ts: Date.now(),
        };
        await ingestOne(tx, event);
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    kick();
    console.error(`[inngest-executor] run ${run.id} of ${run.function_id} failed: ${errorSummary(error)}`);
  }

  function unsupported(message: string): { name: string; message: string } {
    return { name: "UnsupportedByEmbeddedExecutor", message };
  }

  async function processRun(run: store.ClaimedRun, leaseId: string): Promise<void> {
    let lost = false;
    const heartbeat = setInterval(() => {
      store.renewLease(db, run.id, leaseId, leaseMs).then(
        (ok) => {
          if (!ok) lost = true;
        },
        (err: unknown) => console.error(`[inngest-executor] lease renewal of run ${run.id} failed:`, err),
      );
    }, Math.max(50, Math.floor(leaseMs / 3)));
    const must = <T>(value: T | null | false): T => {
      if (value === null || value === false || lost) throw new LeaseLostError();
      return value;
    };
    try {
      const fn = fns.get(run.function_id);
      if (!fn) {
        await fail(run, leaseId, unsupported(`Function "${run.function_id}" is not served by this app.`));
        return;
      }
      let state: store.RunState = { steps: run.steps ?? {}, stack: run.stack ?? [] };
      let attempt = run.attempt;
      if (run.status === "waiting") {
        state = (await store.timeOutWaiter(db, run.id, leaseId)) ?? must(await store.readRunState(db, run.id, leaseId));
        attempt = 0;
      }
      let requestedStep: string | undefined;
      for (;;) {
        if (!running) {
          await store.releaseRun(db, run.id, leaseId); // resumed by the next process/start
          return;
        }
        if (state.stack.length > maxSteps) {
          await fail(run, leaseId, unsupported(`Run exceeded ${maxSteps} steps.`));
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
        if (lost) throw new LeaseLostError();

        if (res.kind === "done") {
          must(await store.finishRun(db, run.id, leaseId, { status: "completed", output: res.output }));
          return;
        }
        if (res.kind === "error") {
          if (res.noRetry || attempt + 1 >= fn.maxAttempts) {
            await fail(run, leaseId, res.error);
          } else {
            await retry(run, leaseId, attempt, res.error, res.retryAfter);
          }
          return;
        }

        const next = await handleOps(run, fn, leaseId, res.ops, attempt, res.retryAfter);
        if (next === "parked") return;
        if (typeof next === "string") {
          requestedStep = next;
          continue;
        }
        state = must(next.state);
        attempt = 0;
      }
    } catch (err) {
      if (err instanceof LeaseLostError) {
        console.warn(`[inngest-executor] run ${run.id} of ${run.function_id}: lease lost, another worker took over.`);
        return;
      }
      throw err;
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function retry(run: store.ClaimedRun, leaseId: string, attempt: number, error: unknown, retryAfter: string | null): Promise<void> {
    const now = Date.now();
    const delay = retryAfterDelay(retryAfter, now) ?? backoffDelay(attempt, backoffBase, backoffMax, random);
    if (!(await store.parkRun(db, run.id, leaseId, { status: "retrying", atMs: now + delay, attempt: attempt + 1, error }))) throw new LeaseLostError();
    console.warn(`[inngest-executor] run ${run.id} of ${run.function_id}: attempt ${attempt + 1} failed (${errorSummary(error)}); retrying in ${delay} ms.`);
  }

  /**
   * Acts on a 206 op list.
   * @returns `{ state }` after memoizing a step (invoke again), a hashed step id to run next,
   *   or `"parked"` when the run was parked, retried, or failed.
   */
  async function handleOps(
    run: store.ClaimedRun,
    fn: FunctionEntry,
    leaseId: string,
    ops: Op[],
    attempt: number,
    retryAfter: string | null,
  ): Promise<{ state: store.RunState | null } | string | "parked"> {
    const memo = (stepId: string, entry: MemoEntry) => store.memoizeStep(db, run.id, leaseId, leaseMs, stepId, entry).then((state) => ({ state }));
    const [first] = ops;
    if (ops.length === 1 && first) {
      switch (first.op) {
        case OpCode.StepRun:
          return memo(first.id, { type: "data", data: first.data ?? null });
        case OpCode.StepFailed:
          return memo(first.id, { type: "error", error: first.error });
        case OpCode.StepError:
          if (attempt + 1 >= fn.maxAttempts) return memo(first.id, { type: "error", error: first.error });
          await retry(run, leaseId, attempt, first.error, retryAfter);
          return "parked";
      }
    }
    const planned = ops.find((o) => o.op === OpCode.StepPlanned);
    if (planned) return planned.id; // parallel steps run one at a time (stepId = hashed id)
    if (ops.length === 1 && first?.op === OpCode.Sleep) {
      let atMs: number;
      try {
        atMs = sleepUntil(first.name ?? "", Date.now());
      } catch (err) {
        await fail(run, leaseId, unsupported((err as Error).message));
        return "parked";
      }
      const ok = await store.parkRun(db, run.id, leaseId, {
        status: "sleeping",
        atMs,
        attempt: 0,
        memo: { stepId: first.id, entry: { type: "data", data: null } },
      });
      if (!ok) throw new LeaseLostError();
      return "parked";
    }
    if (ops.length === 1 && first?.op === OpCode.WaitForEvent) {
      const condition = typeof first.opts?.if === "string" ? first.opts.if : null;
      let expiresAtMs: number;
      try {
        if (condition) parseEquality(condition);
        if (typeof first.opts?.timeout !== "string") throw new Error(`step.waitForEvent "${first.displayName ?? first.id}" needs a timeout.`);
        expiresAtMs = sleepUntil(first.opts.timeout, Date.now());
      } catch (err) {
        await fail(run, leaseId, unsupported((err as Error).message));
        return "parked";
      }
      const ok = await store.parkWaiting(db, run.id, leaseId, {
        waiterId: `wait_${randomUUID().replaceAll("-", "")}`,
        stepId: first.id,
        eventName: first.name ?? "",
        condition,
        expiresAtMs,
      });
      if (!ok) throw new LeaseLostError();
      return "parked";
    }
    const kinds = [...new Set(ops.map((o) => o.op))].join(", ");
    await fail(
      run,
      leaseId,
      unsupported(
        ops.length > 1
          ? `Parallel ${kinds} ops are not supported by the embedded Inngest executor (only parallel step.run).`
          : `Op "${kinds}" is not supported by the embedded Inngest executor (supported: step.run, step.sleep, step.sleepUntil, step.waitForEvent, step.sendEvent).`,
      ),
    );
    return "parked";
  }

  // ---- the loop -------------------------------------------------------------------------------

  function startRun(run: store.ClaimedRun, leaseId: string): void {
    const p: Promise<void> = processRun(run, leaseId)
      .catch((err: unknown) => {
        // Database trouble mid-run: the lease expires and the run is claimed again.
        console.error(`[inngest-executor] run ${run.id} of ${run.function_id} could not be processed:`, err);
      })
      .finally(() => {
        inFlight.delete(p);
        kick();
      });
    inFlight.add(p);
  }

  function notifyIdle(): void {
    const ready = idleWaiters.filter((w) => tick > w.afterTick);
    idleWaiters = idleWaiters.filter((w) => tick <= w.afterTick);
    for (const w of ready) w.resolve();
  }

  async function loop(): Promise<void> {
    while (running) {
      tick++;
      wakePending = false;
      let claimedAny = false;
      try {
        await checkCrons();
        while (running && inFlight.size < concurrency) {
          const leaseId = randomUUID();
          const run = await store.claimRun(db, leaseId, leaseMs, servedIds);
          if (!run) break;
          claimedAny = true;
          startRun(run, leaseId);
        }
      } catch (err) {
        console.error("[inngest-executor] polling failed:", err);
      }
      if (!claimedAny && inFlight.size === 0 && !wakePending) notifyIdle();
      await sleep(pollMs);
    }
  }

  const executor: Executor = {
    ingest,
    kick,
    functions: () => [...fns.values()],

    start() {
      starting ??= (async () => {
        fns = await sync();
        servedIds = [...fns.keys()];
        const now = new Date();
        for (const fn of fns.values()) if (fn.crons.length) await store.upsertCron(db, fn.id, cronKey(fn), nextCronMs(fn, now));
        running = true;
        if (registerSink) setEventSink(executor);
        loopDone = loop();
      })().catch((err: unknown) => {
        starting = undefined;
        throw err;
      });
      return starting;
    },

    async stop() {
      await starting?.catch(() => {});
      starting = undefined;
      if (!running) return;
      running = false;
      kick();
      await loopDone;
      await Promise.allSettled([...inFlight]);
      if (registerSink) setEventSink(undefined);
      for (const w of idleWaiters) w.resolve();
      idleWaiters = [];
    },

    idle(timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Executor not idle after ${timeoutMs} ms`)), timeoutMs);
        idleWaiters.push({
          afterTick: tick,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        kick();
      });
    },

    async settled(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Runs still unfinished after ${timeoutMs} ms`);
        await executor.idle(left);
        if ((await store.countOpenRuns(db, servedIds)) === 0 && inFlight.size === 0) return;
        await new Promise((r) => setTimeout(r, Math.min(pollMs, 100)));
      }
    },
  };
  return executor;
}
