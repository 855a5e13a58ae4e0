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
 *
 * This module composes the parts, each holding its own state: ./functions.ts (the synced
 * functions), ./ingest.ts (events in), ./poll-loop.ts (the worker loop and its wake-ups),
 * ./claim.ts (claims, leases, the runs in flight), ./run-driver.ts (one run through the SDK's
 * step protocol), ./schedule.ts (sleeps, waiters, crons) and ./wakeups.ts (LISTEN/NOTIFY
 * between processes on PostgreSQL).
 */
import type { Db } from "../../server/db";
import { WorkerPool } from "./claim";
import type { FunctionEntry } from "./config";
import { DEFAULT_SERVE_URL, FunctionTable, syncFunctions } from "./functions";
import { ingestEvent, normalizeEvents } from "./ingest";
import { PollLoop } from "./poll-loop";
import { RunDriver } from "./run-driver";
import { CronSchedule } from "./schedule";
import { type EventSink, type IncomingEvent, setEventSink } from "./sink";
import * as store from "./store";
import type { WakeChannel } from "./wakeups";

/** Tuning of the executor; every field is optional. */
export interface ExecutorOptions {
  /** Runs executed at once by this process (default 4). */
  concurrency?: number;
  /** Milliseconds between polls while runs execute (default 250); `kick()` wakes the loop at once. */
  pollIntervalMs?: number;
  /**
   * Longest wait between polls while idle (default 30 000): the wait doubles from
   * `pollIntervalMs` up to it, cut short by the next due time and by wake-ups.
   */
  maxIdleMs?: number;
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
  /**
   * Wake-ups across processes (PostgreSQL LISTEN/NOTIFY, ./wakeups.ts): stored events are
   * announced on it and the loop listens to it. Unset: in-process wake-ups only (PGlite).
   */
  wakeups?: WakeChannel;
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

/** Creates an embedded executor. Nothing runs before `start()`. */
export function createExecutor({ db, handler, options = {}, registerSink = true, wakeups }: CreateExecutorArgs): Executor {
  const pollMs = options.pollIntervalMs ?? 250;
  const leaseMs = options.leaseMs ?? 60_000;

  const functions = new FunctionTable();
  const ingestOne = (sql: store.Sql, event: store.StoredEvent, only?: FunctionEntry) => ingestEvent(sql, functions, event, only);
  const crons = new CronSchedule(db, functions, pollMs, ingestOne);
  const driver: RunDriver = new RunDriver({
    db,
    handler,
    functions,
    isRunning: () => loop.isRunning,
    ingest: ingestOne,
    wake: () => loop.wake(),
    leaseMs,
    maxSteps: options.maxSteps ?? 1_000,
    backoff: { baseMs: options.backoffBaseMs ?? 5_000, maxMs: options.backoffMaxMs ?? 15 * 60_000, random: options.random ?? Math.random },
  });
  const pool: WorkerPool = new WorkerPool(
    db,
    { concurrency: options.concurrency ?? 4, leaseMs },
    (run, lease) => driver.execute(run, lease),
    () => loop.wake(),
  );
  const loop: PollLoop = new PollLoop(
    pollMs,
    Math.max(pollMs, options.maxIdleMs ?? 30_000),
    async (round) => {
      await crons.fireDue();
      await pool.fill(functions.ids, round, () => loop.isRunning);
      if (!round.claimedAny && pool.size === 0) round.dueInMs = (await store.msUntilNextDue(db, functions.ids)) ?? undefined;
    },
    () => pool.size > 0,
  );
  /** The start in progress or done (cleared by `stop()` and by a failed start). */
  let starting: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  const executor: Executor = {
    async ingest(events: IncomingEvent[], seed?: string) {
      const list = normalizeEvents(events, seed);
      if (!functions.size && !loop.isRunning) throw new Error("The embedded Inngest executor is not started.");
      await db.$transaction(async (tx) => {
        for (const e of list) await ingestOne(tx, e);
        await wakeups?.notify(tx);
      }, store.TX_LIMITS);
      loop.wake();
      return list.map((e) => e.id);
    },
    kick: () => loop.wake(),
    functions: () => functions.all(),

    start() {
      starting ??= (async () => {
        functions.replace(await syncFunctions(handler, options.serveUrl ?? DEFAULT_SERVE_URL));
        await crons.register(new Date());
        if (registerSink) setEventSink(executor);
        stopListening = await wakeups?.listen(() => loop.wake());
        loop.start();
      })().catch((err: unknown) => {
        starting = undefined;
        throw err;
      });
      return starting;
    },

    async stop() {
      await starting?.catch(() => {});
      starting = undefined;
      if (!loop.isRunning) return;
      await stopListening?.();
      stopListening = undefined;
      await loop.stop();
      await pool.drain();
      if (registerSink) setEventSink(undefined);
      loop.releaseIdleWaiters();
    },

    idle(timeoutMs = 30_000) {
      return loop.idle(timeoutMs);
    },

    async settled(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Runs still unfinished after ${timeoutMs} ms`);
        await executor.idle(left);
        if ((await store.countOpenRuns(db, functions.ids)) === 0 && pool.size === 0) return;
        await new Promise((r) => setTimeout(r, Math.min(pollMs, 100)));
      }
    },
  };
  return executor;
}
