/**
 * Deleting a webhook endpoint is one guarded statement (webhook-endpoints.ts): of 10 deletions
 * at once one succeeds and the others get `resource_missing`, never an internal error. On this
 * file's PGlite the calls run one after the other; with TEST_POSTGRES_URL they race on PostgreSQL.
 * Endpoint URLs are capped at MAX_WEBHOOK_URL_LENGTH characters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { seedDemo } from "../seed/seed-demo";
import { MAX_WEBHOOK_URL_LENGTH, ZCreateWebhookEndpointRequest, ZUpdateWebhookEndpointRequest } from "./webhook-endpoint.schemas";
import { createWebhookEndpoint, deleteWebhookEndpoint } from "./webhook-endpoints";
import { racingDatabases } from "~/tests/fixtures/postgres-db";

const actor = { type: "api_key" as const, id: "key_test" };
const publicHost = async () => ["93.184.215.14"];

describe.each(racingDatabases("webhook_endpoints"))("webhook endpoints on %s", (_name, open) => {
  let db: Db;
  let close: () => Promise<void>;
  let tenant: { projectId: string; mode: "test" };

  beforeAll(async () => {
    ({ db, close } = await open());
    tenant = { projectId: (await seedDemo(db)).projectId, mode: "test" };
  });
  afterAll(() => close());

  it("10 deletions of one endpoint at once: one deletes, the others find nothing", async () => {
    const { id } = await createWebhookEndpoint(db, tenant, { url: "https://hooks.example.com/verify", events: ["*"] }, actor, publicHost);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => deleteWebhookEndpoint(db, tenant, id, actor)));
    expect(results.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual([{ id, object: "webhook_endpoint", deleted: true }]);
    const codes = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code?: string }).code ?? String(r.reason)] : []));
    expect(codes).toEqual(Array.from({ length: 9 }, () => "resource_missing"));
    expect(await db.auditLog.count({ where: { objectId: id, action: "webhook_endpoint.deleted" } })).toBe(1);
  });
});

describe("webhook endpoint URLs", () => {
  it(`are at most ${MAX_WEBHOOK_URL_LENGTH} characters`, () => {
    const url = (length: number) => `https://hooks.example.com/${"a".repeat(length - "https://hooks.example.com/".length)}`;
    expect(ZCreateWebhookEndpointRequest.safeParse({ url: url(MAX_WEBHOOK_URL_LENGTH) }).success).toBe(true);
    const long = ZCreateWebhookEndpointRequest.safeParse({ url: url(MAX_WEBHOOK_URL_LENGTH + 1) });
    expect(long.error?.issues).toMatchObject([{ path: ["url"], code: "too_big" }]);
    expect(ZUpdateWebhookEndpointRequest.safeParse({ url: url(MAX_WEBHOOK_URL_LENGTH + 1) }).success).toBe(false);
  });
});
