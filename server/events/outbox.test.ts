/**
 * The outbox writer takes a declared internal event and refuses data that does not match the
 * event's schema where it is written: the transaction fails and no row is written.
 */
import { beforeAll, beforeEach, expect, it } from "vitest";
import { type Db, getDb, getSql } from "../db";
import { applyMigrations } from "../db/migrate";
import type { Mode } from "../generated/prisma/enums";
import { checkRequested, webhookDeliveryRequested } from "./internal-events";
import { emitEvent, enqueue, enqueueMany } from "./outbox";

let db: Db;

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
});

beforeEach(async () => {
  await db.outboxMessage.deleteMany({});
});

const written = () => db.outboxMessage.findMany({ select: { name: true, data: true } });

it("writes a message under the event's declared name with the data the schema admits", async () => {
  const data = { checkId: "chk_1", projectId: "prj_1", mode: "test" as const };
  await db.$transaction((tx) => enqueue(tx, checkRequested, { ...data, extra: "dropped" } as typeof data));
  expect(await written()).toEqual([{ name: checkRequested.name, data }]);
});

it("refuses data that does not match the event's schema, naming the event and the field", async () => {
  const bad = { checkId: "chk_1", projectId: "prj_1", mode: "staging" as Mode };
  const refused = db.$transaction((tx) => enqueue(tx, checkRequested, bad));
  await expect(refused).rejects.toThrow(/Outbox message app\/check\.requested refused[\s\S]*mode/);
  expect(await written()).toEqual([]);
});

it("refuses a batch in which one message does not match, writing none of it", async () => {
  const batch = [
    { deliveryId: "whd_1", projectId: "prj_1" },
    { deliveryId: 2 as unknown as string, projectId: "prj_1" },
  ];
  await expect(db.$transaction((tx) => enqueueMany(tx, webhookDeliveryRequested, batch))).rejects.toThrow(
    /app\/webhook\.delivery_requested refused[\s\S]*deliveryId/,
  );
  expect(await written()).toEqual([]);
});

it("refuses a public event whose relay data does not match, before writing the event", async () => {
  const emit = db.$transaction((tx) =>
    emitEvent(tx, { projectId: "prj_1", mode: "staging" as Mode, type: "session.processing", sessionId: "ses_1", data: {} as never }),
  );
  await expect(emit).rejects.toThrow(/app\/session\.processing refused[\s\S]*mode/);
  expect(await db.event.count()).toBe(0);
  expect(await written()).toEqual([]);
});
