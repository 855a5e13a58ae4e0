/**
 * Every limit of interface.md part 8 and decisions.md "Limits beyond interface.md" at its
 * edge, over HTTP: the maximum passes, one more fails with the right `param`. The webhook
 * endpoint cap runs on a project of its own, so no other test's endpoints count.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKey } from "../../server/api-keys/create-api-key";
import { closeDb, getDb } from "../../server/db";
import { ensureProject } from "../../server/projects/ensure-project";
import { api, type ApiResponse } from "./client";
import { sessionInReview } from "./flow";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const wf = fx.demo.workflows.kyc;
const MiB = 1024 * 1024;

function expectInvalid(res: ApiResponse, param: string, code = "parameter_invalid") {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatchObject({ type: "invalid_request_error", code, param });
}

const createSession = (extra: object) => demo("POST", "/v1/sessions", { workflow_id: wf, ...extra });

describe("session create input (interface.md 2.2, part 8)", () => {
  it("reference_id: 128 characters pass, 129 fail", async () => {
    expect((await createSession({ reference_id: "r".repeat(128) })).status).toBe(201);
    expectInvalid(await createSession({ reference_id: "r".repeat(129) }), "reference_id");
  });

  it("country: exactly 2 characters", async () => {
    expect((await createSession({ country: "IN" })).status).toBe(201);
    expectInvalid(await createSession({ country: "I" }), "country");
    expectInvalid(await createSession({ country: "IND" }), "country");
  });

  it("metadata values: 500 characters pass, 501 fail on metadata.<key>", async () => {
    const ok = await createSession({ metadata: { plan: "v".repeat(500) } });
    expect(ok.status).toBe(201);
    expect((await demo("GET", `/v1/sessions/${ok.body.id}`)).body.metadata.plan).toHaveLength(500);
    expectInvalid(await createSession({ metadata: { plan: "v".repeat(501) } }), "metadata.plan");
  });

  it("metadata: 50 keys pass, 51 fail", async () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));
    const ok = await createSession({ metadata: keys(50) });
    expect(ok.status).toBe(201);
    expect(Object.keys((await demo("GET", `/v1/sessions/${ok.body.id}`)).body.metadata)).toHaveLength(50);
    expectInvalid(await createSession({ metadata: keys(51) }), "metadata");
  });

  it("metadata keys: 40 characters pass, 41 fail on metadata.<key>", async () => {
    expect((await createSession({ metadata: { ["k".repeat(40)]: "v" } })).status).toBe(201);
    const long = "k".repeat(41);
    const res = await createSession({ metadata: { [long]: "v" } });
    expectInvalid(res, `metadata.${long}`);
    expect(res.body.error.message).toContain("metadata keys are at most 40 characters");
  });

  it("expires_in: 300 to 2592000 seconds", async () => {
    const min = await createSession({ expires_in: 300 });
    expect(min.status).toBe(201);
    expect(Math.abs(Date.parse(min.body.expires_at) - Date.now() - 300_000)).toBeLessThan(30_000);
    expectInvalid(await createSession({ expires_in: 299 }), "expires_in");

    const max = await createSession({ expires_in: 2_592_000 });
    expect(max.status).toBe(201);
    expect(Math.abs(Date.parse(max.body.expires_at) - Date.now() - 2_592_000_000)).toBeLessThan(30_000);
    expectInvalid(await createSession({ expires_in: 2_592_001 }), "expires_in");
  });
});

describe("decision input (interface.md 2.5)", () => {
  it("reason_code 64 / 65 and note 2000 / 2001 characters on a session in review", async () => {
    const id = await sessionInReview(fx.baseUrl, demo, wf);
    const decide = (body: object) => demo("POST", `/v1/sessions/${id}/decision`, { outcome: "approved", reason_code: "ok", ...body });

    expectInvalid(await decide({ reason_code: "r".repeat(65) }), "reason_code");
    expectInvalid(await decide({ note: "n".repeat(2001) }), "note");
    expect((await demo("GET", `/v1/sessions/${id}`)).body.status).toBe("review");

    const ok = await decide({ reason_code: "r".repeat(64), note: "n".repeat(2000) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ id, status: "approved", outcome: "approved" });
  });
});

describe("list limit: 1 to 100", () => {
  it.each(["/v1/sessions", "/v1/events", "/v1/workflows", "/v1/webhook_endpoints"])("%s", async (path) => {
    for (const limit of [1, 100]) {
      const res = await demo("GET", `${path}?limit=${limit}`);
      expect(res.status, `${path}?limit=${limit}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.object).toBe("list");
      expect(res.body.data.length).toBeLessThanOrEqual(limit);
    }
    for (const limit of [0, 101]) expectInvalid(await demo("GET", `${path}?limit=${limit}`), "limit");
  });

  it("limit=1 pages one item at a time", async () => {
    const ref = `limit_${randomUUID()}`;
    for (let i = 0; i < 2; i++) await createSession({ reference_id: ref });
    const page = await demo("GET", `/v1/sessions?reference_id=${ref}&limit=1`);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.has_more).toBe(true);
  });
});

describe("country query and direct check country (interface.md 2.6, 4.3)", () => {
  it.each(["/v1/capabilities", "/v1/document-types"])("%s?country= takes exactly 2 characters", async (path) => {
    expect((await demo("GET", `${path}?country=IN`)).status).toBe(200);
    expectInvalid(await demo("GET", `${path}?country=I`), "country");
    expectInvalid(await demo("GET", `${path}?country=IND`), "country");
  });

  it("POST /v1/checks/{key} refuses a country that is not 2 characters", async () => {
    expectInvalid(await demo("POST", "/v1/checks/tax_id.verify", { country: "IND", pan: "ABCPE1234F" }), "country");
  });
});

describe("JSON request body: 1 MiB", () => {
  /** A JSON body of exactly `bytes` bytes: valid JSON, but an invalid session (no workflow). */
  const bodyOf = (bytes: number) => {
    const shell = JSON.stringify({ metadata: { pad: "" } });
    const body = JSON.stringify({ metadata: { pad: "x".repeat(bytes - shell.length) } });
    expect(Buffer.byteLength(body)).toBe(bytes);
    return body;
  };

  it("exactly 1 MiB is parsed (then fails validation); 1 MiB + 1 byte is 413", async () => {
    const atLimit = await demo("POST", "/v1/sessions", bodyOf(MiB));
    expect(atLimit.status).not.toBe(413);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.error.code).not.toBe("body_invalid_json");

    const over = await demo("POST", "/v1/sessions", bodyOf(MiB + 1));
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({ type: "invalid_request_error", code: "body_too_large" });
    expect(over.body.error.request_id).toBe(over.headers.get("request-id"));
  });
});

describe("Idempotency-Key: at most 255 characters", () => {
  it("255 pass, 256 fail on param Idempotency-Key", async () => {
    const key = (n: number) => `${randomUUID()}${"k".repeat(n)}`.slice(0, n);
    const ok = await demo("POST", "/v1/sessions", { workflow_id: wf }, { "idempotency-key": key(255) });
    expect(ok.status).toBe(201);
    expectInvalid(await demo("POST", "/v1/sessions", { workflow_id: wf }, { "idempotency-key": key(256) }), "Idempotency-Key");
  });
});

describe("webhook endpoints: 16 per project and mode", () => {
  let testKey: string;
  let liveKey: string;
  const created: { call: ReturnType<typeof api>; id: string }[] = [];

  beforeAll(async () => {
    const db = await getDb();
    try {
      const project = await ensureProject(db, { organizationId: fx.organizationId, slug: `limits-${randomUUID().slice(0, 8)}` });
      testKey = (await createApiKey(db, { projectId: project.id, mode: "test" })).secret;
      liveKey = (await createApiKey(db, { projectId: project.id, mode: "live" })).secret;
    } finally {
      await closeDb();
    }
  });

  afterAll(async () => {
    for (const e of created) await e.call("DELETE", `/v1/webhook_endpoints/${e.id}`);
  });

  it("the 16th passes, the 17th fails; the other mode and a freed slot are unaffected", async () => {
    const test = api(fx.baseUrl, testKey);
    const live = api(fx.baseUrl, liveKey);
    const add = async (call: ReturnType<typeof api>, url: string) => {
      const res = await call("POST", "/v1/webhook_endpoints", { url });
      if (res.status === 201) created.push({ call, id: res.body.id });
      return res;
    };
    for (let i = 1; i <= 16; i++) expect((await add(test, `http://localhost:9/hook-${i}`)).status).toBe(201);

    const over = await add(test, "http://localhost:9/hook-17");
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ type: "invalid_request_error", code: "webhook_endpoint_limit" });
    expect((await test("GET", "/v1/webhook_endpoints?limit=100")).body.data).toHaveLength(16);

    // Live mode of the same project counts separately (a literal public address: no DNS).
    expect((await add(live, "https://93.184.216.34/hook")).status).toBe(201);

    // Deleting one frees its slot.
    const first = created.shift()!;
    expect((await test("DELETE", `/v1/webhook_endpoints/${first.id}`)).status).toBe(200);
    expect((await add(test, "http://localhost:9/hook-again")).status).toBe(201);
  });

  it("holds under parallel creates: 20 at once leave exactly 16", async () => {
    const db = await getDb();
    let key: string;
    try {
      const project = await ensureProject(db, { organizationId: fx.organizationId, slug: `limits-par-${randomUUID().slice(0, 8)}` });
      key = (await createApiKey(db, { projectId: project.id, mode: "live" })).secret; // live: 100 req/s, no rate limiting here
    } finally {
      await closeDb();
    }
    const call = api(fx.baseUrl, key);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call("POST", "/v1/webhook_endpoints", { url: `https://93.184.216.34/par-${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(16);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.error.code)).toEqual(Array(4).fill("webhook_endpoint_limit"));
    expect((await call("GET", "/v1/webhook_endpoints?limit=100")).body.data).toHaveLength(16);
  });
});
