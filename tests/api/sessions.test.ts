import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const demoLive = api(fx.baseUrl, fx.demo.liveKey);
const other = api(fx.baseUrl, fx.other.testKey);
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("POST /v1/sessions", () => {
  it("creates a session exactly as interface.md 2.1 describes", async () => {
    const res = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, reference_id: "user_42", metadata: { plan: "gold" } });

    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["client_token", "expires_at", "id", "status", "url"]);
    expect(res.body.id).toMatch(/^ses_[A-Za-z0-9]{20,}$/);
    expect(res.body.status).toBe("created");
    expect(res.body.client_token).toMatch(/^st_[A-Za-z0-9]{20,}$/);
    expect(res.body.url).toBe(`${new URL(res.body.url).origin}/flow/${res.body.id}#t=${res.body.client_token}`);
    expect(res.body.expires_at).toMatch(ISO_MS);
    const ttl = Date.parse(res.body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(7 * 86400_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * 86400_000);
    expect(res.headers.get("service-version")).toBe("2026-10-01");
  });

  it("honours expires_in", async () => {
    const res = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, expires_in: 600 });
    expect(res.status).toBe(201);
    expect(Math.abs(Date.parse(res.body.expires_at) - Date.now() - 600_000)).toBeLessThan(30_000);
  });

  it.each([
    [{ workflow_id: "x", surprise: 1 }, "surprise", "parameter_unknown"],
    [{}, "workflow_id", "parameter_missing"],
    [{ workflow_id: "x", reference_id: "r".repeat(129) }, "reference_id", "parameter_invalid"],
    [{ workflow_id: "x", country: "IND" }, "country", "parameter_invalid"],
    [{ workflow_id: "x", metadata: { plan: "v".repeat(501) } }, "metadata.plan", "parameter_invalid"],
    [{ workflow_id: "x", prefill: { email: "not-an-email" } }, "prefill.email", "parameter_invalid"],
    [{ workflow_id: "x", expires_in: 299 }, "expires_in", "parameter_invalid"],
  ])("rejects %j naming param %s", async (body, param, code) => {
    const res = await demo("POST", "/v1/sessions", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code, param });
    expect(res.body.error.request_id).toBe(res.headers.get("request-id"));
  });

  it.each(["__proto__", "constructor", "prototype"])("refuses the reserved metadata key %s instead of dropping it", async (key) => {
    // A raw body: an object literal would turn `__proto__` into a prototype, not a key.
    const res = await demo("POST", "/v1/sessions", `{"workflow_id":"${fx.demo.workflows.kyc}","metadata":{"plan":"gold","${key}":"x"}}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param: `metadata.${key}` });
    expect(res.body.error.message).toContain("reserved");
  });

  it("refuses a country other than the workflow's (an India workflow takes IN only)", async () => {
    const res = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, country: "XX" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param: "country" });
    const same = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, country: "in" });
    expect(same.status).toBe(201);
  });

  it("rejects an unknown or foreign workflow as a 404 on workflow_id", async () => {
    const res = await other("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: "not_found_error", code: "resource_missing", param: "workflow_id" });
  });

  it("refuses a redirect_url whose origin is not allowed", async () => {
    const res = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, redirect_url: "https://evil.example/done" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ param: "redirect_url", code: "redirect_url_not_allowed" });
  });

  it("answers malformed JSON, wrong content types and oversized bodies with the Error object", async () => {
    const bad = await demo("POST", "/v1/sessions", "{not json");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("body_invalid_json");

    const form = await demo("POST", "/v1/sessions", "workflow_id=x", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);

    const big = await demo("POST", "/v1/sessions", { workflow_id: "x", metadata: { a: "b".repeat(1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body.error.type).toBe("invalid_request_error");
  });
});

describe("authentication", () => {
  it("rejects a client token on /v1 with client_token_not_allowed", async () => {
    const created = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    const res = await api(fx.baseUrl, created.body.client_token)("GET", `/v1/sessions/${created.body.id}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ type: "authentication_error", code: "client_token_not_allowed" });
  });

  it("rejects unknown keys", async () => {
    const res = await api(fx.baseUrl, "sk_test_doesnotexist0000000000000000")("GET", "/v1/sessions");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("api_key_invalid");
  });

  it("rejects an unsupported Service-Version", async () => {
    const res = await demo("GET", "/v1/sessions", undefined, { "service-version": "2020-01-01" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "api_version_invalid", param: "Service-Version" });
  });

  it("answers a wrong method with 405, an Allow header and the Error object", async () => {
    const res = await demo("PUT", "/v1/sessions", {});
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "method_not_allowed" });
    expect(res.body.error.request_id).toBe(res.headers.get("request-id"));
  });

  it("answers unknown /v1 paths with a JSON 404", async () => {
    const res = await demo("GET", "/v1/nothing/here");
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: "not_found_error", code: "resource_missing" });
  });
});

describe("GET /v1/sessions/{id}", () => {
  it("returns the Session of interface.md 2.3", async () => {
    const created = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, reference_id: "user_43", metadata: { plan: "gold" } });
    const res = await demo("GET", `/v1/sessions/${created.body.id}`);

    expect(res.status).toBe(200);
    const s = res.body;
    expect(s).toMatchObject({
      id: created.body.id,
      object: "session",
      mode: "test",
      type: "kyc",
      status: "created",
      country: "IN",
      workflow_id: fx.demo.workflows.kyc,
      reference_id: "user_43",
      parent_session_id: null,
      decision: null,
      decision_source: null,
      metadata: { plan: "gold" },
      completed_at: null,
      duplicates: [],
    });
    expect(s.expires_at).toBe(created.body.expires_at);
    expect(s.created_at).toMatch(ISO_MS);
    expect(s.steps).toEqual({
      consent: { type: "consent", status: "pending", attempts: 0 },
      pan: { type: "pan", status: "pending", attempts: 0 },
    });
    expect(s).not.toHaveProperty("checks");
  });

  it("adds checks with expand=checks and rejects unknown expand values", async () => {
    const created = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    const res = await demo("GET", `/v1/sessions/${created.body.id}?expand=checks,applicant`);
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual([]);
    expect(res.body.applicant).toBeNull();

    const bad = await demo("GET", `/v1/sessions/${created.body.id}?expand=secrets`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("expand");
  });

  it("is 404 for another project's key and for the other mode", async () => {
    const created = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    for (const client of [other, demoLive]) {
      const res = await client("GET", `/v1/sessions/${created.body.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ type: "not_found_error", code: "resource_missing" });
    }
  });
});

describe("GET /v1/sessions", () => {
  it("lists newest first with cursor pagination and filters", async () => {
    const ref = `list_${randomUUID()}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, reference_id: ref })).body.id);

    const page1 = await demo("GET", `/v1/sessions?reference_id=${ref}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.object).toBe("list");
    expect(page1.body.data.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.has_more).toBe(true);

    const page2 = await demo("GET", `/v1/sessions?reference_id=${ref}&limit=2&starting_after=${ids[1]}`);
    expect(page2.body.data.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    expect(page2.body.has_more).toBe(false);

    const approved = await demo("GET", `/v1/sessions?reference_id=${ref}&status=approved`);
    expect(approved.body.data).toEqual([]);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response byte for byte", async () => {
    const key = randomUUID();
    const body = { workflow_id: fx.demo.workflows.kyc, reference_id: "idem" };
    const first = await demo("POST", "/v1/sessions", body, { "idempotency-key": key });
    const second = await demo("POST", "/v1/sessions", body, { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
  });

  it("replays an error the create answered, and lets a request that failed validation retry with its key", async () => {
    const key = randomUUID();
    const missing = await demo("POST", "/v1/sessions", { workflow_id: "wf_doesnotexist0000000000" }, { "idempotency-key": key });
    expect(missing.status).toBe(404);
    const again = await demo("POST", "/v1/sessions", { workflow_id: "wf_doesnotexist0000000000" }, { "idempotency-key": key });
    expect(again.status).toBe(404);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(missing.text);

    const other = randomUUID();
    const invalid = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, locale: 7 }, { "idempotency-key": other });
    expect(invalid.status).toBe(400);
    const fixed = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc }, { "idempotency-key": other });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("rejects the same key with a different body", async () => {
    const key = randomUUID();
    await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc }, { "idempotency-key": key });
    const res = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, reference_id: "changed" }, { "idempotency-key": key });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "idempotency_error", code: "idempotency_key_reused" });
  });

  it("creates one session from ten parallel requests with one key", async () => {
    const key = randomUUID();
    const ref = `parallel_${key}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, reference_id: ref }, { "idempotency-key": key })),
    );
    // the create claims its key in the statement that writes the session: the nine others
    // wait for it and replay its response instead of answering 409 idempotency_key_in_use
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    const listed = await demo("GET", `/v1/sessions?reference_id=${ref}`);
    expect(listed.body.data).toHaveLength(1);
  });
});

describe("POST /v1/sessions/{id}/decision", () => {
  it("is 409 session_not_decidable for a session that is not in review or decided", async () => {
    const created = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    const res = await demo("POST", `/v1/sessions/${created.body.id}/decision`, { outcome: "approved", reason_code: "ok" });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ type: "conflict_error", code: "session_not_decidable" });
  });

  it("validates the decision input", async () => {
    const created = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    const res = await demo("POST", `/v1/sessions/${created.body.id}/decision`, { outcome: "maybe", reason_code: "x".repeat(65) });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe("outcome");
    expect(res.body.error.details.map((d: { param: string }) => d.param)).toEqual(["outcome", "reason_code"]);
  });
});

describe("webhook endpoints", () => {
  it("returns the signing secret once and never lists it", async () => {
    const created = await demo("POST", "/v1/webhook_endpoints", { url: "http://localhost:9/hook", events: ["session.*"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "webhook_endpoint", url: "http://localhost:9/hook", events: ["session.*"], status: "enabled" });
    expect(created.body.id).toMatch(/^we_/);
    expect(created.body.secret).toMatch(/^whsec_/);

    const list = await demo("GET", "/v1/webhook_endpoints");
    const listed = list.body.data.find((e: { id: string }) => e.id === created.body.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty("secret");

    expect((await other("DELETE", `/v1/webhook_endpoints/${created.body.id}`)).status).toBe(404);
    const del = await demo("DELETE", `/v1/webhook_endpoints/${created.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: created.body.id, deleted: true });
  });

  it("refuses plain http outside loopback and unknown event types", async () => {
    const http = await demo("POST", "/v1/webhook_endpoints", { url: "http://example.com/hook" });
    expect(http.status).toBe(400);
    expect(http.body.error.param).toBe("url");

    const live = await demoLive("POST", "/v1/webhook_endpoints", { url: "https://127.0.0.1/hook" });
    expect(live.status).toBe(400);
    expect(live.body.error).toMatchObject({ code: "url_not_allowed", param: "url" });

    const events = await demo("POST", "/v1/webhook_endpoints", { url: "http://localhost:9/hook", events: ["session.teleported"] });
    expect(events.status).toBe(400);
    expect(events.body.error.param).toBe("events.0");
  });
});
