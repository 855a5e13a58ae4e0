import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { emitEvent } from "../events/outbox";
import type { TSessionStatus } from "../sessions/session.schemas";
import { seedDemo } from "../seed/seed-demo";
import { attemptDelivery, createDeliveries, RETRY_DELAYS_MS } from "./deliveries";
import { signatureHeader } from "./sign";
import { verifyServiceSignature } from "./verify-example";
import { createWebhookEndpoint } from "./webhook-endpoints";

interface Received {
  body: string;
  signature: string | null;
}

let db: Db;
let projectId: string;
let server: Server;
let url: string;
const received: Received[] = [];
let failNext = 0;
let answer = 200;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
  });
}

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  projectId = (await seedDemo(db)).projectId;
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ body, signature: req.headers["service-signature"] as string | null });
    if (failNext > 0) {
      failNext--;
      res.writeHead(503).end("try later");
      return;
    }
    res.writeHead(answer).end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function publish(type: "session.approved" | "session.review") {
  return db.$transaction((tx) => emitEvent(tx, { projectId, mode: "test", type, data: { session: { id: "ses_x", reference_id: null, status: type.slice(8) as TSessionStatus, decision: null, decision_source: null } } }));
}

describe("webhook delivery", () => {
  it("delivers a signed envelope that Stripe's library and the README snippet both verify", async () => {
    const endpoint = await createWebhookEndpoint(db, { projectId, mode: "test" }, { url, events: ["session.approved"] }, { type: "system" });
    const event = await publish("session.approved");
    const [deliveryId] = await createDeliveries(db, event.id);
    expect(await attemptDelivery(db, deliveryId!, 0.5)).toEqual({ done: true, result: "succeeded", statusCode: 200 });

    const got = received.at(-1)!;
    const verified = new Stripe("sk_test_unused").webhooks.constructEvent(got.body, got.signature!, endpoint.secret) as unknown as { id: string; type: string };
    expect(verified).toMatchObject({ id: event.id, type: "session.approved" });
    expect(JSON.parse(got.body)).toEqual(event);
    expect(Object.keys(JSON.parse(got.body))).toEqual(["id", "object", "type", "api_version", "created_at", "mode", "data"]);
    expect(verifyServiceSignature(got.body, got.signature, endpoint.secret)).toBe(true);
    expect(verifyServiceSignature(got.body, got.signature, "whsec_wrong")).toBe(false);
    expect(verifyServiceSignature(`${got.body} `, got.signature, endpoint.secret)).toBe(false);
    const stale = signatureHeader([endpoint.secret], got.body, Math.floor(Date.now() / 1000) - 301);
    expect(verifyServiceSignature(got.body, stale, endpoint.secret)).toBe(false);

    // Not subscribed to session.review: no delivery.
    expect(await createDeliveries(db, (await publish("session.review")).id)).toEqual([]);
    // A second fan-out of the same event creates no second delivery.
    expect(await createDeliveries(db, event.id)).toEqual([deliveryId]);
    // A delivery that succeeded is never sent again.
    const before = received.length;
    expect(await attemptDelivery(db, deliveryId!, 0.5)).toEqual({ done: true, result: "skipped" });
    expect(received.length).toBe(before);
  });

  it("records failed attempts with the retry schedule, then succeeds", async () => {
    await db.webhookEndpoint.deleteMany({});
    await createWebhookEndpoint(db, { projectId, mode: "test" }, { url, events: ["*"] }, { type: "system" });
    const [deliveryId] = await createDeliveries(db, (await publish("session.review")).id);
    failNext = 2;
    const first = await attemptDelivery(db, deliveryId!, 0);
    expect(first).toMatchObject({ done: false, statusCode: 503, retryInMs: RETRY_DELAYS_MS[0] * 0.9 });
    const second = await attemptDelivery(db, deliveryId!, 0.999999);
    expect(second.done).toBe(false);
    expect((second as { retryInMs: number }).retryInMs).toBeCloseTo(RETRY_DELAYS_MS[1] * 1.1, -2);
    expect(await attemptDelivery(db, deliveryId!, 0)).toMatchObject({ done: true, result: "succeeded" });
    const attempts = await db.webhookAttempt.findMany({ where: { deliveryId }, orderBy: { number: "asc" }, select: { number: true, statusCode: true, responseExcerpt: true } });
    expect(attempts).toEqual([
      { number: 1, statusCode: 503, responseExcerpt: "try later" },
      { number: 2, statusCode: 503, responseExcerpt: "try later" },
      { number: 3, statusCode: 200, responseExcerpt: "ok" },
    ]);
  });

  it("disables the endpoint on 410 Gone", async () => {
    await db.webhookEndpoint.deleteMany({});
    const endpoint = await createWebhookEndpoint(db, { projectId, mode: "test" }, { url, events: ["*"] }, { type: "system" });
    const [deliveryId] = await createDeliveries(db, (await publish("session.review")).id);
    answer = 410;
    expect(await attemptDelivery(db, deliveryId!, 0)).toEqual({ done: true, result: "endpoint_gone", statusCode: 410 });
    answer = 200;
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled).toBe(false);
  });
});
