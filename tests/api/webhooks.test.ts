/**
 * Webhooks as an integrator sees them, over HTTP against the running app (decisions.md
 * "Webhooks"): a receiver on loopback registered with the API gets signed deliveries that
 * Stripe's own `webhooks.constructEvent` and the README's plain-crypto snippet verify; secret
 * rotation (new secret once, both signatures during the overlap); disable / enable; 410 Gone;
 * the SSRF guard in live mode; foreign ids are 404.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "../../server/db";
import { startTestReceiver, type ReceivedRequest, type TestReceiver } from "../../server/webhooks/test-receiver";
import { verifyServiceSignature } from "../../server/webhooks/verify-example";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const live = api(fx.baseUrl, fx.demo.liveKey);
const other = api(fx.baseUrl, fx.other.testKey);
const stripe = new Stripe("sk_test_unused");
let rx: TestReceiver;
const created: string[] = [];

interface Envelope {
  id: string;
  object: string;
  type: string;
  api_version: string;
  created_at: string;
  mode: string;
  data: { session: { id: string; status: string; reference_id: string | null } };
}

beforeAll(async () => {
  rx = await startTestReceiver();
});

afterAll(async () => {
  for (const id of created) await demo("DELETE", `/v1/webhook_endpoints/${id}`);
  await rx.close();
  await closeDb();
});

async function register(path: string, events = ["session.*"]) {
  const res = await demo("POST", "/v1/webhook_endpoints", { url: `${rx.origin}${path}`, events });
  expect(res.status).toBe(201);
  created.push(res.body.id);
  return res.body as { id: string; secret: string; status: string };
}

/** Deliveries to `path` about session `sessionId` of event `type`, once at least `count` arrived. */
async function deliveries(path: string, sessionId: string, type: string, count = 1): Promise<ReceivedRequest[]> {
  const matching = () => rx.received.filter((r) => r.path === path && JSON.parse(r.body).data?.session?.id === sessionId && JSON.parse(r.body).type === type);
  await expect.poll(() => matching().length, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(count);
  return matching();
}

describe("signed deliveries", () => {
  it("arrive signed for the endpoint's secret, verified by Stripe's library and the README snippet, and are recorded", async () => {
    const ep = await register("/signed");
    expect(ep.secret).toMatch(/^whsec_/);
    const session = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, reference_id: "webhook-api-test" });
    expect(session.status).toBe(201);

    const [got] = await deliveries("/signed", session.body.id, "session.created");
    const signature = got!.headers["service-signature"] as string;
    const event = stripe.webhooks.constructEvent(got!.body, signature, ep.secret) as unknown as Envelope;
    expect(event).toMatchObject({ object: "event", type: "session.created", api_version: "2026-10-01", mode: "test" });
    expect(event.data.session).toEqual({ id: session.body.id, reference_id: "webhook-api-test", status: "created", decision: null, decision_source: null });
    expect(verifyServiceSignature(got!.body, signature, ep.secret)).toBe(true);
    expect(verifyServiceSignature(got!.body, signature, "whsec_someoneelse")).toBe(false);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["request-id"]).toMatch(/^req_/);

    // The same envelope, byte for byte in content, from GET /v1/events/{id}.
    const listed = await demo("GET", `/v1/events/${event.id}`);
    expect(listed.body).toEqual(JSON.parse(got!.body));
    const window = await demo("GET", `/v1/events?type=session.created&limit=100&created[gte]=${encodeURIComponent(event.created_at)}`);
    expect(window.body.data.map((e: { id: string }) => e.id)).toContain(event.id);

    // The attempt is recorded with the request id the receiver saw, and nothing is sent twice.
    const db = await getDb();
    await expect
      .poll(async () => (await db.webhookAttempt.findFirst({ where: { delivery: { endpointId: ep.id, eventId: event.id } } }))?.requestId, { timeout: 10_000 })
      .toBe(got!.headers["request-id"]);
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { delivery: { endpointId: ep.id, eventId: event.id } } });
    expect(attempt).toMatchObject({ number: 1, statusCode: 200, responseExcerpt: "ok", error: null });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deliveries("/signed", session.body.id, "session.created")).toHaveLength(1);
  });
});

describe("secret rotation", () => {
  it("returns the new secret once and signs with both secrets during the overlap", async () => {
    const ep = await register("/rotating");
    const rotated = await demo("POST", `/v1/webhook_endpoints/${ep.id}/rotate_secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id: ep.id, object: "webhook_endpoint", status: "enabled" });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(ep.secret);
    const overlap = Date.parse(rotated.body.previous_secret_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000); // default: 24 hours
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);

    const retrieved = await demo("GET", `/v1/webhook_endpoints/${ep.id}`);
    expect(retrieved.body).not.toHaveProperty("secret");
    expect(retrieved.body.previous_secret_expires_at).toBe(rotated.body.previous_secret_expires_at);

    const session = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    const [got] = await deliveries("/rotating", session.body.id, "session.created");
    const signature = got!.headers["service-signature"] as string;
    expect(signature.split(",").filter((p) => p.startsWith("v1="))).toHaveLength(2);
    for (const secret of [rotated.body.secret, ep.secret]) {
      expect(stripe.webhooks.constructEvent(got!.body, signature, secret)).toMatchObject({ type: "session.created" });
      expect(verifyServiceSignature(got!.body, signature, secret)).toBe(true);
    }

    // previous_secret_expires_in 0: only the newest secret signs from now on.
    const again = await demo("POST", `/v1/webhook_endpoints/${ep.id}/rotate_secret`, { previous_secret_expires_in: 0 });
    expect(again.body.previous_secret_expires_at).toBeNull();
    await demo("POST", `/v1/sessions/${session.body.id}/cancel`);
    const [cancelled] = await deliveries("/rotating", session.body.id, "session.cancelled");
    const sig2 = cancelled!.headers["service-signature"] as string;
    expect(sig2.split(",").filter((p) => p.startsWith("v1="))).toHaveLength(1);
    expect(verifyServiceSignature(cancelled!.body, sig2, again.body.secret)).toBe(true);
    expect(() => stripe.webhooks.constructEvent(cancelled!.body, sig2, rotated.body.secret)).toThrow();
  });

  it("validates the overlap and hides other projects' endpoints", async () => {
    const ep = await register("/rotating-2");
    const bad = await demo("POST", `/v1/webhook_endpoints/${ep.id}/rotate_secret`, { previous_secret_expires_in: 8 * 86_400 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ type: "invalid_request_error", param: "previous_secret_expires_in" });
    expect((await demo("POST", `/v1/webhook_endpoints/${ep.id}/rotate_secret`, { overlap: 1 })).body.error).toMatchObject({ code: "parameter_unknown" });
    for (const [method, path] of [
      ["GET", `/v1/webhook_endpoints/${ep.id}`],
      ["POST", `/v1/webhook_endpoints/${ep.id}`],
      ["POST", `/v1/webhook_endpoints/${ep.id}/rotate_secret`],
      ["DELETE", `/v1/webhook_endpoints/${ep.id}`],
    ] as const) {
      const res = await other(method, path, method === "POST" ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toMatchObject({ type: "not_found_error", code: "resource_missing" });
      expect((await live(method, path, method === "POST" ? {} : undefined)).status).toBe(404); // the other mode
    }
  });
});

describe("endpoint state", () => {
  it("sends nothing to a disabled endpoint, and again once enabled", async () => {
    const ep = await register("/toggled");
    const disabled = await demo("POST", `/v1/webhook_endpoints/${ep.id}`, { disabled: true });
    expect(disabled.body).toMatchObject({ status: "disabled", disabled_reason: "manual" });
    const quiet = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    await deliveries("/signed", quiet.body.id, "session.created"); // the enabled endpoint got it...
    expect(rx.received.filter((r) => r.path === "/toggled")).toHaveLength(0); // ...this one did not

    const enabled = await demo("POST", `/v1/webhook_endpoints/${ep.id}`, { disabled: false, events: ["session.created"], description: "back" });
    expect(enabled.body).toMatchObject({ status: "enabled", disabled_reason: null, events: ["session.created"], description: "back" });
    const loud = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    await deliveries("/toggled", loud.body.id, "session.created");
    expect((await demo("POST", `/v1/webhook_endpoints/${ep.id}`, { events: ["session.nope"] })).body.error).toMatchObject({ param: "events.0" });
  });

  it("disables an endpoint that answers 410 Gone", async () => {
    const ep = await register("/gone", ["session.created"]);
    rx.onPath("/gone", { status: 410, body: "gone" });
    const session = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    await deliveries("/gone", session.body.id, "session.created");
    expect(rx.received.filter((r) => r.path === "/gone").at(-1)!.answered).toBe(410);
    await expect.poll(async () => (await demo("GET", `/v1/webhook_endpoints/${ep.id}`)).body.disabled_reason, { timeout: 10_000 }).toBe("endpoint_gone");
    expect((await demo("GET", `/v1/webhook_endpoints/${ep.id}`)).body.status).toBe("disabled");
  });
});

describe("SSRF guard", () => {
  it.each([
    ["http://hooks.example.com/verify", "https only"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://[::1]/hook", "IPv6 loopback"],
    ["https://10.1.2.3/hook", "private"],
    ["https://192.168.1.1/hook", "private"],
    ["https://169.254.169.254/latest/meta-data", "metadata"],
    ["https://localhost/hook", "loopback name"],
    ["http://127.0.0.1:9/hook", "http on loopback is test mode only"],
  ])("live mode refuses %s (%s)", async (url) => {
    const res = await live("POST", "/v1/webhook_endpoints", { url });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "url_not_allowed", param: "url" });
  });

  it("test mode accepts http on localhost but not on other private addresses", async () => {
    const ok = await demo("POST", "/v1/webhook_endpoints", { url: "http://localhost:9/hook" });
    expect(ok.status).toBe(201);
    created.push(ok.body.id);
    expect((await demo("POST", "/v1/webhook_endpoints", { url: "http://10.0.0.1/hook" })).body.error).toMatchObject({ code: "url_not_allowed" });
    const moved = await demo("POST", `/v1/webhook_endpoints/${ok.body.id}`, { url: "https://192.168.0.1/hook" });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ code: "url_not_allowed", param: "url" });
  });
});
