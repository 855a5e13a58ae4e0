/**
 * Fuzz suite of /v1 (issue 21, "Proof"), generated from the service's own OpenAPI document
 * (GET /v1/openapi.json) with fast-check: for every operation, valid requests (path ids of real
 * objects, every documented query parameter, bodies from the request schemas) and mutated ones
 * (a wrong type, a missing or extra field, values on and past their bounds, NUL and lone
 * surrogates, huge numbers, deep nesting; bad ids and query values; bad headers and keys; wrong
 * content types, invalid JSON, chunked and oversized bodies). Seeded (FUZZ_SEED) and bounded.
 *
 * Every answer must be a 2xx whose body matches the documented schema, or the Error object; never
 * a 5xx, never internal text; and a request answered with an error creates nothing (the
 * project's sessions, webhook endpoints and checks are counted before and after). The fuzz runs
 * on a project of an organization of its own, so nothing it creates or changes reaches the other
 * suites (the journeys share the database).
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createApiKey } from "../../server/api-keys/create-api-key";
import { closeDb, getDb, type Db } from "../../server/db";
import { MAX_JSON_BODY_BYTES } from "../../server/http/capped-body";
import { newId } from "../../server/ids";
import { ensureProject } from "../../server/projects/ensure-project";
import { ensureIndiaWorkflows } from "../../server/seed/seed-demo";
import { type OpenApiDocument, type OpenApiResponse, openApiValidator } from "../fixtures/openapi-validator";
import { blankPdf } from "../fixtures/pdf-fixtures";
import {
  answeredBeforeTheApp,
  BAD_IDS,
  describe as explain,
  FUZZ_SEED,
  type FuzzAnswer,
  type FuzzRequest,
  INTERNAL_TEXT,
  pool,
  sample,
  send,
} from "./fuzz/http";
import { type JsonSchema, mutated, Raw, toJsonText, UNSTORABLE, valid } from "./fuzz/schema-arbitrary";

const fx = inject("fixtures");
/** Requests per operation: about 2,100 over the 23 operations. */
const RUNS_PER_OPERATION = 90;
/** Requests in flight at once; each worker has its own API key (the rate limit is per key). */
const WORKERS = 4;

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  method: string;
  template: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

let db: Db;
let doc: OpenApiDocument;
let validator: ReturnType<typeof openApiValidator>;
let projectId: string;
let keys: string[];
/** Ids of real objects of the fuzz project, by the kind of path they go in. */
const ids: Record<"session" | "webhook" | "workflow" | "event" | "check" | "capability" | "file", string[]> = {
  session: [],
  file: [],
  webhook: [],
  workflow: [],
  event: [],
  check: [],
  capability: [],
};
/** Input schema of each check key (GET /v1/capabilities). */
const checkInputs = new Map<string, JsonSchema>();

const resolve = (s: JsonSchema): JsonSchema => (s.$ref ? resolve(validator.resolve<JsonSchema>({ $ref: s.$ref })) : s);

async function v1(method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${fx.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${keys[0]}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  db = await getDb();
  const org = await db.organization.create({ data: { id: newId("organization"), name: "Fuzz API", slug: `fuzz-api-${Date.now()}` }, select: { id: true } });
  projectId = (await ensureProject(db, { organizationId: org.id, slug: "main", name: "Fuzz" })).id;
  const workflows = await ensureIndiaWorkflows(db, projectId);
  keys = await Promise.all(Array.from({ length: WORKERS }, async () => (await createApiKey(db, { projectId, mode: "test" })).secret));
  doc = (await (await fetch(`${fx.baseUrl}/v1/openapi.json`)).json()) as OpenApiDocument;
  validator = openApiValidator(doc);

  ids.workflow = [workflows.kyc, workflows.kyb];
  for (const workflow_id of ids.workflow) {
    const created = await v1("POST", "/v1/sessions", { workflow_id, reference_id: "fuzz-seed" });
    expect(created.status).toBe(201);
    ids.session.push(created.body.id as string);
  }
  const hook = await v1("POST", "/v1/webhook_endpoints", { url: "http://127.0.0.1:45999/fuzz-hook", events: ["check.completed"] });
  expect(hook.status).toBe(201);
  ids.webhook.push(hook.body.id as string);
  const check = await v1("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", name: "Ravi Kumar" });
  expect(check.status).toBe(200);
  ids.check.push(check.body.id as string);
  ids.event = ((await v1("GET", "/v1/events?limit=5")).body.data as { id: string }[]).map((e) => e.id);
  // a Files API upload (multipart: the one body v1() does not send)
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(blankPdf(1))]), "fuzz.pdf");
  form.append("purpose", "business_document");
  const file = await fetch(`${fx.baseUrl}/v1/files`, { method: "POST", headers: { authorization: `Bearer ${keys[0]}` }, body: form });
  expect(file.status).toBe(201);
  ids.file.push(((await file.json()) as { id: string }).id);
  const capabilities = (await v1("GET", "/v1/capabilities")).body as { countries: { checks: { key: string; generic_key: string; input: JsonSchema }[] }[] };
  for (const c of capabilities.countries.flatMap((country) => country.checks)) {
    checkInputs.set(c.key, c.input);
    ids.capability.push(c.key);
  }
  expect(ids.event.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await closeDb();
});

/**
 * The documented operations, parameters resolved (the document itself is fetched, not fuzzed);
 * DELETEs last, so that the real objects they remove serve the other operations first.
 */
function operations(): Operation[] {
  const all = Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.operationId && op.operationId !== "getOpenApiDocument")
      .map(([method, op]) => {
        const raw = op as unknown as { parameters?: (Parameter | { $ref: string })[] };
        return {
          operationId: op.operationId,
          method: method.toUpperCase(),
          template,
          parameters: (raw.parameters ?? []).map((p) => validator.resolve<Parameter>(p)),
          body: op.requestBody?.content["application/json"]?.schema,
        };
      }),
  );
  return [...all.filter((op) => op.method !== "DELETE"), ...all.filter((op) => op.method === "DELETE")];
}

/** Real ids for a path parameter: sessions, webhook endpoints, ... by the path it is in. */
function realIds(op: Operation, name: string): string[] {
  if (name === "evidence_id") return ["evd_00000000000000000000"];
  if (name === "key") return op.method === "POST" ? ids.capability : ids.check;
  const kind = (["session", "webhook", "workflow", "event", "file"] as const).find((k) => op.template.includes(`/${k}`));
  return kind ? ids[kind] : [];
}

/** Query values a strict reader refuses: wrong types, radix tricks, NUL, undecodable UTF-8, huge. */
const BAD_QUERY_VALUES = [
  "",
  "0x10",
  "0",
  "-1",
  "1e3",
  "1.5",
  "abc",
  "101",
  "99999999999999999999",
  "%00",
  "%ED%A0%80",
  "a%00b",
  "%",
  "x".repeat(5_000),
  "true",
  "[]",
  "2026-13-45T99:99:99Z",
];
const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/xml",
  "",
  "application/json, text/plain",
];
const BAD_JSON = ["", "{", "nul", "\ufeff{}", "[]", "null", "1", '"x"', "{'a':1}", '{"a":1}{"b":2}', '{"a":\u0000}', "\u0000"];

const pathOf = (op: Operation, values: Record<string, string>) => op.template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "x");
const enc = (v: unknown) => encodeURIComponent(String(v));

/** The arbitrary of valid requests of `op` (with `mode` flags the caller sets on the request). */
function validRequest(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const path = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fc.constantFrom(...realIds(op, p.name).map(enc))]))) as fc.Arbitrary<
    Record<string, string>
  >;
  const query = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema, resolve)])), { requiredKeys: [] });
  const sessionHints = {
    workflow_id: fc.constantFrom(...ids.workflow),
    steps: fc.constant(["pan"]),
    url: fc.constantFrom("http://127.0.0.1:45999/fuzz-hook", "https://example.com/hook", "http://localhost:45998/x"),
  };
  const body: fc.Arbitrary<unknown> =
    op.operationId === "runCheck" ? fc.constant(undefined) : op.body ? valid(op.body, resolve, sessionHints) : fc.constant(undefined);
  return fc.tuple(path, query, body, fc.boolean(), fc.uuid()).chain(([p, q, b, keyed, uuid]) => {
    const checkBody = op.operationId === "runCheck" ? valid(checkInputs.get(decodeURIComponent(p.key!)) ?? {}, resolve) : fc.constant(b);
    return checkBody.map((bodyValue) => ({
      label: "valid",
      method: op.method,
      url:
        pathOf(op, p) +
        (Object.keys(q).length
          ? `?${Object.entries(q)
              .map(([k, v]) => `${enc(k)}=${enc(v)}`)
              .join("&")}`
          : ""),
      headers: {
        ...(bodyValue !== undefined ? { "content-type": "application/json" } : {}),
        ...(keyed && op.parameters.some((h) => h.name === "Idempotency-Key") ? { "idempotency-key": `fuzz-${uuid}` } : {}),
      },
      body: bodyValue === undefined ? undefined : toJsonText(bodyValue),
    }));
  });
}

/** Requests of `op`: valid ones and every kind of mutation the operation has room for. */
function requests(op: Operation): fc.Arbitrary<FuzzRequest> {
  const base = validRequest(op);
  const relabel = (label: string, change: (r: FuzzRequest) => FuzzRequest) => base.map((r) => ({ ...change(r), label }));
  const arbs: fc.Arbitrary<FuzzRequest>[] = [base, base];
  if (op.body) {
    const schema = op.operationId === "runCheck" ? checkInputs.get("in.pan.verify")! : op.body;
    arbs.push(
      fc.tuple(base, mutated(schema, resolve, { workflow_id: fc.constantFrom(...ids.workflow) })).map(([r, m]) => ({
        ...r,
        label: `body:${m.kind}`,
        body: m.value === undefined ? undefined : toJsonText(m.value),
      })),
      fc.tuple(base, fc.constantFrom(...CONTENT_TYPES)).map(([r, type]) => ({ ...r, label: "content_type", headers: { ...r.headers, "content-type": type } })),
      fc.tuple(base, fc.constantFrom(...BAD_JSON)).map(([r, text]) => ({ ...r, label: "invalid_json", body: text })),
      relabel("chunked", (r) => ({ ...r, chunked: true })),
      fc.tuple(base, fc.boolean()).map(([r, chunked]) => ({
        ...r,
        label: "oversized",
        chunked,
        body: `{"pad":"${"x".repeat(MAX_JSON_BODY_BYTES)}"}`,
      })),
    );
  } else if (op.method === "POST" || op.method === "DELETE") {
    arbs.push(
      fc
        .tuple(base, fc.constantFrom(...BAD_JSON, '{"unexpected":true}'))
        .map(([r, text]) => ({ ...r, label: "unexpected_body", headers: { ...r.headers, "content-type": "application/json" }, body: text })),
    );
  }
  const pathParams = op.parameters.filter((p) => p.in === "path");
  if (pathParams.length) {
    arbs.push(
      fc
        .tuple(base, fc.constantFrom(...pathParams.map((p) => p.name)), fc.oneof(fc.constantFrom(...BAD_IDS), fc.string({ maxLength: 30 }).map(enc)))
        .map(([r, name, bad]) => {
          const values = Object.fromEntries(pathParams.map((p) => [p.name, enc(realIds(op, p.name)[0] ?? "x")]));
          const url = pathOf(op, { ...values, [name]: bad }) + (r.url.includes("?") ? r.url.slice(r.url.indexOf("?")) : "");
          return { ...r, label: `path:${name}`, url };
        }),
    );
  }
  const queryNames = [...op.parameters.filter((p) => p.in === "query").map((p) => p.name), "unknown", "limit"];
  arbs.push(
    fc
      .tuple(base, fc.constantFrom(...queryNames), fc.oneof(fc.constantFrom(...BAD_QUERY_VALUES), fc.string({ maxLength: 20 }).map(enc)), fc.boolean())
      .map(([r, name, bad, twice]) => {
        const value = `${enc(name)}=${bad}`;
        const url = `${r.url}${r.url.includes("?") ? "&" : "?"}${value}${twice ? `&${value}` : ""}`;
        return { ...r, label: `query:${name}`, url };
      }),
    fc
      .tuple(
        base,
        fc.constantFrom<[string, string]>(
          ["service-version", "1999-01-01"],
          ["service-version", "2026-10-01\u00ff"],
          ["service-version", ""],
          ["idempotency-key", "k".repeat(256)],
          ["idempotency-key", "\u00ff\u00fe"],
          ["idempotency-key", " "],
          ["content-type", "application/json; charset=\u00ff"],
          ["accept", "application/xml"],
        ),
      )
      .map(([r, [name, value]]) => ({ ...r, label: `header:${name}`, headers: { ...r.headers, [name]: value } })),
    fc
      .tuple(
        base,
        fc.constantFrom("", "Bearer ", "Bearer sk_test_\u00ff", "Bearer sk_live_x", "Basic Zm9vOmJhcg==", "Bearer " + "s".repeat(5_000), "bearer sk_test_x"),
      )
      .map(([r, auth]) => ({ ...r, label: "auth", headers: { ...r.headers, authorization: auth } })),
  );
  return fc.oneof(...arbs);
}

/** What is wrong with `answer` to `req` on `op`, or null when it is a documented answer. */
function problem(op: Operation, answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return "5xx";
  if (answeredBeforeTheApp(answer)) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `not JSON (${answer.contentType})`;
  }
  const documented = doc.paths[op.template]![op.method.toLowerCase()]!.responses[String(answer.status)];
  if (answer.status < 300) {
    if (!documented) return "undocumented success status";
    const schema = validator.resolve<OpenApiResponse>(documented).content?.["application/json"]?.schema;
    const errors = schema ? validator.errors(schema, body) : [];
    return errors.length ? `body does not match the documented schema: ${errors.slice(0, 3).join("; ")}` : null;
  }
  const errors = validator.errors({ $ref: "#/components/schemas/Error" }, body);
  if (errors.length) return `not the Error object: ${errors.slice(0, 3).join("; ")}`;
  if (INTERNAL_TEXT.test(answer.text)) return "internal text in the answer";
  return null;
}

/** The fuzz project's sessions, webhook endpoints and checks. */
async function counts(): Promise<Record<string, number>> {
  const [sessions, webhooks, checks] = await Promise.all([
    db.session.count({ where: { projectId } }),
    db.webhookEndpoint.count({ where: { projectId } }),
    db.check.count({ where: { projectId } }),
  ]);
  return { sessions, webhooks, checks };
}
/** The table an operation adds a row to when it succeeds. */
const CREATES: Record<string, string> = { createSession: "sessions", createWebhookEndpoint: "webhooks", runCheck: "checks" };

it("answers every generated request of every operation with a 2xx or the Error object, and creates nothing on an error", { timeout: 600_000 }, async () => {
  const ops = operations();
  expect(ops.length).toBeGreaterThan(20);
  const findings: string[] = [];
  let total = 0;
  let succeeded = 0;
  for (const [index, op] of ops.entries()) {
    const seed = FUZZ_SEED + index;
    const reqs = sample(requests(op), seed, RUNS_PER_OPERATION);
    const before = await counts();
    const answers = await pool(reqs, WORKERS, async (req, worker) => {
      const withKey = { ...req, headers: { authorization: `Bearer ${keys[worker]}`, ...req.headers } };
      try {
        return await send(fx.baseUrl, withKey);
      } catch (err) {
        findings.push(explain(withKey, null, `${op.operationId} (seed ${seed}): no answer: ${(err as Error).message}`));
        return null;
      }
    });
    total += reqs.length;
    answers.forEach((answer, i) => {
      const why = answer && problem(op, answer);
      if (why) findings.push(explain(reqs[i]!, answer, `${op.operationId} (seed ${seed}): ${why}`));
    });
    const after = await counts();
    const created = answers.filter((a) => a && a.status < 300).length;
    succeeded += created;
    for (const table of Object.keys(before)) {
      const grew = after[table]! - before[table]!;
      // at most one row per success of the operation that creates them (an idempotent replay or
      // a cached check answer adds none), none for any other operation or any error
      const allowed = CREATES[op.operationId] === table ? created : 0;
      if (grew > allowed) findings.push(`${op.operationId} (seed ${seed}): ${table} grew by ${grew} for ${allowed} successful creations`);
    }
  }
  expect(total).toBeGreaterThanOrEqual(ops.length * RUNS_PER_OPERATION);
  // the valid half of the requests reaches the handlers: without that, the fuzz proves little
  expect(succeeded / total).toBeGreaterThan(0.15);
  expect(findings, `${findings.length} findings in ${total} requests`).toEqual([]);
});

it("generates what it claims: valid requests succeed and each mutation kind occurs", () => {
  const op = operations().find((o) => o.operationId === "createSession")!;
  const labels = new Set(sample(requests(op), FUZZ_SEED, 400).map((r) => r.label.split(":")[0]));
  for (const kind of ["valid", "body", "content_type", "invalid_json", "chunked", "oversized", "query", "header", "auth"]) expect(labels).toContain(kind);
  const bodies = sample(requests(op), FUZZ_SEED, 400)
    .filter((r) => r.label.startsWith("body:"))
    .map((r) => String(r.body ?? ""));
  expect(bodies.some((b) => UNSTORABLE.some((u) => b.includes(JSON.stringify(u).slice(1, -1))))).toBe(true);
  expect(bodies.some((b) => b.includes("1e400") || b.includes("9".repeat(400)))).toBe(true);
  expect(toJsonText({ a: new Raw("1e400"), b: [1] })).toBe('{"a":1e400,"b":[1]}');
});
