/**
 * The embedded executor's SQL (tables of the "Embedded Inngest executor" section of
 * prisma/schema.prisma). Every statement is a single atomic statement; none holds a
 * transaction while user code runs (PGlite serves one connection for the whole process).
 *
 * - Claiming: one `UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED) RETURNING`, which
 *   is safe with several processes on one PostgreSQL. The claim sets a lease (`locked_until`)
 *   and a fencing token (`lease_id`); every later write of the worker is conditional on that
 *   token, so a worker whose lease expired (and was taken over) cannot overwrite anything.
 * - Times: the database clock decides what is due and leases (`now() AT TIME ZONE 'UTC'`, the
 *   columns are UTC `timestamp(3)`); scheduled times are passed as epoch milliseconds.
 */
import type { Db, Tx } from "../../server/db";
import type { MemoEntry } from "./protocol";

/** Raw SQL access shared by the client and a transaction client. */
export type Sql = Pick<Db | Tx, "$queryRawUnsafe" | "$executeRawUnsafe">;

const NOW = `(now() AT TIME ZONE 'UTC')`;
/** SQL for the UTC timestamp of epoch milliseconds in parameter `$n`. */
const at = (n: number) => `(to_timestamp($${n}::double precision / 1000) AT TIME ZONE 'UTC')`;
const inMs = (n: number) => `(${NOW} + ($${n}::double precision * interval '1 millisecond'))`;

/** Limits of the executor's few multi-statement transactions (ingesting events, a cron tick, a failure with its event), in ms. */
export const TX_LIMITS = { maxWait: 10_000, timeout: 30_000 };

/** Run statuses that are not finished. */
export const OPEN_STATUSES = ["queued", "retrying", "sleeping", "waiting"] as const;
export type RunStatus = (typeof OPEN_STATUSES)[number] | "completed" | "failed";

/** A claimed run, as the worker needs it. */
export interface ClaimedRun {
  id: string;
  function_id: string;
  event: Record<string, unknown>;
  status: RunStatus;
  steps: Record<string, MemoEntry>;
  stack: string[];
  attempt: number;
}

/** Fresh memo state of a run after a write. */
export interface RunState {
  steps: Record<string, MemoEntry>;
  stack: string[];
}

/** An event as stored and as passed to functions (`event` / `events[0]`). */
export interface StoredEvent {
  id: string;
  name: string;
  data: Record<string, unknown>;
  ts: number;
  v?: string;
}

/**
 * Claims the oldest due run of one of `functionIds` (the functions this process serves, so a
 * process of an older deploy leaves runs of newer functions alone) that no live lease holds and
 * whose concurrency slot has room.
 * @returns the run, or `null` when nothing is due.
 */
export async function claimRun(sql: Sql, leaseId: string, leaseMs: number, functionIds: string[]): Promise<ClaimedRun | null> {
  const rows = await sql.$queryRawUnsafe<ClaimedRun[]>(
    // `busy` counts the leased runs per concurrency key once, instead of once per candidate row:
    // with a key at its limit, many queued runs of that key are passed over before one is found
    `WITH busy AS (
       SELECT concurrency_key, count(*) AS n FROM inngest_runs
       WHERE concurrency_key IS NOT NULL AND locked_until >= ${NOW}
       GROUP BY concurrency_key)
     UPDATE inngest_runs SET locked_until = ${inMs(1)}, lease_id = $2
     WHERE id = (
       SELECT r.id FROM inngest_runs r
       LEFT JOIN busy b ON b.concurrency_key = r.concurrency_key
       WHERE r.status IN ('queued', 'retrying', 'sleeping', 'waiting')
         AND r.function_id IN (SELECT jsonb_array_elements_text($3::jsonb))
         AND r.next_run_at <= ${NOW}
         AND (r.locked_until IS NULL OR r.locked_until < ${NOW})
         AND (r.concurrency_limit IS NULL OR coalesce(b.n, 0) < r.concurrency_limit)
       ORDER BY r.next_run_at, r.id
       LIMIT 1
       FOR UPDATE OF r SKIP LOCKED)
     RETURNING id, function_id, event, status, steps, stack, attempt`,
    leaseMs,
    leaseId,
    JSON.stringify(functionIds),
  );
  return rows[0] ?? null;
}

/** Extends the lease; `false` when the lease was lost. */
export async function renewLease(sql: Sql, runId: string, leaseId: string, leaseMs: number): Promise<boolean> {
  const n = await sql.$executeRawUnsafe(`UPDATE inngest_runs SET locked_until = ${inMs(3)} WHERE id = $1 AND lease_id = $2`, runId, leaseId, leaseMs);
  return n > 0;
}

/** The run's current memo state, or `null` when the lease was lost. */
export async function readRunState(sql: Sql, runId: string, leaseId: string): Promise<RunState | null> {
  const rows = await sql.$queryRawUnsafe<RunState[]>(`SELECT steps, stack FROM inngest_runs WHERE id = $1 AND lease_id = $2`, runId, leaseId);
  return rows[0] ?? null;
}

/**
 * Memoizes one step result (merged into what is stored, appended to the stack once), resets the
 * attempt counter and renews the lease.
 * @returns the fresh state, or `null` when the lease was lost.
 */
export async function memoizeStep(sql: Sql, runId: string, leaseId: string, leaseMs: number, stepId: string, entry: MemoEntry): Promise<RunState | null> {
  const rows = await sql.$queryRawUnsafe<RunState[]>(
    `UPDATE inngest_runs SET
       steps = steps || jsonb_build_object($3::text, $4::jsonb),
       stack = CASE WHEN stack @> jsonb_build_array($3::text) THEN stack ELSE stack || jsonb_build_array($3::text) END,
       attempt = 0, error = NULL, locked_until = ${inMs(5)}, updated_at = ${NOW}
     WHERE id = $1 AND lease_id = $2
     RETURNING steps, stack`,
    runId,
    leaseId,
    stepId,
    JSON.stringify(entry),
    leaseMs,
  );
  return rows[0] ?? null;
}

/**
 * Parks the run until `atMs` (epoch ms) with `status` and releases the lease; with `memo`, also
 * memoizes that step (a sleep's `null` result is written when the sleep starts, since the run is
 * not invoked again before it ends).
 * @returns `false` when the lease was lost.
 */
export async function parkRun(
  sql: Sql,
  runId: string,
  leaseId: string,
  p: { status: "queued" | "retrying" | "sleeping"; atMs: number; attempt: number; error?: unknown; memo?: { stepId: string; entry: MemoEntry } },
): Promise<boolean> {
  const memo = p.memo
    ? `, steps = steps || jsonb_build_object($7::text, $8::jsonb),
         stack = CASE WHEN stack @> jsonb_build_array($7::text) THEN stack ELSE stack || jsonb_build_array($7::text) END`
    : "";
  const params: unknown[] = [runId, leaseId, p.status, p.atMs, p.attempt, p.error === undefined ? null : JSON.stringify(p.error)];
  if (p.memo) params.push(p.memo.stepId, JSON.stringify(p.memo.entry));
  const n = await sql.$executeRawUnsafe(
    `UPDATE inngest_runs SET status = $3, next_run_at = ${at(4)}, attempt = $5, error = $6::jsonb${memo},
       locked_until = NULL, lease_id = NULL, updated_at = ${NOW}
     WHERE id = $1 AND lease_id = $2`,
    ...params,
  );
  return n > 0;
}

/**
 * Parks the run in `step.waitForEvent`: inserts the waiter and sets status `waiting` until the
 * timeout, atomically, and releases the lease.
 * @returns `false` when the lease was lost (then no waiter is written).
 */
export async function parkWaiting(
  sql: Sql,
  runId: string,
  leaseId: string,
  w: { waiterId: string; stepId: string; eventName: string; condition: string | null; expiresAtMs: number },
): Promise<boolean> {
  const rows = await sql.$queryRawUnsafe<{ run_id: string }[]>(
    `WITH r AS (
       UPDATE inngest_runs SET status = 'waiting', next_run_at = ${at(7)}, attempt = 0, error = NULL,
         locked_until = NULL, lease_id = NULL, updated_at = ${NOW}
       WHERE id = $1 AND lease_id = $2
       RETURNING id, next_run_at)
     INSERT INTO inngest_waiters (id, run_id, step_id, event_name, condition, expires_at, created_at)
     SELECT $3, r.id, $4, $5, $6, r.next_run_at, ${NOW} FROM r
     ON CONFLICT (run_id, step_id) DO UPDATE SET event_name = EXCLUDED.event_name, condition = EXCLUDED.condition, expires_at = EXCLUDED.expires_at
     RETURNING run_id`,
    runId,
    leaseId,
    w.waiterId,
    w.stepId,
    w.eventName,
    w.condition,
    w.expiresAtMs,
  );
  return rows.length > 0;
}

/**
 * A waiting run was claimed at its timeout: removes its waiter and memoizes `null` for the
 * step, atomically. When an event resolved the waiter first, nothing changes.
 * @returns the fresh state if this call timed the waiter out, else `null`.
 */
export async function timeOutWaiter(sql: Sql, runId: string, leaseId: string): Promise<RunState | null> {
  const rows = await sql.$queryRawUnsafe<RunState[]>(
    `WITH r AS (SELECT id FROM inngest_runs WHERE id = $1 AND lease_id = $2),
     w AS (DELETE FROM inngest_waiters WHERE run_id IN (SELECT id FROM r) RETURNING run_id, step_id)
     UPDATE inngest_runs x SET
       steps = x.steps || jsonb_build_object(w.step_id, '{"type":"data","data":null}'::jsonb),
       stack = x.stack || jsonb_build_array(w.step_id),
       status = 'queued', attempt = 0, updated_at = ${NOW}
     FROM w WHERE x.id = w.run_id
     RETURNING x.steps, x.stack`,
    runId,
    leaseId,
  );
  return rows[0] ?? null;
}

/**
 * Finishes the run (`completed` with `output`, or `failed` with `error`) and releases the lease.
 * @returns `false` when the lease was lost.
 */
export async function finishRun(
  sql: Sql,
  runId: string,
  leaseId: string,
  f: { status: "completed" | "failed"; output?: unknown; error?: unknown },
): Promise<boolean> {
  const n = await sql.$executeRawUnsafe(
    `UPDATE inngest_runs SET status = $3, output = $4::jsonb, error = $5::jsonb, finished_at = ${NOW},
       locked_until = NULL, lease_id = NULL, updated_at = ${NOW}
     WHERE id = $1 AND lease_id = $2`,
    runId,
    leaseId,
    f.status,
    f.output === undefined ? null : JSON.stringify(f.output),
    f.error === undefined ? null : JSON.stringify(f.error),
  );
  return n > 0;
}

/** Releases the lease without changing anything else (the run is due again at once). */
export async function releaseRun(sql: Sql, runId: string, leaseId: string): Promise<void> {
  await sql.$executeRawUnsafe(`UPDATE inngest_runs SET locked_until = NULL, lease_id = NULL WHERE id = $1 AND lease_id = $2`, runId, leaseId);
}

/** Stores an event unless its id was seen before; `true` when it is new. */
export async function insertEvent(sql: Sql, e: StoredEvent): Promise<boolean> {
  const rows = await sql.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO inngest_events (id, name, data, ts, received_at) VALUES ($1, $2, $3::jsonb, $4::bigint, ${NOW})
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    e.id,
    e.name,
    JSON.stringify(e.data),
    Math.trunc(e.ts),
  );
  return rows.length > 0;
}

/** Creates a queued run of `functionId` for the event (ignored if it exists). */
export async function insertRun(
  sql: Sql,
  r: { id: string; functionId: string; event: StoredEvent; concurrency?: { key: string; limit: number } },
): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO inngest_runs (id, function_id, event_id, event, status, next_run_at, concurrency_key, concurrency_limit, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, 'queued', ${NOW}, $5, $6::int, ${NOW}, ${NOW})
     ON CONFLICT (function_id, event_id) DO NOTHING`,
    r.id,
    r.functionId,
    r.event.id,
    JSON.stringify(r.event),
    r.concurrency?.key ?? null,
    r.concurrency?.limit ?? null,
  );
}

/** Live waiters for an event name, with the triggering event of their run. */
export async function waitersFor(sql: Sql, eventName: string): Promise<{ id: string; condition: string | null; run_event: unknown }[]> {
  return sql.$queryRawUnsafe(
    `SELECT w.id, w.condition, r.event AS run_event FROM inngest_waiters w JOIN inngest_runs r ON r.id = w.run_id
     WHERE w.event_name = $1 AND w.expires_at > ${NOW} ORDER BY w.created_at, w.id`,
    eventName,
  );
}

/**
 * Resolves a waiter with `event`: deletes it, memoizes the event as the step's result and makes
 * the run due now, atomically. `false` when the waiter was already gone (timed out or taken).
 */
export async function resolveWaiter(sql: Sql, waiterId: string, event: StoredEvent): Promise<boolean> {
  const rows = await sql.$queryRawUnsafe<{ id: string }[]>(
    `WITH w AS (DELETE FROM inngest_waiters WHERE id = $1 RETURNING run_id, step_id)
     UPDATE inngest_runs x SET
       steps = x.steps || jsonb_build_object(w.step_id, jsonb_build_object('type', 'data', 'data', $2::jsonb)),
       stack = x.stack || jsonb_build_array(w.step_id),
       status = 'queued', attempt = 0, next_run_at = ${NOW}, updated_at = ${NOW}
     FROM w WHERE x.id = w.run_id
     RETURNING x.id`,
    waiterId,
    JSON.stringify(event),
  );
  return rows.length > 0;
}

/** Creates or updates the cron row of a function; the next time is reset only if the cron changed. */
export async function upsertCron(sql: Sql, functionId: string, cron: string, nextMs: number): Promise<void> {
  await sql.$executeRawUnsafe(
    `INSERT INTO inngest_crons (function_id, cron, next_run_at) VALUES ($1, $2, ${at(3)})
     ON CONFLICT (function_id) DO UPDATE SET cron = EXCLUDED.cron, next_run_at = EXCLUDED.next_run_at
     WHERE inngest_crons.cron IS DISTINCT FROM EXCLUDED.cron`,
    functionId,
    cron,
    nextMs,
  );
}

/** Function ids whose cron is due. */
export async function dueCrons(sql: Sql): Promise<string[]> {
  const rows = await sql.$queryRawUnsafe<{ function_id: string }[]>(`SELECT function_id FROM inngest_crons WHERE next_run_at <= ${NOW}`);
  return rows.map((r) => r.function_id);
}

/**
 * Takes a due cron tick: moves `next_run_at` to `nextMs` if (still) due.
 * @returns the epoch ms the tick was due at, or `null` if another worker took it.
 */
export async function takeCronTick(sql: Sql, functionId: string, nextMs: number): Promise<number | null> {
  const rows = await sql.$queryRawUnsafe<{ due: Date }[]>(
    `UPDATE inngest_crons c SET next_run_at = ${at(2)}
     FROM (SELECT function_id, next_run_at FROM inngest_crons WHERE function_id = $1 AND next_run_at <= ${NOW} FOR UPDATE) old
     WHERE c.function_id = old.function_id
     RETURNING old.next_run_at AS due`,
    functionId,
    nextMs,
  );
  const due = rows[0]?.due;
  return due ? new Date(due).getTime() : null;
}

/** Number of runs of `functionIds` not finished yet. */
export async function countOpenRuns(sql: Sql, functionIds: string[]): Promise<number> {
  const rows = await sql.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM inngest_runs
     WHERE status NOT IN ('completed', 'failed') AND function_id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    JSON.stringify(functionIds),
  );
  return rows[0]?.n ?? 0;
}

/**
 * Milliseconds until the earliest scheduled work of `functionIds` comes due: an open run's
 * `next_run_at`, or the end of its lease while one is held (a dead worker's run is taken over
 * then), or a cron's next tick. <= 0 when something is due already; `null` when nothing is
 * scheduled.
 */
export async function msUntilNextDue(sql: Sql, functionIds: string[]): Promise<number | null> {
  const rows = await sql.$queryRawUnsafe<{ ms: number | null }[]>(
    `WITH fns AS (SELECT jsonb_array_elements_text($1::jsonb) AS id)
     SELECT (extract(epoch FROM (min(due) - ${NOW})) * 1000)::float8 AS ms FROM (
       SELECT CASE WHEN locked_until >= ${NOW} THEN locked_until ELSE next_run_at END AS due FROM inngest_runs
       WHERE status IN ('queued', 'retrying', 'sleeping', 'waiting') AND function_id IN (SELECT id FROM fns)
       UNION ALL
       SELECT next_run_at FROM inngest_crons WHERE function_id IN (SELECT id FROM fns)) d`,
    JSON.stringify(functionIds),
  );
  return rows[0]?.ms ?? null;
}
