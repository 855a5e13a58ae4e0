/**
 * The bridge between the Inngest client and the embedded executor (ARCHITECTURE.md
 * "Inngest"). In embedded mode the client's `fetch` is {@link embeddedFetch}: the SDK's event
 * API call (`POST <base>/e/<key>` with a JSON array of events) is answered in-process by the
 * running executor's {@link EventSink}, which stores the events and schedules matching runs.
 *
 * The sink lives on `globalThis` because Next bundles modules more than once per process.
 * This module imports nothing heavy, so the client stays cheap to import.
 */
import { createHash, randomUUID } from "node:crypto";

/** An event as the SDK sends it to the event API (after `inngest.send()` normalized it). */
export interface IncomingEvent {
  id?: string;
  name: string;
  data?: unknown;
  /** Milliseconds since the epoch. */
  ts?: number;
  v?: string;
}

/** Receives events sent through the client; implemented by the executor. */
export interface EventSink {
  /**
   * Stores `events` durably and schedules the runs and waiters they trigger.
   * @param seed the SDK's `x-inngest-event-id-seed` header: ids of events without an `id` are
   *   derived from it, so the SDK's own retries of one send do not duplicate events.
   * @returns the event ids, in input order.
   * @throws InvalidEventError for a malformed event (answered with 400).
   */
  ingest(events: IncomingEvent[], seed?: string): Promise<string[]>;
}

/** A malformed event payload (no name, data not an object...). */
export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidEventError";
  }
}

const registry = globalThis as unknown as { __kycInngestSink?: EventSink };

/** Installs (or, with `undefined`, removes) the process-wide event sink. */
export function setEventSink(sink: EventSink | undefined): void {
  registry.__kycInngestSink = sink;
}

/** The process-wide event sink, if an embedded executor is running. */
export function getEventSink(): EventSink | undefined {
  return registry.__kycInngestSink;
}

/**
 * Id for the `index`-th event of one send without an explicit id: deterministic in the SDK's
 * seed (`<millis>,<base64 entropy>`), random without one.
 */
export function derivedEventId(seed: string | undefined, index: number): string {
  if (!seed) return `inn_${randomUUID().replaceAll("-", "")}`;
  return `inn_${createHash("sha256").update(`${seed}:${index}`).digest("hex").slice(0, 32)}`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * `fetch` for the Inngest client in embedded mode. Answers the event API (`POST .../e/<key>`)
 * through the sink with the SDK's response shape `{ ids, status }`; every other Inngest API call
 * is unsupported in embedded mode and answered 501 (the SDK then throws with that message).
 */
export async function embeddedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : String(input));
  const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
  if (method !== "POST" || !/\/e\/[^/]+$/.test(url.pathname)) {
    const message = `The embedded Inngest executor does not implement ${method} ${url.pathname}; configure INNGEST_BASE_URL / INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY to use a real Inngest server.`;
    console.error(`[inngest-executor] ${message}`);
    return json(501, { error: message, status: 501 });
  }
  const sink = getEventSink();
  if (!sink) {
    return json(503, { error: "The embedded Inngest executor is not running in this process.", status: 503 });
  }
  const headers = new Headers(init?.headers ?? request?.headers);
  const raw = init?.body ?? (request ? await request.text() : undefined);
  let events: unknown;
  try {
    events = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw as ArrayBuffer));
  } catch {
    return json(400, { error: "Event payload is not JSON.", status: 400 });
  }
  const list = Array.isArray(events) ? events : [events];
  try {
    const ids = await sink.ingest(list as IncomingEvent[], headers.get("x-inngest-event-id-seed") ?? undefined);
    return json(200, { ids, status: 200 });
  } catch (err) {
    if (err instanceof InvalidEventError) return json(400, { error: err.message, status: 400 });
    console.error("[inngest-executor] storing events failed:", err);
    return json(500, { error: `Storing events failed: ${(err as Error).message}`, status: 500 });
  }
}
