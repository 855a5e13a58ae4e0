/**
 * The outbox relay (ARCHITECTURE.md: "Nothing is sent before it is committed"). Domain code
 * writes `OutboxMessage` rows in its own transactions (server/events/outbox.ts); the relay sends
 * the unsent ones in created order with `inngest.send({ id: row.id, name, data })` and sets
 * `sent_at`. The row id is the event id, so a row sent twice (a crash between send and
 * `sent_at`, or two app processes relaying at once) is deduplicated by Inngest, embedded or
 * real. The same code serves both modes: only the client's destination differs.
 */
import { getDb } from "../server/db";
import { onOutboxCommitted } from "../server/events/outbox";
import { inngest } from "./client";

const BATCH = 100;
const MAX_BACKOFF_MS = 30_000;

export interface RelayOptions {
  /** Milliseconds before the next poll after rows were sent (default 1 000). */
  pollIntervalMs?: number;
  /**
   * Longest wait between polls while nothing is unsent (default 30 000): the wait doubles from
   * `pollIntervalMs` up to it. Rows committed in this process wake the relay at once
   * (`outboxCommitted()`); the poll only catches rows another process left unsent.
   */
  maxIdleMs?: number;
}

interface RelayState {
  running: boolean;
  wakePending: boolean;
  wake?: () => void;
  done?: Promise<void>;
  unsubscribe?: () => void;
}

const g = globalThis as unknown as { __kycOutboxRelay?: RelayState };

/**
 * Sends every unsent outbox row, oldest first, in batches of 100.
 * @returns the number of rows sent.
 * @throws the send error (rows of the failed batch stay unsent).
 */
export async function relayPending(): Promise<number> {
  const db = await getDb();
  let sent = 0;
  for (;;) {
    const rows = await db.outboxMessage.findMany({
      where: { sentAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: BATCH,
      select: { id: true, name: true, data: true },
    });
    if (!rows.length) return sent;
    await inngest.send(rows.map((r) => ({ id: r.id, name: r.name, data: (r.data ?? {}) as Record<string, unknown> })));
    await db.outboxMessage.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { sentAt: new Date() } });
    sent += rows.length;
    if (rows.length < BATCH) return sent;
  }
}

/** Starts the relay loop (idempotent per process); it also wakes on `outboxCommitted()`. */
export function startRelay(options: RelayOptions = {}): void {
  if (g.__kycOutboxRelay?.running) return;
  const pollMs = options.pollIntervalMs ?? 1_000;
  const maxIdleMs = Math.max(pollMs, options.maxIdleMs ?? 30_000);
  const state: RelayState = { running: true, wakePending: true };
  g.__kycOutboxRelay = state;
  state.unsubscribe = onOutboxCommitted(kickRelay);
  state.done = (async () => {
    let delay = pollMs;
    let idleMs = pollMs;
    let failing = false;
    while (state.running) {
      state.wakePending = false;
      try {
        const sent = await relayPending();
        failing = false;
        idleMs = sent ? pollMs : Math.min(idleMs * 2, maxIdleMs);
        delay = idleMs;
      } catch (err) {
        delay = failing ? Math.min(delay * 2, MAX_BACKOFF_MS) : pollMs;
        failing = true;
        console.error(`[outbox-relay] sending outbox events failed (next try in ${delay} ms): ${(err as Error).message}`);
      }
      if (!state.running) break;
      if (state.wakePending && !failing) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, delay);
        function done() {
          clearTimeout(timer);
          state.wake = undefined;
          resolve();
        }
        state.wake = done;
      });
    }
  })();
}

/** Processes unsent rows now (call after a commit that wrote outbox rows). No-op when stopped. */
export function kickRelay(): void {
  const state = g.__kycOutboxRelay;
  if (!state?.running) return;
  state.wakePending = true;
  state.wake?.();
}

/** Stops the relay loop and waits for the batch in progress. */
export async function stopRelay(): Promise<void> {
  const state = g.__kycOutboxRelay;
  if (!state) return;
  g.__kycOutboxRelay = undefined;
  state.running = false;
  state.unsubscribe?.();
  state.wake?.();
  await state.done;
}
