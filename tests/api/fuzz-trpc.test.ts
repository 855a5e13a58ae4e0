/**
 * Fuzz suite of the tRPC procedures (issue 21, "Proof"): the hosted flow's (client token) and
 * the dashboard's (a signed-in owner), generated with fast-check from each procedure's own input
 * schema (zod, through `z.toJSONSchema`): valid inputs (real ids of a project of the fuzz's
 * own) and mutated ones (wrong types, missing and extra fields, bounds, NUL and lone surrogates,
 * huge numbers, deep nesting), plus bad envelopes (invalid JSON, superjson meta that names odd
 * types, wrong content type and method, a fake or missing token, chunked bodies). Seeded and
 * bounded.
 *
 * Every answer must be JSON, never a 5xx and never internal text (Prisma's messages, file
 * paths); and when no call of a procedure succeeded, nothing was created.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, inject, it, vi } from "vitest";
import { z } from "zod";
import { createApiKey } from "../../server/api-keys/create-api-key";
import { closeDb, getDb, type Db } from "../../server/db";
import { newId } from "../../server/ids";
import { ensureProject } from "../../server/projects/ensure-project";
import { ensureIndiaWorkflows } from "../../server/seed/seed-demo";
import { appRouter } from "../../server/trpc/root";
import { hashPassword } from "../../server/users/passwords";
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
import { type JsonSchema, mutated, toJsonText, UNSTORABLE, valid } from "./fuzz/schema-arbitrary";

// next-auth's ESM build imports `next/server` without an extension, which only Next's bundler
// resolves; this process only reads the router's procedure list, so auth() is never called.
vi.mock("../../server/auth/auth", () => ({ auth: async () => null }));

const fx = inject("fixtures");
/** Requests per procedure: about 1,000 over the ~80 procedures. */
const RUNS_PER_PROCEDURE = 12;
const WORKERS = 4;
const PASSWORD = "fuzz-owner-password-1";

interface Procedure {
  path: string;
  type: "query" | "mutation";
  /** The merged JSON Schema of its inputs; `$defs` at the root. */
  input: JsonSchema | null;
}

let db: Db;
let projectId: string;
let organizationId: string;
let cookie = "";
let session: { id: string; client_token: string };
const email = `fuzz-owner-${Date.now()}@fuzz.test`;

/** The router's procedures with their input schemas, from the app's own zod schemas. */
function procedures(): Procedure[] {
  const defs = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: Procedure["type"]; inputs: z.ZodType[] } }> } })._def.procedures;
  return Object.entries(defs).map(([path, p]) => {
    const parts = p._def.inputs.map((i) => z.toJSONSchema(i, { io: "input", unrepresentable: "any" }) as JsonSchema);
    const input = parts.length
      ? {
          type: "object",
          properties: Object.assign({}, ...parts.map((s) => s.properties)),
          required: parts.flatMap((s) => s.required ?? []),
          additionalProperties: false,
          $defs: Object.assign({}, ...parts.map((s) => s.$defs)),
        }
      : null;
    return { path, type: p._def.type, input };
  });
}

/** Signs the fuzz owner in with next-auth's credentials form; returns the cookie header. */
async function signIn(): Promise<string> {
  const jar = new Map<string, string>();
  const take = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${fx.baseUrl}/api/auth/csrf`);
  take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${fx.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: header() },
    body: new URLSearchParams({ email, password: PASSWORD, csrfToken, callbackUrl: `${fx.baseUrl}/dashboard` }),
  });
  take(res);
  return header();
}

beforeAll(async () => {
  db = await getDb();
  // an organization of the fuzz's own: whatever the dashboard procedures change stays there
  organizationId = (await db.organization.create({ data: { id: newId("organization"), name: "Fuzz Org", slug: `fuzz-${Date.now()}` }, select: { id: true } }))
    .id;
  const userId = (
    await db.user.create({ data: { id: newId("user"), email, name: "Fuzz Owner", passwordHash: await hashPassword(PASSWORD) }, select: { id: true } })
  ).id;
  await db.membership.create({ data: { id: newId("membership"), userId, organizationId, role: "owner" } });
  projectId = (await ensureProject(db, { organizationId, slug: "main", name: "Fuzz" })).id;
  const workflows = await ensureIndiaWorkflows(db, projectId);
  const key = (await createApiKey(db, { projectId, mode: "test" })).secret;
  const created = await fetch(`${fx.baseUrl}/v1/sessions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ workflow_id: workflows.kyc }),
  });
  expect(created.status).toBe(201);
  session = (await created.json()) as typeof session;
  cookie = await signIn();
  expect((await fetch(`${fx.baseUrl}/api/trpc/me.get`, { headers: { cookie } })).status).toBe(200);
});

afterAll(async () => {
  await closeDb();
});

/** Real values for inputs, by property name: the fuzz project, its session, its client token. */
function hints(): Record<string, fc.Arbitrary<unknown>> {
  return {
    projectId: fc.constant(projectId),
    mode: fc.constant("test"),
    sessionId: fc.constant(session.id),
    id: fc.oneof(fc.constant(session.id), fc.string({ minLength: 1, maxLength: 30 })),
    step: fc.constantFrom("consent", "pan", "documents", "selfie", "phone"),
    locale: fc.constantFrom("en", "hi", "xx"),
  };
}

/** A batch of one call of `p` with `inputText` (JSON text of the superjson envelope's `json`). */
function call(p: Procedure, inputText: string | undefined, meta?: string): FuzzRequest {
  const envelope = inputText === undefined ? "{}" : `{"json":${inputText}${meta ? `,"meta":${meta}` : ""}}`;
  const batch = `{"0":${envelope}}`;
  return p.type === "query"
    ? { label: "valid", method: "GET", url: `/api/trpc/${p.path}?batch=1&input=${encodeURIComponent(batch)}`, headers: {} }
    : { label: "valid", method: "POST", url: `/api/trpc/${p.path}?batch=1`, headers: { "content-type": "application/json" }, body: batch };
}

/** superjson `meta` that names odd types for the input's members (`sessionId` read as a BigInt, a Date, ...). */
const ODD_META = [
  '{"values":{"sessionId":["bigint"]}}',
  '{"values":{"projectId":["Date"]}}',
  '{"values":["map"]}',
  '{"values":{"id":[["custom","nope"]]}}',
  '{"values":{"__proto__":["set"]}}',
  '{"referentialEqualities":{"sessionId":["projectId"]}}',
  '"not an object"',
];
const BAD_BODIES = ["", "{", '{"0":', "null", "[]", '{"0":null}', '{"0":{"json":1}}', '{"5":{"json":{}}}', "\u0000", '{"0":{"json":"\\ud800"}}'];

function requests(p: Procedure): fc.Arbitrary<FuzzRequest> {
  const schema = p.input ?? { type: "object", properties: {} };
  const root = schema;
  const resolve = (s: JsonSchema): JsonSchema =>
    s.$ref?.startsWith("#/$defs/") ? resolve((root.$defs as Record<string, JsonSchema>)[s.$ref.slice("#/$defs/".length)]!) : s;
  const base = valid(schema, resolve, hints()).map((v) => call(p, p.input ? toJsonText(v) : undefined));
  const arbs: fc.Arbitrary<FuzzRequest>[] = [
    base,
    mutated(schema, resolve, hints()).map((m) => ({ ...call(p, m.value === undefined ? "null" : toJsonText(m.value)), label: `input:${m.kind}` })),
    mutated(schema, resolve, hints()).map((m) => ({ ...call(p, m.value === undefined ? "null" : toJsonText(m.value)), label: `input:${m.kind}` })),
    fc.tuple(valid(schema, resolve, hints()), fc.constantFrom(...ODD_META)).map(([v, meta]) => ({ ...call(p, toJsonText(v), meta), label: "superjson_meta" })),
  ];
  if (p.type === "mutation") {
    arbs.push(
      fc.constantFrom(...BAD_BODIES).map((body) => ({ ...call(p, undefined), label: "bad_body", body })),
      base.map((r) => ({ ...r, label: "content_type", headers: { "content-type": "text/plain" } })),
      base.map((r) => ({ ...r, label: "chunked", chunked: true })),
      base.map((r) => ({ ...r, label: "wrong_method", method: "GET", body: undefined })),
    );
  } else {
    arbs.push(
      fc
        .constantFrom("%ED%A0%80", "%00", "%7B", "%", "x".repeat(3000))
        .map((input) => ({ ...call(p, undefined), label: "bad_query", url: `/api/trpc/${p.path}?batch=1&input=${input}` })),
    );
  }
  return fc.tuple(fc.oneof(...arbs), fc.constantFrom("real", "real", "real", "fake", "none", "unstorable")).map(([r, auth]) => ({
    ...r,
    label: `${r.label}/${auth}`,
    headers: {
      ...r.headers,
      ...(p.path.startsWith("flow.")
        ? auth === "none"
          ? {}
          : { authorization: `Bearer ${auth === "real" ? session.client_token : auth === "fake" ? "st_fake" : "st_\u00ff\u00fe"}` }
        : auth === "none"
          ? {}
          : { cookie: auth === "real" ? cookie : auth === "fake" ? "authjs.session-token=fake" : "authjs.session-token=\u00ff" }),
    },
  }));
}

/** What is wrong with a tRPC answer, or null: a 5xx, something else than JSON, internal text. */
function problem(answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return "5xx";
  if (answeredBeforeTheApp(answer)) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `not JSON (${answer.contentType})`;
  }
  // tRPC adds a `stack` in development builds only; the rest is what every build answers
  const text = JSON.stringify(body, (k, v: unknown) => (k === "stack" ? undefined : v));
  if (/"httpStatus":5\d\d/.test(text)) return "a call answered 5xx";
  return INTERNAL_TEXT.test(text) ? "internal text in the answer" : null;
}

/** Rows a procedure could create in the fuzz organization. */
async function counts(): Promise<Record<string, number>> {
  const [sessions, webhooks, checks, apiKeys, invitations, workflows] = await Promise.all([
    db.session.count({ where: { projectId } }),
    db.webhookEndpoint.count({ where: { projectId } }),
    db.check.count({ where: { projectId } }),
    db.apiKey.count({ where: { projectId } }),
    db.invitation.count({ where: { organizationId } }),
    db.workflow.count({ where: { projectId } }),
  ]);
  return { sessions, webhooks, checks, apiKeys, invitations, workflows };
}

it(
  "answers every generated call of every flow and dashboard procedure without a 5xx or internal text; errors create nothing",
  { timeout: 600_000 },
  async () => {
    const procs = procedures();
    expect(procs.length).toBeGreaterThan(60);
    const findings: string[] = [];
    let total = 0;
    let successes = 0;
    for (const [index, p] of procs.entries()) {
      const seed = FUZZ_SEED + 1_000 + index;
      const reqs = sample(requests(p), seed, RUNS_PER_PROCEDURE);
      const before = await counts();
      const answers = await pool(reqs, WORKERS, async (req) => {
        try {
          return await send(fx.baseUrl, req);
        } catch (err) {
          findings.push(explain(req, null, `${p.path} (seed ${seed}): no answer: ${(err as Error).message}`));
          return null;
        }
      });
      total += reqs.length;
      answers.forEach((answer, i) => {
        const why = answer && problem(answer);
        if (why) findings.push(explain(reqs[i]!, answer, `${p.path} (seed ${seed}): ${why}`));
      });
      const after = await counts();
      const succeeded = answers.filter((a) => a && a.status < 300).length;
      successes += succeeded;
      for (const table of Object.keys(before)) {
        const grew = after[table]! - before[table]!;
        if (grew > succeeded) findings.push(`${p.path} (seed ${seed}): ${table} grew by ${grew} with ${succeeded} successful calls`);
      }
      // a procedure may have ended the owner's dashboard sessions (sign-out everywhere): sign in again
      if ((await fetch(`${fx.baseUrl}/api/trpc/me.get`, { headers: { cookie } })).status === 401) cookie = await signIn();
    }
    expect(total).toBeGreaterThanOrEqual(procs.length * RUNS_PER_PROCEDURE);
    // valid calls with the real token and cookie reach the procedures (most inputs name no real object)
    expect(successes).toBeGreaterThan(total * 0.02);
    expect(findings, `${findings.length} findings in ${total} requests`).toEqual([]);
  },
);

/** Bytes of a file part: a tiny PNG, text, nothing, the EICAR test string, random bytes. */
const FILES: Uint8Array[] = [
  Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64")),
  new TextEncoder().encode("not an image"),
  new Uint8Array(0),
  new TextEncoder().encode("X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"),
  Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256),
];
const PART_TEXT = ["selfie", "documents", "pan", "consent", "", "\u0000", "a\ud800", "x".repeat(5_000), "aadhaar_front", "selfie_frame"];

/** Generated requests of the flow's upload route (multipart: `step`, `kind`, `file`). */
function uploads(): fc.Arbitrary<Promise<FuzzRequest>> {
  return fc
    .record({
      // not the dot segments: the client resolves `/flow/../upload` to `/upload`, another route
      id: fc.oneof(fc.constant(encodeURIComponent(session.id)), fc.constantFrom(...BAD_IDS.filter((bad) => !/^(\.|%2E)+$/i.test(bad)))),
      auth: fc.constantFrom(`Bearer ${session.client_token}`, `Bearer ${session.client_token}`, "Bearer st_fake", "", "Bearer st_\u00ff"),
      step: fc.option(fc.constantFrom(...PART_TEXT)),
      kind: fc.option(fc.constantFrom(...PART_TEXT)),
      file: fc.option(fc.constantFrom(...FILES.keys())),
      framing: fc.constantFrom("multipart", "multipart", "chunked", "text/plain", "bad_boundary", "truncated"),
    })
    .map(async ({ id, auth, step, kind, file, framing }) => {
      const form = new FormData();
      if (step !== null) form.append("step", step);
      if (kind !== null) form.append("kind", kind);
      if (file !== null) form.append("file", new Blob([FILES[file]!.slice()]), "upload.bin");
      const encoded = new Response(form);
      const body = new Uint8Array(await encoded.arrayBuffer());
      const type = encoded.headers.get("content-type")!;
      return {
        label: `upload:${framing}`,
        method: "POST",
        url: `/flow/${id}/upload`,
        headers: {
          ...(auth ? { authorization: auth } : {}),
          "content-type": framing === "text/plain" ? "text/plain" : framing === "bad_boundary" ? "multipart/form-data; boundary=nope" : type,
        },
        body: framing === "truncated" ? body.slice(0, Math.floor(body.length / 2)) : body,
        chunked: framing === "chunked",
      };
    });
}

it("answers every generated upload of the flow with 201 or the Error object, never a 5xx; refused uploads store nothing", { timeout: 300_000 }, async () => {
  const reqs = await Promise.all(sample(uploads(), FUZZ_SEED + 2_000, 150));
  const evidence = () => db.evidenceFile.count({ where: { sessionId: session.id } });
  const before = await evidence();
  const answers = await pool(reqs, WORKERS, (req) => send(fx.baseUrl, req));
  const findings = answers.flatMap((answer, i) => {
    if (answer.status >= 500) return [explain(reqs[i]!, answer, "5xx")];
    if (answeredBeforeTheApp(answer) || answer.status === 201) return [];
    let body: { error?: { code?: unknown; request_id?: unknown } };
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      return [explain(reqs[i]!, answer, `not JSON (${answer.contentType})`)];
    }
    if (typeof body.error?.code !== "string" || typeof body.error.request_id !== "string") return [explain(reqs[i]!, answer, "not the Error object")];
    return INTERNAL_TEXT.test(answer.text) ? [explain(reqs[i]!, answer, "internal text")] : [];
  });
  expect(findings).toEqual([]);
  expect((await evidence()) - before).toBeLessThanOrEqual(answers.filter((a) => a.status === 201).length);
  expect(answers.some((a) => a.status === 404)).toBe(true);
});

it("generates unstorable text and fake tokens for the flow's procedures", () => {
  const state = procedures().find((p) => p.path === "flow.state")!;
  const reqs = sample(requests(state), FUZZ_SEED, 300);
  expect(reqs.some((r) => r.headers.authorization === "Bearer st_fake")).toBe(true);
  const inputs = reqs.filter((r) => r.label.startsWith("input:")).map((r) => decodeURIComponent(r.url));
  expect(inputs.some((url) => UNSTORABLE.some((u) => url.includes(JSON.stringify(u).slice(1, -1))))).toBe(true);
});
