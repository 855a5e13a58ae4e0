import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { type ZodError, z } from "zod";
import type { Db } from "../db";
import { DomainError } from "../errors";
import { demoDb } from "~/tests/fixtures/demo-db";
import { isTransientDatabaseError, toApiError, ZError } from "./api-error";

let db: Db;
beforeAll(async () => {
  ({ db } = await demoDb());
});

/** The error Prisma throws when an interactive transaction outlives its timeout (P2028). */
async function transactionTimeout(): Promise<unknown> {
  try {
    await db.$transaction(
      async (tx) => {
        await sleep(200);
        await tx.organization.count();
      },
      { timeout: 20 },
    );
  } catch (err) {
    return err;
  }
  throw new Error("the transaction did not time out");
}

describe("toApiError", () => {
  it("answers a database that did not answer in time with 503 service_unavailable, not a 500", async () => {
    const err = await transactionTimeout();
    expect(isTransientDatabaseError(err)).toBe(true);
    const { status, body } = toApiError(err, "req_test");
    expect(status).toBe(503);
    expect(body.error).toMatchObject({ type: "api_error", code: "service_unavailable", request_id: "req_test" });
    expect(ZError.safeParse(body).success).toBe(true);
  });

  it("keeps DomainError and zod errors as they are and hides anything else behind internal_error", () => {
    expect(toApiError(new DomainError("resource_missing", "No such session."), "req_a").status).toBe(404);
    const zod = z.object({ a: z.string() }).safeParse({ a: 1 }).error as ZodError;
    expect(toApiError(zod, "req_b")).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error", param: "a" } } });
    const other = toApiError(new Error('relation "x" does not exist'), "req_c");
    expect(other.status).toBe(500);
    expect(JSON.stringify(other.body)).not.toContain("relation");
    expect(isTransientDatabaseError(new Error("P2028"))).toBe(false);
  });
});
