/**
 * What every tRPC procedure answers for input PostgreSQL cannot store and for an unexpected
 * error (issue 21, item 11): over HTTP with the fetch adapter, as the browser calls it.
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "../db";
import { INTERNAL_ERROR_MESSAGE } from "./init";
import { appRouter } from "./root";

// next-auth's ESM build imports `next/server` without an extension, which only Next's bundler
// resolves; the context here is built by hand, so auth() is never called.
vi.mock("../auth/auth", () => ({ auth: async () => null }));

const SECRET = "Invalid `prisma.clientToken.updateMany()` invocation: 22021 invalid byte sequence";

/** A database whose every call fails the way Prisma does, with internal text in the message. */
const failing = (): unknown =>
  new Proxy(
    async () => {
      throw new Error(SECRET);
    },
    { get: (_, prop) => (prop === "then" ? undefined : failing()) },
  );

/** One call in a batch of one: GET for the queries (`flow.state`), POST for the mutations. */
async function call(procedure: string, input: unknown, db: unknown = failing()) {
  const batch = JSON.stringify({ 0: { json: input } });
  const headers = { authorization: "Bearer st_fake", "content-type": "application/json" };
  const query = procedure === "flow.state";
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: new Request(`http://localhost/api/trpc/${procedure}?batch=1${query ? `&input=${encodeURIComponent(batch)}` : ""}`, {
      method: query ? "GET" : "POST",
      headers,
      body: query ? undefined : batch,
    }),
    router: appRouter,
    createContext: () => ({ db: db as Db, userId: null, headers: new Headers(headers) }),
    onError: () => {},
  });
  return { status: res.status, text: await res.text() };
}

describe("tRPC errors", () => {
  it.each([
    ["flow.state", { sessionId: "\u0000" }, "sessionId"],
    ["flow.start", { sessionId: "ses_\ud800" }, "sessionId"],
    ["flow.submitStep", { sessionId: "ses_1", step: "pan", values: { name: "a\udc00" } }, "values.name"],
    ["flow.submitStep", { sessionId: "ses_1", step: "pan", values: { "k\u0000": "x" } }, "values.k\u0000"],
  ])("%s with NUL or a lone surrogate is 400 parameter_invalid naming the param, before the database", async (procedure, input, param) => {
    const { status, text } = await call(procedure, input);
    expect(status).toBe(400);
    const [body] = JSON.parse(text) as [{ error: { json: { data: { code: string; domain: { code: string; param: string } } } } }];
    expect(body.error.json.data).toMatchObject({ code: "BAD_REQUEST", domain: { code: "parameter_invalid", param } });
    expect(text).not.toContain("prisma");
  });

  it("answers an unexpected error with a fixed message: no internal text, no stack", async () => {
    const { status, text } = await call("flow.state", { sessionId: "ses_1" });
    expect(status).toBe(500);
    const [body] = JSON.parse(text) as [{ error: { json: { message: string; data: Record<string, unknown> } } }];
    expect(body.error.json.message).toBe(INTERNAL_ERROR_MESSAGE);
    expect(body.error.json.data).not.toHaveProperty("stack");
    expect(text).not.toMatch(/prisma|22021|invocation/i);
  });
});
