import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fromZodError } from "../errors";
import { API_ENDPOINTS } from "./endpoints";

const lists = API_ENDPOINTS.filter((e) => e.query && "limit" in ((e.query as z.ZodObject).shape ?? {}));

describe("list limit query parameter", () => {
  it("is on every list endpoint", () => {
    expect(lists.map((e) => e.operationId).sort()).toEqual(["listEvents", "listSessions", "listWebhookEndpoints", "listWorkflows"]);
  });

  it.each(lists.map((e) => [e.operationId, e] as const))("%s takes decimal digits only", (_, e) => {
    const parse = (limit: string | undefined) => e.query!.safeParse(limit === undefined ? {} : { limit });
    expect(parse("10").data).toMatchObject({ limit: 10 });
    expect(parse("100").data).toMatchObject({ limit: 100 });
    expect(parse(undefined).success).toBe(true);
    for (const limit of ["0x10", "1e1", " 10", "10 ", "10.0", "+10", "", "0b1", "Infinity"]) {
      const r = parse(limit);
      expect(r.success, limit).toBe(false);
      expect(fromZodError(r.error!)).toMatchObject({ code: "parameter_invalid", param: "limit" });
    }
  });
});
