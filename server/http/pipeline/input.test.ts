import { describe, expect, it } from "vitest";
import { z } from "zod";
import { domainError } from "~/tests/fixtures/domain-error";
import { parseInput } from "./input";

const endpoint = {
  params: z.strictObject({ id: z.string().startsWith("ses_") }),
  query: z.strictObject({ limit: z.coerce.number().int().min(1).default(25) }),
  body: z.strictObject({ note: z.string().max(3).optional(), meta: z.strictObject({ plan: z.string() }).optional() }),
};
const route = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const req = (query = "") => new Request(`http://localhost/v1/sessions/x${query}`, { method: "POST" });

describe("parseInput", () => {
  it("parses awaited params, the query and the body; a missing body is {}", async () => {
    expect(await parseInput(endpoint, req("?limit=5"), route({ id: "ses_1" }), { note: "ok" })).toEqual({
      params: { id: "ses_1" },
      query: { limit: 5 },
      body: { note: "ok" },
    });
    expect(await parseInput(endpoint, req(), route({ id: "ses_1" }), undefined)).toEqual({ params: { id: "ses_1" }, query: { limit: 25 }, body: {} });
  });

  it("fails on params first, then query, then body, naming the dot path", async () => {
    expect(await domainError(parseInput(endpoint, req("?limit=0"), route({ id: "x" }), { note: "long" }))).toMatchObject({
      code: "parameter_invalid",
      param: "id",
    });
    expect(await domainError(parseInput(endpoint, req("?limit=0"), route({ id: "ses_1" }), { note: "long" }))).toMatchObject({ param: "limit" });
    expect(await domainError(parseInput(endpoint, req(), route({ id: "ses_1" }), { meta: {} }))).toMatchObject({
      code: "parameter_missing",
      param: "meta.plan",
    });
    expect(await domainError(parseInput(endpoint, req("?x=1"), route({ id: "ses_1" }), {}))).toMatchObject({ code: "parameter_unknown", param: "x" });
  });

  it("an endpoint without a body schema takes no body but {}", async () => {
    const bare = {};
    expect(await parseInput(bare, req(), route({}), {})).toEqual({ params: undefined, query: undefined, body: undefined });
    // Next resolves `params` to undefined on a route without dynamic segments
    expect(await parseInput(bare, req("?a=1"), { params: Promise.resolve(undefined) }, undefined)).toEqual({
      params: undefined,
      query: undefined,
      body: undefined,
    });
    expect(await domainError(parseInput(bare, req(), route({}), { a: 1 }))).toMatchObject({ code: "parameter_unknown" });
    expect(await domainError(parseInput(bare, req(), route({}), "x"))).toMatchObject({ code: "parameter_unknown" });
  });

  it("refuses a path param with NUL as 404 and a query parameter with NUL as 400, before parsing", async () => {
    expect(await domainError(parseInput(endpoint, req("?limit=0"), route({ id: "ses_\u0000" }), {}))).toMatchObject({ code: "resource_missing", param: "id" });
    expect(await domainError(parseInput(endpoint, req("?q=%00"), route({ id: "ses_1" }), {}))).toMatchObject({ code: "parameter_invalid", param: "q" });
  });
});
