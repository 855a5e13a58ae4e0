/**
 * Transactional outbox (ARCHITECTURE.md: "Nothing is sent before it is committed").
 *
 * `emitEvent(tx, ...)` writes a public event (decisions.md "Webhooks" envelope, no personal
 * data) and its relay message in the caller's transaction; `enqueue(tx, ...)` writes an
 * internal message only. Every message is an event declared in ./internal-events.ts, and its
 * data is checked against the declared schema before it is written. After the transaction
 * commits, the use case calls `outboxCommitted()` so the relay (inngest/relay.ts) picks the rows
 * up at once instead of at its next poll.
 */
import { EventEmitter } from "node:events";
import { z } from "zod";
import type { Tx } from "../db";
import type { Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { API_VERSION } from "../api-version";
import { newId } from "../ids";
import { sql, sqlJson, sqlTimestamp, type Sql } from "../sql";
import { subscribedEndpointExistsSql } from "../webhooks/webhook-endpoints";
import type { PublicEventType, TCheckEvent, TCkycUploadEvent, TEvent, TReviewDueEvent, TScreeningMatchEvent, TSessionEvent } from "./event.schemas";
import { type InternalEvent, PUBLIC_EVENT_RELAYS } from "./internal-events";

/** What `emitEvent` writes: a session, screening, review-due, check or CKYC upload event, with its data. */
export type EventPayload =
  | Pick<TSessionEvent, "type" | "data">
  | Pick<TScreeningMatchEvent, "type" | "data">
  | Pick<TReviewDueEvent, "type" | "data">
  | Pick<TCheckEvent, "type" | "data">
  | Pick<TCkycUploadEvent, "type" | "data">;

/**
 * A stored envelope in its documented key order (jsonb storage does not keep key order):
 * `id, object, type, api_version, created_at, mode, data`, and `data.session` as
 * `id, reference_id, status, decision, decision_source`.
 */
export function orderedEnvelope(stored: unknown): TEvent {
  const e = stored as TEvent;
  const data =
    "session" in e.data && e.data.session
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

/**
 * `data` as the declared schema of `event` admits it (unknown keys dropped).
 * @throws Error naming the event and the mismatching fields when `data` does not match: an
 *   outbox message is refused where it is written, never at its consumer.
 */
function checkedData<S extends z.ZodObject>(event: InternalEvent<string, S>, data: z.input<S>): InputJsonValue {
  const parsed = event.schema.safeParse(data);
  if (!parsed.success) throw new Error(`Outbox message ${event.name} refused: its data does not match the event's schema.\n${z.prettifyError(parsed.error)}`);
  return parsed.data as InputJsonValue;
}

/**
 * Writes an internal outbox message (relayed as Inngest event `event.name`, id = message id).
 * @throws Error when `data` does not match `event.schema` (nothing is written).
 */
export async function enqueue<S extends z.ZodObject>(tx: Tx, event: InternalEvent<string, S>, data: z.input<S>, id = newId("outbox")): Promise<string> {
  await tx.outboxMessage.create({ data: { id, name: event.name, data: checkedData(event, data) } });
  return id;
}

/**
 * `enqueue` of several messages of one event in one statement (none when `data` is empty).
 * @throws Error when any `data` does not match `event.schema` (nothing is written).
 */
export async function enqueueMany<S extends z.ZodObject>(tx: Tx, event: InternalEvent<string, S>, data: readonly z.input<S>[]): Promise<void> {
  const rows = data.map((d) => ({ id: newId("outbox"), name: event.name, data: checkedData(event, d) }));
  if (rows.length) await tx.outboxMessage.createMany({ data: rows });
}

/**
 * Public event types that an Inngest function other than the webhook fan-out consumes
 * (inngest/functions/process-session.ts on the relay of `session.processing`,
 * advance-parent-session.ts on that of `session.child_updated`): relayed always. Every
 * other public event is relayed only when an enabled endpoint of the tenant subscribes to it,
 * so a project without webhooks costs no background work per event. Kept in step with the
 * functions' triggers by inngest/relay.test.ts.
 */
export const ALWAYS_RELAYED: ReadonlySet<PublicEventType> = new Set<PublicEventType>(["session.processing", "session.child_updated"]);

type EventInput = { projectId: string; mode: Mode; sessionId?: string; checkId?: string } & EventPayload;

function envelopeOf(e: EventInput, now: Date): TEvent {
  return { id: newId("event"), object: "event", type: e.type, api_version: API_VERSION, created_at: now.toISOString(), mode: e.mode, data: e.data } as TEvent;
}

function relayData(e: EventInput, envelope: TEvent): InputJsonValue {
  return checkedData(PUBLIC_EVENT_RELAYS[e.type], {
    eventId: envelope.id,
    projectId: e.projectId,
    mode: e.mode,
    type: e.type,
    ...(e.sessionId ? { sessionId: e.sessionId } : {}),
    ...(e.checkId ? { checkId: e.checkId } : {}),
  });
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
    SELECT ${envelope.id}, ${PUBLIC_EVENT_RELAYS[e.type].name}, ${sqlJson(relayData(e, envelope))} || jsonb_build_object('webhooks', ${always ? subscribed : sql`TRUE`}),
      ${sqlTimestamp(new Date(envelope.created_at))}
    WHERE (${gate}) AND ${always ? sql`TRUE` : subscribed}
    RETURNING id`;
}

/**
 * Writes a public event and, when something consumes it (see `ALWAYS_RELAYED`), its relay
 * message (`PUBLIC_EVENT_RELAYS[type]`, Inngest event `app/<type>` whose id is the `evt_` id, so
 * Inngest dedupes retries).
 * Returns the envelope.
 * @throws Error when the relay data does not match `ZPublicEventData` (nothing is written).
 */
export async function emitEvent(tx: Tx, e: EventInput, now = new Date()): Promise<TEvent> {
  const envelope = envelopeOf(e, now);
  const relay = relayInsertSql(e, envelope, sql`TRUE`);
  await tx.event.create({
    data: { id: envelope.id, projectId: e.projectId, mode: e.mode, type: e.type, payload: envelope as unknown as InputJsonValue, createdAt: now },
  });
  await tx.$executeRaw(relay);
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
