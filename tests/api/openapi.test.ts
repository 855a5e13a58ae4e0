/**
 * The published OpenAPI document (GET /v1/openapi.json) against the running app: every response
 * below (success and error) is validated with Ajv (JSON Schema 2020-12, formats on) against the
 * schema the document gives for that operation and status, and its required headers must be
 * there. Every route file under app/v1 must be documented with exactly the methods the route
 * answers, and every documented operation must have been exercised here: on its success
 * statuses and, where it documents errors, on at least one of them. So neither the document
 * nor the code can change without the other.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "../../server/db";
import { storeEvidence } from "../../server/evidence/evidence";
import { type JsonSchema, type MediaType, type OpenApiDocument, type OpenApiResponse, openApiValidator } from "../fixtures/openapi-validator";
import { api, type ApiResponse } from "./client";
import { completeFlow, sessionInReview, waitForStatus } from "./flow";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);
const anon = api(fx.baseUrl);
type Client = typeof demo;

let doc: OpenApiDocument;
let validator: ReturnType<typeof openApiValidator>;
/** operationId -> statuses seen (and validated). */
const exercised = new Map<string, Set<number>>();

/**
 * Calls `method template` (path parameters filled from `params`, `query` appended) and checks the
 * answer against the document: the status is documented, the body matches its schema, the
 * required headers are set. A successful request's body must match the documented request body.
 */
async function call(
  client: Client,
  method: string,
  template: string,
  opts: { params?: Record<string, string>; query?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const operation = doc.paths[template]?.[method.toLowerCase()];
  if (!operation) expect.unreachable(`${method} ${template} is not in the document`);
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(opts.params?.[name] ?? `<${name}>`)) + (opts.query ?? "");
  const res = await client(method, url, opts.body, opts.headers);
  const where = `${method} ${url} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;

  const documented = operation.responses[String(res.status)];
  if (!documented) expect.unreachable(`${where}: status not documented for ${operation.operationId}`);
  const response = validator.resolve<OpenApiResponse>(documented);
  expect(validator.errors(json(response.content), res.body), where).toEqual([]);
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    if (validator.resolve(header).required) expect(res.headers.get(name), `${where}: header ${name}`).not.toBeNull();
  }
  // a multipart upload (POST /v1/files) is no JSON document to validate; its fields are checked by the tests
  if (res.status < 300 && opts.body !== undefined && operation.requestBody && !(opts.body instanceof FormData)) {
    expect(validator.errors(json(operation.requestBody.content), opts.body), `${where}: request body`).toEqual([]);
  }
  exercised.set(operation.operationId, (exercised.get(operation.operationId) ?? new Set()).add(res.status));
  return res;
}

/** The schema of `content["application/json"]`; fails the test when the document gives none. */
function json(content: Record<string, MediaType> | undefined): JsonSchema {
  const media = content?.["application/json"];
  if (!media) expect.unreachable("no application/json content documented");
  return media.schema;
}

const createSession = (body: object = {}) => call(demo, "POST", "/v1/sessions", { body: { workflow_id: fx.demo.workflows.kyc, ...body } });

beforeAll(async () => {
  const res = await fetch(`${fx.baseUrl}/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  doc = await res.json();
  validator = openApiValidator(doc);
});

afterAll(async () => {
  await closeDb();
});

describe("GET /v1/openapi.json", () => {
  it("is public OpenAPI 3.1, not rate limited, and documents itself", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0]?.url).toBe(new URL(fx.baseUrl).origin);
    const res = await call(anon, "GET", "/v1/openapi.json");
    expect(res.body).toEqual(doc);
    expect(res.headers.get("ratelimit-limit")).toBeNull();
    // more requests than the test keys' 25/s, without a key: never a 429
    const statuses = await Promise.all(Array.from({ length: 40 }, () => fetch(`${fx.baseUrl}/v1/openapi.json`).then((r) => r.status)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});

describe("every endpoint answers as documented", () => {
  it("ping", async () => {
    expect((await call(demo, "GET", "/v1/ping")).status).toBe(200);
    expect((await call(anon, "GET", "/v1/ping")).status).toBe(401);
    expect((await call(demo, "GET", "/v1/ping", { headers: { "Service-Version": "1999-01-01" } })).status).toBe(400);
  });

  it("sessions: create, list, retrieve (expanded), cancel, client token", async () => {
    const created = await createSession({ reference_id: "openapi-user", metadata: { plan: "gold" }, prefill: { email: "ravi@example.com" }, locale: "hi" });
    expect(created.status).toBe(201);
    const once = { body: { workflow_id: fx.demo.workflows.kyc }, headers: { "Idempotency-Key": `openapi-${created.body.id}` } };
    const first = await call(demo, "POST", "/v1/sessions", once);
    const replay = await call(demo, "POST", "/v1/sessions", once);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect((await createSession({ workflow_id: "wf_doesnotexist0000000000" })).status).toBe(404);
    expect((await call(demo, "POST", "/v1/sessions", { body: {} })).status).toBe(400);
    expect((await call(demo, "POST", "/v1/sessions", { body: "workflow_id=1", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await call(demo, "POST", "/v1/sessions", { body: { workflow_id: "x".repeat(1024 * 1024 + 1) } })).status).toBe(413);
    expect((await call(anon, "POST", "/v1/sessions", { body: { workflow_id: fx.demo.workflows.kyc } })).status).toBe(401);

    const list = await call(demo, "GET", "/v1/sessions", { query: "?limit=2" });
    expect(list.body.data).toHaveLength(2);
    expect((await call(demo, "GET", "/v1/sessions", { query: "?status=review&reference_id=nobody" })).status).toBe(200);
    expect((await call(demo, "GET", "/v1/sessions", { query: "?limit=0" })).status).toBe(400);
    expect((await call(demo, "GET", "/v1/sessions", { query: "?starting_after=ses_doesnotexist0000000000" })).status).toBe(404);

    const kyb = await call(demo, "POST", "/v1/sessions", { body: { workflow_id: fx.demo.workflows.kyb } });
    expect((await call(demo, "GET", "/v1/sessions/{id}", { params: { id: kyb.body.id }, query: "?expand=checks,business" })).body).toMatchObject({
      type: "kyb",
      checks: [],
      business: null,
    });
    expect((await call(demo, "GET", "/v1/sessions/{id}", { params: { id: created.body.id } })).status).toBe(200);
    expect((await call(other, "GET", "/v1/sessions/{id}", { params: { id: created.body.id } })).status).toBe(404);
    expect((await call(demo, "GET", "/v1/sessions/{id}", { params: { id: created.body.id }, query: "?expand=nothing" })).status).toBe(400);

    const token = await call(demo, "POST", "/v1/sessions/{id}/client_token", { params: { id: created.body.id } });
    expect(token.status).toBe(200);
    expect((await call(demo, "POST", "/v1/sessions/{id}/cancel", { params: { id: created.body.id } })).status).toBe(200);
    expect((await call(demo, "POST", "/v1/sessions/{id}/cancel", { params: { id: created.body.id } })).status).toBe(409);
    expect((await call(demo, "POST", "/v1/sessions/{id}/client_token", { params: { id: created.body.id } })).status).toBe(409);
    expect((await call(other, "POST", "/v1/sessions/{id}/cancel", { params: { id: created.body.id } })).status).toBe(404);
  });

  it("sessions: a completed session with its checks and profile, decisions, evidence, PII erasure", async () => {
    const created = await createSession({ reference_id: "openapi-flow" });
    await completeFlow(fx.baseUrl, created.body);
    await waitForStatus(demo, created.body.id, "approved");
    const full = await call(demo, "GET", "/v1/sessions/{id}", { params: { id: created.body.id }, query: "?expand=checks,applicant,business" });
    expect(full.body.checks.length).toBeGreaterThan(0);
    expect(full.body).toMatchObject({ status: "approved", decision: "approved", decision_source: "auto" });
    const sessions = await call(demo, "GET", "/v1/sessions", { query: "?reference_id=openapi-flow" });
    expect(sessions.body.data[0].completed_at).not.toBeNull();

    const reviewed = await sessionInReview(fx.baseUrl, demo, fx.demo.workflows.kyc);
    const decided = await call(demo, "POST", "/v1/sessions/{id}/decision", {
      params: { id: reviewed },
      body: { outcome: "resubmission_requested", reason_code: "document_invalid", steps: ["pan"] },
    });
    expect(decided.status).toBe(200);
    expect((await call(demo, "POST", "/v1/sessions/{id}/decision", { params: { id: reviewed }, body: { outcome: "approved", reason_code: "x" } })).status).toBe(
      409,
    );
    expect(
      (
        await call(demo, "POST", "/v1/sessions/{id}/decision", {
          params: { id: created.body.id },
          body: { outcome: "declined", reason_code: "override", note: "second look" },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(demo, "POST", "/v1/sessions/{id}/decision", { params: { id: created.body.id }, body: { outcome: "maybe", reason_code: "x" } })).status,
    ).toBe(400);
    expect(
      (await call(other, "POST", "/v1/sessions/{id}/decision", { params: { id: created.body.id }, body: { outcome: "approved", reason_code: "x" } })).status,
    ).toBe(404);

    const db = await getDb();
    const file = await storeEvidence(db, {
      projectId: fx.demo.projectId,
      sessionId: created.body.id,
      step: "pan",
      kind: "pan_card_front",
      contentType: "image/png",
      data: Buffer.from("89504e470d0a1a0a", "hex"),
    });
    expect((await call(demo, "GET", "/v1/sessions/{id}/evidence/{evidence_id}", { params: { id: created.body.id, evidence_id: file } })).status).toBe(200);
    expect(
      (await call(demo, "GET", "/v1/sessions/{id}/evidence/{evidence_id}", { params: { id: created.body.id, evidence_id: "file_doesnotexist0000000000" } }))
        .status,
    ).toBe(404);

    expect((await call(demo, "DELETE", "/v1/sessions/{id}/pii", { params: { id: created.body.id } })).body).toMatchObject({ erased: true, files_deleted: 1 });
    expect((await call(demo, "DELETE", "/v1/sessions/{id}/pii", { params: { id: created.body.id } })).body).toMatchObject({ files_deleted: 0 });
    expect((await call(other, "DELETE", "/v1/sessions/{id}/pii", { params: { id: created.body.id } })).status).toBe(404);
    expect((await call(demo, "DELETE", "/v1/sessions/{id}/monitoring", { params: { id: created.body.id } })).body).toMatchObject({ monitored: false });
    expect((await call(other, "DELETE", "/v1/sessions/{id}/monitoring", { params: { id: created.body.id } })).status).toBe(404);
    const erased = await call(demo, "GET", "/v1/sessions/{id}", { params: { id: created.body.id }, query: "?expand=checks,applicant" });
    expect(erased.body).toMatchObject({ applicant: null });
    expect(erased.body.pii_erased_at).not.toBeNull();
  });

  it("files: upload, retrieve, download address, delete", async () => {
    const upload = (purpose: string, bytes: Uint8Array, client: Client = demo) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), "upload.bin");
      form.append("purpose", purpose);
      return call(client, "POST", "/v1/files", { body: form });
    };
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6" } })
      .png()
      .toBuffer();
    const created = await upload("identity_document", png);
    expect(created.status).toBe(201);
    expect((await upload("identity_document", Buffer.from("plain text"))).status).toBe(415);
    expect((await upload("passport_photo", png)).status).toBe(400);
    const id = { id: created.body.id };
    expect((await call(demo, "GET", "/v1/files/{id}", { params: id })).body).toEqual(created.body);
    expect((await call(other, "GET", "/v1/files/{id}", { params: id })).status).toBe(404);
    expect((await call(demo, "GET", "/v1/files/{id}/url", { params: id })).status).toBe(200);
    expect((await call(other, "GET", "/v1/files/{id}/url", { params: id })).status).toBe(404);
    expect((await call(other, "DELETE", "/v1/files/{id}", { params: id })).status).toBe(404);
    expect((await call(demo, "DELETE", "/v1/files/{id}", { params: id })).body).toEqual({ id: created.body.id, object: "file", deleted: true });
  });

  it("checks: sync, async, retrieve", async () => {
    const sync = await call(demo, "POST", "/v1/checks/{key}", {
      params: { key: "in.pan.verify" },
      body: { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" },
    });
    expect(sync.status).toBe(200);
    const failed = await call(demo, "POST", "/v1/checks/{key}", {
      params: { key: "tax_id.verify" },
      body: { country: "IN", pan: "ABCPE9999Z", name: "Nobody" },
    });
    expect(failed.body).toMatchObject({ status: "failed", error_code: "pan_not_found" });
    const pending = await call(demo, "POST", "/v1/checks/{key}", {
      params: { key: "in.pan.verify" },
      query: "?async=true",
      body: { pan: "ABCPE5432K", name: "OpenAPI Async" },
    });
    expect(pending.status).toBe(202);
    expect((await call(demo, "POST", "/v1/checks/{key}", { params: { key: "in.nothing.verify" }, body: { pan: "ABCPE1234F" } })).status).toBe(400);

    await expect.poll(async () => (await demo("GET", `/v1/checks/${pending.body.id}`)).body.status, { timeout: 20_000, interval: 250 }).toBe("passed");
    expect((await call(demo, "GET", "/v1/checks/{key}", { params: { key: pending.body.id } })).body).toMatchObject({ status: "passed", verified_by: "source" });
    expect((await call(other, "GET", "/v1/checks/{key}", { params: { key: sync.body.id } })).status).toBe(404);
    expect((await call(demo, "DELETE", "/v1/checks/{key}/pii", { params: { key: sync.body.id } })).body).toMatchObject({
      id: sync.body.id,
      erased: true,
      files_deleted: 0,
    });
    expect((await call(other, "DELETE", "/v1/checks/{key}/pii", { params: { key: failed.body.id } })).status).toBe(404);
    expect((await call(demo, "DELETE", "/v1/checks/{key}/monitoring", { params: { key: failed.body.id } })).body).toMatchObject({ monitored: false });
    expect((await call(other, "DELETE", "/v1/checks/{key}/monitoring", { params: { key: failed.body.id } })).status).toBe(404);
  });

  it("checks: the code of a CKYC download (POST /v1/checks/{id}/otp)", async () => {
    const pending = await call(demo, "POST", "/v1/checks/{key}", {
      params: { key: "in.ckyc.download" },
      body: { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp", mobile: "9876543210" },
    });
    expect(pending.body).toMatchObject({ status: "pending" });
    const id = { key: pending.body.id };
    expect((await call(other, "POST", "/v1/checks/{key}/otp", { params: id, body: { otp: "123456" } })).status).toBe(404);
    expect((await call(demo, "POST", "/v1/checks/{key}/otp", { params: id, body: { otp: "123456" } })).body).toMatchObject({ status: "passed" });
    expect((await call(demo, "POST", "/v1/checks/{key}/otp", { params: id, body: { otp: "123456" } })).status).toBe(409);
  });

  it("reference data", async () => {
    expect((await call(demo, "GET", "/v1/capabilities")).status).toBe(200);
    expect((await call(demo, "GET", "/v1/capabilities", { query: "?country=IN" })).body.countries).toHaveLength(1);
    expect((await call(demo, "GET", "/v1/capabilities", { query: "?country=IND" })).status).toBe(400);
    expect((await call(demo, "GET", "/v1/document-types")).body.data.length).toBeGreaterThan(0);
    expect((await call(demo, "GET", "/v1/document-types", { query: "?country=IND" })).status).toBe(400);
  });

  it("workflows", async () => {
    const list = await call(demo, "GET", "/v1/workflows", { query: "?limit=1" });
    expect(list.body.data).toHaveLength(1);
    expect((await call(demo, "GET", "/v1/workflows", { query: "?starting_after=wf_doesnotexist0000000000" })).status).toBe(404);
    expect((await call(demo, "GET", "/v1/workflows/{id}", { params: { id: fx.demo.workflows.kyb } })).status).toBe(200);
    expect((await call(other, "GET", "/v1/workflows/{id}", { params: { id: fx.demo.workflows.kyc } })).status).toBe(404);
  });

  it("webhook endpoints", async () => {
    const created = await call(demo, "POST", "/v1/webhook_endpoints", {
      body: { url: "http://127.0.0.1:9/openapi", events: ["session.*", "check.completed"], description: "openapi test" },
    });
    expect(created.status).toBe(201);
    expect((await call(demo, "POST", "/v1/webhook_endpoints", { body: { url: "not a url" } })).status).toBe(400);
    expect((await call(demo, "GET", "/v1/webhook_endpoints")).body.data.map((e: { id: string }) => e.id)).toContain(created.body.id);
    expect((await call(demo, "GET", "/v1/webhook_endpoints", { query: "?limit=101" })).status).toBe(400);
    const id = { id: created.body.id };
    expect((await call(demo, "GET", "/v1/webhook_endpoints/{id}", { params: id })).body).toMatchObject({ id: created.body.id, status: "enabled" });
    expect((await call(other, "GET", "/v1/webhook_endpoints/{id}", { params: id })).status).toBe(404);
    expect((await call(demo, "POST", "/v1/webhook_endpoints/{id}", { params: id, body: { disabled: true, events: ["session.approved"] } })).body).toMatchObject(
      {
        status: "disabled",
        disabled_reason: "manual",
      },
    );
    expect((await call(demo, "POST", "/v1/webhook_endpoints/{id}", { params: id, body: { url: "https://10.0.0.1/x" } })).status).toBe(400);
    expect((await call(other, "POST", "/v1/webhook_endpoints/{id}", { params: id, body: {} })).status).toBe(404);
    const rotated = await call(demo, "POST", "/v1/webhook_endpoints/{id}/rotate_secret", { params: id, body: { previous_secret_expires_in: 3600 } });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect((await call(other, "POST", "/v1/webhook_endpoints/{id}/rotate_secret", { params: id, body: {} })).status).toBe(404);
    expect((await call(other, "DELETE", "/v1/webhook_endpoints/{id}", { params: { id: created.body.id } })).status).toBe(404);
    expect((await call(demo, "DELETE", "/v1/webhook_endpoints/{id}", { params: { id: created.body.id } })).status).toBe(200);
  });

  it("events, which also match the webhook payloads documented under `webhooks`", async () => {
    const events = await call(demo, "GET", "/v1/events", { query: "?limit=100" });
    const types = new Set(events.body.data.map((e: { type: string }) => e.type));
    expect(types).toContain("session.created");
    expect(types).toContain("session.pii_erased");
    expect(types).toContain("check.completed");
    for (const event of events.body.data) {
      expect(validator.errors(json(doc.webhooks[event.type]?.post.requestBody?.content), event), event.type).toEqual([]);
    }
    expect((await call(demo, "GET", "/v1/events", { query: "?type=check.completed&created[gte]=2020-01-01T00:00:00Z" })).body.data.length).toBeGreaterThan(0);
    expect((await call(demo, "GET", "/v1/events", { query: "?limit=0" })).status).toBe(400);
    const check = events.body.data.find((e: { type: string }) => e.type === "check.completed");
    expect((await call(demo, "GET", "/v1/events/{id}", { params: { id: check.id } })).body).toEqual(check);
    expect((await call(other, "GET", "/v1/events/{id}", { params: { id: check.id } })).status).toBe(404);
  });
});

/** `app/v1/a/[id]/route.ts` -> `/v1/a/{id}`; the catch-all `[...path]` (404 for unknown paths) is no operation. */
function routeTemplates(dir: string, prefix = "/v1"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "route.ts" ? [prefix] : [];
    if (entry.name.startsWith("[...")) return [];
    return routeTemplates(path.join(dir, entry.name), `${prefix}/${entry.name.replace(/^\[(\w+)\]$/, "{$1}")}`);
  });
}

describe("the document covers the app", () => {
  it("documents every route file under app/v1, with exactly the methods it answers", async () => {
    const routes = routeTemplates(path.join(process.cwd(), "app", "v1")).sort();
    expect(Object.keys(doc.paths).sort()).toEqual(routes);
    for (const template of routes) {
      // Methods a route does not implement answer 405 with `Allow`.
      const res = await fetch(`${fx.baseUrl}${template.replace(/\{\w+\}/g, "x")}`, { method: "PATCH" });
      expect(res.status, template).toBe(405);
      const allowed = res.headers
        .get("allow")!
        .split(", ")
        .filter((m) => m !== "HEAD" && m !== "OPTIONS");
      expect(allowed.sort(), template).toEqual(
        Object.keys(doc.paths[template] ?? {})
          .map((m) => m.toUpperCase())
          .sort(),
      );
    }
  });

  it("exercised every documented operation on each success status and at least one error status", () => {
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) {
        const documented = Object.keys(operation.responses).map(Number);
        const seen = exercised.get(operation.operationId) ?? new Set<number>();
        expect([...seen].filter((s) => s < 300).sort(), `${operation.operationId}: success statuses`).toEqual(documented.filter((s) => s < 300).sort());
        if (documented.some((s) => s >= 400))
          expect(
            [...seen].some((s) => s >= 400),
            `${operation.operationId}: an error status`,
          ).toBe(true);
      }
    }
  });
});
