/**
 * Text PostgreSQL cannot store (NUL, unpaired surrogates) and paths that are not valid
 * percent-encoded UTF-8, sent to real /v1 route handlers as HTTP requests: refused at the edge
 * with the Error object (400 `parameter_invalid` naming the parameter, 404 `resource_missing`
 * for a path id), never an internal error.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import { createApiKey } from "~/server/api-keys/create-api-key";
import { GET as getEvents } from "./events/route";
import { GET as getSession } from "./sessions/[id]/route";
import { GET as listSessions, POST as createSession } from "./sessions/route";

let auth: string;
let workflowId: string;

beforeAll(async () => {
  const { db, seed } = await demoDb();
  auth = `Bearer ${(await createApiKey(db, { projectId: seed.projectId, mode: "test" })).secret}`;
  workflowId = seed.workflows.kyc;
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});

type Route = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

async function call(route: Route, path: string, init: { body?: string; params?: Record<string, string> } = {}) {
  const req = new Request(`http://localhost${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { authorization: auth, "content-type": "application/json" },
    body: init.body,
  });
  const res = await route(req, { params: Promise.resolve(init.params ?? {}) });
  return { status: res.status, error: ((await res.json()) as { error?: { code: string; param?: string; message: string } }).error };
}

describe("/v1 refuses text the database cannot store", () => {
  it.each([
    ["a NUL in a body string", '{"workflow_id":"WF","reference_id":"a\\u0000b"}', "reference_id"],
    ["an unpaired high surrogate", '{"workflow_id":"WF","reference_id":"a\\ud800b"}', "reference_id"],
    ["an unpaired low surrogate in a nested value", '{"workflow_id":"WF","metadata":{"plan":"\\udc00"}}', "metadata.plan"],
    ["a NUL in an object key", '{"workflow_id":"WF","metadata":{"k\\u0000":"v"}}', "metadata.k\u0000"],
    ["a NUL in an id the body refers to", '{"workflow_id":"wf_\\u0000"}', "workflow_id"],
  ])("body: %s is 400 parameter_invalid on its dot path", async (_, body, param) => {
    const r = await call(createSession, "/v1/sessions", { body: body.replace("WF", workflowId) });
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ code: "parameter_invalid", param });
  });

  it("a well-formed surrogate pair and other control characters still pass", async () => {
    const r = await call(createSession, "/v1/sessions", { body: JSON.stringify({ workflow_id: workflowId, reference_id: "emoji 😀 tab\t" }) });
    expect(r.status).toBe(201);
  });

  it.each([
    ["/v1/sessions?reference_id=%00", listSessions, "reference_id"],
    ["/v1/sessions?starting_after=ses_%00", listSessions, "starting_after"],
    ["/v1/events?type=%00", getEvents, "type"],
  ] as const)("query: %s is 400 parameter_invalid", async (path, route, param) => {
    const r = await call(route, path);
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ code: "parameter_invalid", param });
  });

  it("a path id with a NUL is 404 resource_missing", async () => {
    const r = await call(getSession, "/v1/sessions/ses_%00", { params: { id: "ses_\u0000" } });
    expect(r.status).toBe(404);
    expect(r.error).toMatchObject({ code: "resource_missing", param: "id" });
  });
});
