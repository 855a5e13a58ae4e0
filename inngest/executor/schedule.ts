/**
 * What runs wait for: time and events. A run parks on a lone `Sleep` op until it ends (the
 * sleep's `null` result is memoized at once) or on a lone `WaitForEvent` op with a waiter until
 * a matching event or the timeout; cron triggers become `inngest/scheduled.timer` events, one
 * per tick, whichever process takes the tick first. Due times live in the database, so parked
 * runs and crons survive restarts.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../server/db";
import { type FunctionEntry, UnsupportedFeatureError } from "./config";
import { evaluateEquality, parseEquality } from "./expressions";
import type { FunctionTable } from "./functions";
import { type Op, OpCode } from "./protocol";
import * as store from "./store";
import { sleepUntil } from "./time";

/** The event of a cron tick (Inngest's name). */
export const CRON_EVENT = "inngest/scheduled.timer";

/** How a run parks: until a time, or until an event (or the timeout). */
export type Parking =
  | { kind: "sleep"; stepId: string; atMs: number }
  | { kind: "wait"; stepId: string; eventName: string; condition: string | null; expiresAtMs: number };

/**
 * The parking of a run whose only op is `op`; null when `op` is neither a sleep nor a waitForEvent.
 * @throws Error (its message fails the run) for a duration the executor cannot read, a
 *   waitForEvent without a timeout, or an `if` that is not a supported equality.
 */
export function parkingFor(op: Op, nowMs: number): Parking | null {
  if (op.op === OpCode.Sleep) return { kind: "sleep", stepId: op.id, atMs: sleepUntil(op.name ?? "", nowMs) };
  if (op.op !== OpCode.WaitForEvent) return null;
  const condition = typeof op.opts?.if === "string" ? op.opts.if : null;
  if (condition) parseEquality(condition);
  if (typeof op.opts?.timeout !== "string") throw new Error(`step.waitForEvent "${op.displayName ?? op.id}" needs a timeout.`);
  return { kind: "wait", stepId: op.id, eventName: op.name ?? "", condition, expiresAtMs: sleepUntil(op.opts.timeout, nowMs) };
}

/** Parks the run and releases its lease; `false` when the lease was lost. */
export function park(db: Db, runId: string, leaseId: string, p: Parking): Promise<boolean> {
  if (p.kind === "sleep") {
    return store.parkRun(db, runId, leaseId, { status: "sleeping", atMs: p.atMs, attempt: 0, memo: { stepId: p.stepId, entry: { type: "data", data: null } } });
  }
  return store.parkWaiting(db, runId, leaseId, {
    waiterId: `wait_${randomUUID().replaceAll("-", "")}`,
    stepId: p.stepId,
    eventName: p.eventName,
    condition: p.condition,
    expiresAtMs: p.expiresAtMs,
  });
}

/** Resolves the live waiters of `event.name` whose condition holds for it, inside the caller's transaction. */
export async function resolveWaiters(sql: store.Sql, event: store.StoredEvent): Promise<void> {
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

/** The cron expressions of a function, as stored in `inngest_crons.cron` and sent in the tick's data. */
const cronKey = (fn: FunctionEntry) => fn.crons.map((c) => c.cron).join("\n");

/** The next tick of any of the function's crons after `from` (epoch ms). @throws UnsupportedFeatureError when none ever fires. */
function nextCronMs(fn: FunctionEntry, from: Date): number {
  const times = fn.crons.map((c) => c.schedule.nextRun(from)?.getTime()).filter((t): t is number => t !== undefined);
  if (!times.length) throw new UnsupportedFeatureError(fn.id, "a cron expression that never fires");
  return Math.min(...times);
}

/** Stores a cron tick's event and queues a run of `fn` for it, inside the caller's transaction. */
export type CronIngest = (sql: store.Sql, event: store.StoredEvent, fn: FunctionEntry) => Promise<void>;

/** Cron triggers of the served functions: registered at start, fired from the poll (at most once per second). */
export class CronSchedule {
  private lastCheck = 0;

  constructor(
    private readonly db: Db,
    private readonly functions: FunctionTable,
    private readonly pollMs: number,
    private readonly ingest: CronIngest,
  ) {}

  /** Creates or updates the cron rows of the served functions (the next tick is reset only when a cron changed). */
  async register(now: Date): Promise<void> {
    for (const fn of this.functions.all()) if (fn.crons.length) await store.upsertCron(this.db, fn.id, cronKey(fn), nextCronMs(fn, now));
  }

  /** Takes the due ticks of the served functions, each with its event and run in one transaction. */
  async fireDue(): Promise<void> {
    if (Date.now() - this.lastCheck < Math.min(1_000, this.pollMs)) return;
    this.lastCheck = Date.now();
    for (const fnId of await store.dueCrons(this.db)) {
      const fn = this.functions.get(fnId);
      if (!fn?.crons.length) continue; // a function this process does not serve (older deploy)
      await this.db.$transaction(async (tx) => {
        const due = await store.takeCronTick(tx, fn.id, nextCronMs(fn, new Date()));
        if (due === null) return;
        await this.ingest(tx, { id: `cron_${fn.id}_${due}`, name: CRON_EVENT, data: { cron: cronKey(fn) }, ts: due }, fn);
      }, store.TX_LIMITS);
    }
  }
}
