/**
 * The outbox relay through the embedded executor: unsent rows are sent in created order with
 * the row id as event id, marked sent, deduplicated when sent again, and a commit notification
 * wakes the relay at once.
 */
import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { afterEach, beforeAll, expect, it, vi } from "vitest";

vi.hoisted(() => {
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import { type Db, getDb, getSql } from "../server/db";
import { applyMigrations } from "../server/db/migrate";
import { PUBLIC_EVENT_TYPES } from "../server/events/event.schemas";
import { PUBLIC_EVENT_RELAYS } from "../server/events/internal-events";
import { ALWAYS_RELAYED, outboxCommitted } from "../server/events/outbox";
import { functions } from "./functions";
import { inngest } from "./client";
import { createExecutor, type Executor } from "./executor/executor";
import { relayPending, startRelay, stopRelay } from "./relay";

let db: Db;
let executor: Executor;
const handled: string[] = [];

const recorder = inngest.createFunction({ id: "relay-recorder", triggers: [{ event: "test/relay.*" }] }, async ({ event }) => {
  handled.push(event.id!);
  return event.data;
});

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  const handler = serve({ client: inngest, functions: [recorder] });
  executor = createExecutor({ db, handler: (req) => handler(req as NextRequest, undefined), options: { pollIntervalMs: 20 } });
  await executor.start();
  return () => executor.stop();
});

afterEach(async () => {
  await stopRelay();
  vi.restoreAllMocks();
});

async function addRows(ids: string[]) {
  const base = Date.now();
  for (const [i, id] of ids.entries()) {
    await db.outboxMessage.create({ data: { id, name: "test/relay.relayed", data: { n: i }, createdAt: new Date(base + i) } });
  }
}

it("sends unsent rows in created order with the row id as event id and marks them sent", async () => {
  await addRows(["msg_3", "msg_1", "msg_2"]);
  const send = vi.spyOn(inngest, "send");
  expect(await relayPending()).toBe(3);
  const sentIds = send.mock.calls.flatMap(([payload]) => (Array.isArray(payload) ? payload : [payload]).map((e) => e.id));
  expect(sentIds).toEqual(["msg_3", "msg_1", "msg_2"]);
  expect(await db.outboxMessage.count({ where: { sentAt: null } })).toBe(0);
  await executor.settled();
  expect([...handled].sort()).toEqual(["msg_1", "msg_2", "msg_3"]);
  expect(await relayPending()).toBe(0);
});

it("does not run a function twice when a row is sent again (crash between send and sent_at)", async () => {
  await db.outboxMessage.update({ where: { id: "msg_1" }, data: { sentAt: null } });
  expect(await relayPending()).toBe(1);
  await executor.settled();
  expect(await db.inngestRun.count({ where: { eventId: "msg_1" } })).toBe(1);
  expect(handled.filter((id) => id === "msg_1")).toHaveLength(1);
});

it("wakes on outboxCommitted() instead of waiting for its poll", async () => {
  const sentAt = async (id: string) => (await db.outboxMessage.findUnique({ where: { id } }))?.sentAt;
  await addRows(["msg_4a"]);
  startRelay({ pollIntervalMs: 600_000 });
  await expect.poll(() => sentAt("msg_4a"), { timeout: 10_000 }).toBeInstanceOf(Date); // first pass done; next poll in 10 min
  await addRows(["msg_4"]);
  outboxCommitted();
  await expect.poll(() => sentAt("msg_4"), { timeout: 10_000 }).toBeInstanceOf(Date);
  await executor.settled();
  expect(handled).toContain("msg_4");
});

it("keeps rows unsent when the executor is not running", async () => {
  await executor.stop();
  await addRows(["msg_5"]);
  await expect(relayPending()).rejects.toThrow();
  expect((await db.outboxMessage.findUnique({ where: { id: "msg_5" } }))?.sentAt).toBeNull();
  await executor.start();
  expect(await relayPending()).toBe(1);
  await executor.settled();
  expect(handled).toContain("msg_5");
});

it("always relays the public events that a function other than the webhook fan-out consumes", () => {
  const triggers = new Set(
    functions
      .filter((f) => f.id() !== "fan-out-event")
      .flatMap((f) => ((f as unknown as { opts: { triggers?: { event?: string }[] } }).opts.triggers ?? []).map((t) => t.event)),
  );
  const consumed = PUBLIC_EVENT_TYPES.filter((type) => triggers.has(PUBLIC_EVENT_RELAYS[type].name));
  expect(consumed).toContain("session.processing");
  expect([...ALWAYS_RELAYED].sort()).toEqual([...consumed].sort());
});
