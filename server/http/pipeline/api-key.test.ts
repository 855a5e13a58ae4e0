import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import { domainError } from "~/tests/fixtures/domain-error";
import { createApiKey } from "../../api-keys/create-api-key";
import type { Db } from "../../db";
import { authenticate } from "./api-key";

let db: Db;
let projectId: string;
let testKey: string;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
  testKey = (await createApiKey(db, { projectId, mode: "test" })).secret;
});

const auth = (authorization?: string) => authenticate(db, new Headers(authorization ? { authorization } : {}));

describe("authenticate", () => {
  it("gives a valid key's project, mode and pinned version", async () => {
    const key = await auth(`Bearer ${testKey}`);
    expect(key).toMatchObject({ projectId, mode: "test", apiVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(key.keyId).toMatch(/^key_/);
  });

  it("refuses a missing header, a client token and an unknown key with their 401 codes", async () => {
    expect((await domainError(auth())).code).toBe("authentication_required");
    expect((await domainError(auth("Bearer st_abc"))).code).toBe("client_token_not_allowed");
    expect((await domainError(auth(`Bearer sk_test_${"0".repeat(32)}`))).code).toBe("api_key_invalid");
    expect((await domainError(auth(testKey))).code).toBe("api_key_invalid");
  });
});
