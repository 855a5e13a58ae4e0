import { describe, expect, inject, it } from "vitest";

const { baseUrl } = inject("fixtures");

describe("GET /v1/sessions without credentials", () => {
  it("is 401 authentication_error with a request id", async () => {
    const res = await fetch(`${baseUrl}/v1/sessions`);

    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const requestId = res.headers.get("request-id");
    expect(requestId).toMatch(/^req_/);
    const body = (await res.json()) as { error?: { type?: string; request_id?: string } };
    expect(body.error?.type).toBe("authentication_error");
    expect(body.error?.request_id).toBe(requestId);
  });
});

describe("GET /healthz and GET /readyz", () => {
  it("/healthz answers 200 without credentials while the process is alive", async () => {
    const res = await fetch(`${baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("/readyz answers 200 naming the database, the scanner and the storage, and nothing else", async () => {
    const res = await fetch(`${baseUrl}/readyz`);
    const body = (await res.json()) as { status: string; failing: string[]; checks: Record<string, { status: string; ms: number; reason?: string }> };
    expect(body.failing).toEqual([]);
    expect(res.status).toBe(200);
    expect(body.status).toBe("ready");
    expect(Object.keys(body.checks).sort()).toEqual(["database", "scanner", "storage"]);
    for (const part of Object.values(body.checks)) expect(Object.keys(part).sort()).toEqual(["ms", "status"]);
  });
});

describe("GET /metrics", () => {
  const token = process.env.METRICS_TOKEN;

  it("refuses a scrape without the bearer token", async () => {
    const res = await fetch(`${baseUrl}/metrics`);
    expect(res.status).toBe(token ? 401 : 404);
    expect(await res.text()).not.toContain("http_requests_total");
    if (token) expect((await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}-wrong` } })).status).toBe(401);
  });

  it.runIf(token)("counts /v1 requests by route template and status, with latency histograms and the executor's backlog", async () => {
    await fetch(`${baseUrl}/v1/sessions`); // 401, no key
    const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{route="\/v1\/sessions",method="GET",status="401"\} [1-9]\d*$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",route="\/v1\/sessions",method="GET",status="401"\} [1-9]/m);
    for (const name of [
      "executor_queue_depth",
      "executor_queue_lag_seconds",
      "webhook_deliveries_total",
      "checks_total",
      "uploads_total",
      "process_cpu_seconds_total",
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    expect(text).not.toMatch(/ses_|sk_test_|@/);
  });
});
