import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import type { Db } from "../../db";
import type { IdempotencyScope } from "../idempotency";
import { claimOrReplay } from "./idempotency-key";
import { storeIdempotentResponse } from "./idempotency-store";
import { type Exchange, openExchange } from "./request-id";

let db: Db;
let projectId: string;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
});

const response = (status: number) => ({ status, headers: { "Content-Type": "application/json" }, body: `{"status":${status}}` });

/** An exchange holding a fresh key, and a retry of it. */
async function held(handlerStarted: boolean): Promise<{ x: Exchange; retry: () => ReturnType<typeof claimOrReplay> }> {
  const scope: IdempotencyScope = { projectId, mode: "test", method: "POST", path: "/v1/sessions", key: `store-${Math.random()}` };
  const req = new Request("http://localhost/v1/sessions", { method: "POST" });
  const x = openExchange(req);
  expect(await claimOrReplay(x, db, scope, "{}")).toBeNull();
  x.handlerStarted = handlerStarted;
  return { x, retry: () => claimOrReplay(openExchange(req), db, scope, "{}") };
}

describe("storeIdempotentResponse", () => {
  it("stores a success and a 4xx the handler answered, for replay", async () => {
    for (const status of [201, 404]) {
      const { x, retry } = await held(true);
      await storeIdempotentResponse(x, response(status));
      expect(await retry()).toEqual(response(status));
    }
  });

  it("stores the body encrypted (it may hold a client token) and replays it byte for byte", async () => {
    const { x, retry } = await held(true);
    const response = { status: 201, headers: { "Content-Type": "application/json" }, body: '{"client_token":"st_secret0000"}' };
    await storeIdempotentResponse(x, response);
    const row = await db.idempotencyRecord.findUniqueOrThrow({ where: { id: x.claim!.recordId }, select: { responseBody: true } });
    expect(row.responseBody).not.toContain("st_secret0000");
    expect(row.responseBody).toMatch(/^enc1\./);
    expect(await retry()).toEqual(response);
  });

  it("releases the key for a 5xx and for input refused before the handler: a retry runs", async () => {
    for (const [started, status] of [
      [true, 500],
      [false, 400],
    ] as const) {
      const { x, retry } = await held(started);
      await storeIdempotentResponse(x, response(status));
      expect(await db.idempotencyRecord.count({ where: { id: x.claim!.recordId } })).toBe(0);
      expect(await retry()).toBeNull();
    }
  });

  it("does nothing without a held key", async () => {
    await expect(storeIdempotentResponse(openExchange(new Request("http://localhost/")), response(201))).resolves.toBeUndefined();
  });
});
