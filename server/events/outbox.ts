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
import { sql, sqlJson, sqlTimestamp, type Sql } from "../sql";
import { subscribedEndpointExistsSql } from "../webhooks/webhook-endpoints";
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
      ? {
          ...e.data,
          session: {
            id: e.data.session.id,
            reference_id: e.data.session.reference_id,
            status: e.data.session.status,
            decision: e.data.session.decision,
            decision_source: e.data.session.decision_source,
          },
        }
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
 * Public event types that an Inngest function other than the webhook fan-out consumes
 * (inngest/functions/process-session.ts on `app/session.processing`,
 * advance-parent-session.ts on `app/session.child_updated`): relayed always. Every
 * other public event is relayed only when an enabled endpoint of the tenant subscribes to it,
 * so a project without webhooks costs no background work per event. Kept in step with the
 * functions' triggers by inngest/relay.test.ts.
 */
export const ALWAYS_RELAYED: ReadonlySet<string> = new Set(["session.processing", "session.child_updated"]);

type EventInput = { projectId: string; mode: Mode; sessionId?: string; checkId?: string } & EventPayload;

function envelopeOf(e: EventInput, now: Date): TEvent {
  return { id: newId("event"), object: "event", type: e.type, api_version: API_VERSION, created_at: now.toISOString(), mode: e.mode, data: e.data } as TEvent;
}

function relayData(e: EventInput, envelope: TEvent): InputJsonValue {
  return {
    eventId: envelope.id,
    projectId: e.projectId,
    mode: e.mode,
    type: e.type,
    ...(e.sessionId ? { sessionId: e.sessionId } : {}),
    ...(e.checkId ? { checkId: e.checkId } : {}),
  };
}

/**
 * `INSERT ... SELECT ... WHERE gate` of the outbox message of an event that needs relaying. Its
 * data carries `webhooks`: whether an enabled endpoint subscribes (the webhook fan-out triggers
 * only on `webhooks == true`, so an always-relayed event nobody subscribes to starts no fan-out).
 */
function relayInsertSql(e: EventInput, envelope: TEvent, gate: Sql): Sql {
  const subscribed = subscribedEndpointExistsSql(e.projectId, e.mode, e.type);
  const always = ALWAYS_RELAYED.has(e.type);
  return sql`INSERT INTO outbox_messages (id, name, data, created_at)
    SELECT ${envelope.id}, ${`app/${e.type}`}, ${sqlJson(relayData(e, envelope))} || jsonb_build_object('webhooks', ${always ? subscribed : sql`TRUE`}),
      ${sqlTimestamp(new Date(envelope.created_at))}
    WHERE (${gate}) AND ${always ? sql`TRUE` : subscribed}
    RETURNING id`;
}

/**
 * Writes a public event and, when something consumes it (see `ALWAYS_RELAYED`), its relay
 * message (Inngest event `app/<type>` whose id is the `evt_` id, so Inngest dedupes retries).
 * Returns the envelope.
 */
export async function emitEvent(tx: Tx, e: EventInput, now = new Date()): Promise<TEvent> {
  const envelope = envelopeOf(e, now);
  await tx.event.create({
    data: { id: envelope.id, projectId: e.projectId, mode: e.mode, type: e.type, payload: envelope as unknown as InputJsonValue, createdAt: now },
  });
  await tx.$executeRaw(relayInsertSql(e, envelope, sql`TRUE`));
  return envelope;
}

/**
 * `emitEvent` as two members of a caller's single statement (a data-modifying CTE): the
 * `events` insert and the relay insert, both written only when `gate` holds. The relay member
 * returns the message id when one was written (then call `outboxCommitted()` after commit).
 */
export function emitEventSql(e: EventInput, gate: Sql, now = new Date()): { envelope: TEvent; event: Sql; relay: Sql } {
  const envelope = envelopeOf(e, now);
  return {
    envelope,
    event: sql`INSERT INTO events (id, project_id, mode, type, payload, created_at)
      SELECT ${envelope.id}, ${e.projectId}, ${e.mode}::"Mode", ${e.type}, ${sqlJson(envelope)}, ${sqlTimestamp(now)} WHERE ${gate}`,
    relay: relayInsertSql(e, envelope, gate),
  };
}
