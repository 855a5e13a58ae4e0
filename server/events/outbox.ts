/**
 * Transactional outbox (ARCHITECTURE.md: "Nothing is sent before it is committed").
 *
 * `emitEvent(tx, ...)` writes a public event (decisions.md "Webhooks" envelope, no personal
 * data) and its relay message in the caller's transaction; `enqueue(tx, ...)` writes an
 * internal message only. After the transaction commits, the use case calls
 * `outboxCommitted()` so the relay (inngest/relay.ts) picks the rows up at once instead of at
 * its next poll.
 */
import { EventEmitter } from "node:events";
import type { Tx } from "../db";
import type { Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { API_VERSION } from "../api-version";
import { newId } from "../ids";
import type { TCheckCompletedEvent, TEvent, TSessionEvent } from "./event.schemas";

/** What `emitEvent` writes: a session event or `check.completed`, with its data. */
export type EventPayload = Pick<TSessionEvent, "type" | "data"> | Pick<TCheckCompletedEvent, "type" | "data">;

/**
 * A stored envelope in its documented key order (jsonb storage does not keep key order):
 * `id, object, type, api_version, created_at, mode, data`, and `data.session` as
 * `id, reference_id, status, decision, decision_source`.
 */
export function orderedEnvelope(stored: unknown): TEvent {
  const e = stored as TEvent;
  const data =
    "session" in e.data
      ? { ...e.data, session: { id: e.data.session.id, reference_id: e.data.session.reference_id, status: e.data.session.status, decision: e.data.session.decision, decision_source: e.data.session.decision_source } }
      : e.data;
  return { id: e.id, object: e.object, type: e.type, api_version: e.api_version, created_at: e.created_at, mode: e.mode, data } as TEvent;
}

/** The envelope as the JSON text webhook deliveries carry (and sign). */
export function serializeEnvelope(stored: unknown): string {
  return JSON.stringify(orderedEnvelope(stored));
}

const signal = new EventEmitter();
const globalSignal = globalThis as unknown as { __kycOutboxSignal?: EventEmitter };
globalSignal.__kycOutboxSignal ??= signal;

/** Subscribe to "rows were committed" notifications (the relay does). */
export function onOutboxCommitted(listener: () => void): () => void {
  globalSignal.__kycOutboxSignal!.on("committed", listener);
  return () => globalSignal.__kycOutboxSignal!.off("committed", listener);
}

/** Tell the relay that outbox rows were committed. Call after `$transaction` resolves. */
export function outboxCommitted(): void {
  globalSignal.__kycOutboxSignal!.emit("committed");
}

/** Writes an internal outbox message (relayed as Inngest event `name`, id = message id). */
export async function enqueue(tx: Tx, name: string, data: InputJsonValue, id = newId("outbox")): Promise<string> {
  await tx.outboxMessage.create({ data: { id, name, data } });
  return id;
}

/**
 * Writes a public event and its relay message (Inngest event `app/<type>` whose id is the
 * `evt_` id, so Inngest dedupes retries). Returns the envelope.
 */
export async function emitEvent(
  tx: Tx,
  e: { projectId: string; mode: Mode; sessionId?: string; checkId?: string } & EventPayload,
  now = new Date(),
): Promise<TEvent> {
  const envelope = {
    id: newId("event"),
    object: "event",
    type: e.type,
    api_version: API_VERSION,
    created_at: now.toISOString(),
    mode: e.mode,
    data: e.data,
  } as TEvent;
  await tx.event.create({
    data: { id: envelope.id, projectId: e.projectId, mode: e.mode, type: e.type, payload: envelope as unknown as InputJsonValue, createdAt: now },
  });
  await enqueue(
    tx,
    `app/${e.type}`,
    { eventId: envelope.id, projectId: e.projectId, mode: e.mode, type: e.type, ...(e.sessionId ? { sessionId: e.sessionId } : {}), ...(e.checkId ? { checkId: e.checkId } : {}) },
    envelope.id,
  );
  return envelope;
}
