/**
 * Events into the embedded executor: validation of what the client sends, and storing an event
 * with what it triggers (a queued run per matching function, the waiters it resolves) in the
 * caller's transaction. Event ids dedupe, as in Inngest: an id seen before triggers nothing.
 */
import { randomUUID } from "node:crypto";
import { concurrencySlot, type FunctionEntry } from "./config";
import type { FunctionTable } from "./functions";
import { resolveWaiters } from "./schedule";
import { derivedEventId, type IncomingEvent, InvalidEventError } from "./sink";
import * as store from "./store";

/**
 * Checks and completes events as the client sent them: ids derived from the SDK's `seed` when
 * absent, `ts` defaulting to now (epoch ms).
 * @throws InvalidEventError for an event without a name, with non-object `data` or an empty `id`.
 */
export function normalizeEvents(events: IncomingEvent[], seed: string | undefined): store.StoredEvent[] {
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

/**
 * Stores one event and schedules what it triggers, inside the caller's transaction: a run of
 * each function it triggers and the waiters it resolves, or with `only`, just a run of that
 * function (a cron tick).
 */
export async function ingestEvent(sql: store.Sql, functions: FunctionTable, event: store.StoredEvent, only?: FunctionEntry): Promise<void> {
  if (!(await store.insertEvent(sql, event))) return; // seen before: Inngest dedupes on event id
  const targets = only ? [only] : functions.triggeredBy(event);
  for (const fn of targets) {
    const slot = concurrencySlot(fn, event);
    await store.insertRun(sql, { id: `run_${randomUUID().replaceAll("-", "")}`, functionId: fn.id, event, ...(slot ? { concurrency: slot } : {}) });
  }
  if (only) return;
  await resolveWaiters(sql, event);
}
