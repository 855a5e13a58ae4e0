import { beforeAll, describe, expect, it } from "vitest";
import { type Db, getDb, getSql } from "../db";
import { applyMigrations } from "../db/migrate";
import { newId } from "../ids";
import { metricsResponse } from "./metrics-endpoint";
import { recordCheckCall, recordHttpRequest, recordUpload, recordWebhookAttempt } from "./metrics";

let db: Db;
const TOKEN = "metrics-token-0123456789";
const scrape = (auth?: string) => metricsResponse(new Request("http://app/metrics", { headers: auth ? { authorization: auth } : {} }), async () => db);

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
});

function withToken<T>(value: string | undefined, run: () => Promise<T>): Promise<T> {
  const saved = process.env.METRICS_TOKEN;
  if (value === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = value;
  return run().finally(() => (saved === undefined ? delete process.env.METRICS_TOKEN : (process.env.METRICS_TOKEN = saved)));
}

describe("GET /metrics", () => {
  it("is off without METRICS_TOKEN and refuses a missing or wrong token", async () => {
    expect((await withToken(undefined, () => scrape(`Bearer ${TOKEN}`))).status).toBe(404);
    await withToken(TOKEN, async () => {
      const none = await scrape();
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
      expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    });
  });

  it("exposes requests, checks, webhooks, uploads and the executor's backlog", async () => {
    recordHttpRequest("/v1/sessions/{id}", "GET", 200, Date.now() - 40);
    recordCheckCall("in.pan.verify", "sandbox", "passed", Date.now() - 5);
    recordWebhookAttempt(503, 120);
    recordWebhookAttempt(null, 10_000);
    recordUpload("file_type_not_allowed");
    const past = new Date(Date.now() - 30_000);
    await db.inngestRun.createMany({
      data: [
        { id: newId("request"), functionId: "fn-a", eventId: "evt-a", event: {}, status: "queued", nextRunAt: past },
        { id: newId("request"), functionId: "fn-b", eventId: "evt-b", event: {}, status: "queued", nextRunAt: new Date(Date.now() + 60_000) },
        {
          id: newId("request"),
          functionId: "fn-c",
          eventId: "evt-c",
          event: {},
          status: "queued",
          nextRunAt: past,
          lockedUntil: new Date(Date.now() + 60_000),
        },
        { id: newId("request"), functionId: "fn-d", eventId: "evt-d", event: {}, status: "completed", nextRunAt: past },
      ],
    });

    const res = await withToken(TOKEN, () => scrape(`Bearer ${TOKEN}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('http_requests_total{route="/v1/sessions/{id}",method="GET",status="200"} 1');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.05",route="\/v1\/sessions\/\{id\}",method="GET",status="200"\} 1/);
    expect(text).toContain('checks_total{check_key="in.pan.verify",provider="sandbox",status="passed"} 1');
    expect(text).toContain('webhook_deliveries_total{outcome="http_error"} 1');
    expect(text).toContain('webhook_deliveries_total{outcome="no_response"} 1');
    expect(text).toMatch(/webhook_delivery_duration_seconds_sum\{outcome="no_response"\} 10\n/);
    expect(text).toContain('uploads_total{outcome="file_type_not_allowed"} 1');
    expect(text).toContain("executor_queue_depth 1");
    const lag = Number(/^executor_queue_lag_seconds (\S+)$/m.exec(text)?.[1]);
    expect(lag).toBeGreaterThanOrEqual(29);
    expect(lag).toBeLessThan(120);
    expect(text).toContain("process_cpu_seconds_total");
  });
});
