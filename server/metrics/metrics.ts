/**
 * The service's Prometheus metrics (prom-client), served by GET /metrics
 * (server/metrics/metrics-endpoint.ts). One registry per process, kept on `globalThis` so that
 * every route bundle of the Next server records into the same one. Labels never carry personal
 * data or ids: routes are templates (`/v1/sessions/{id}`), outcomes and statuses are enums.
 *
 * - `http_requests_total`, `http_request_duration_seconds` {route, method, status}: /v1 requests
 *   (server/http/with-api.ts; route = the endpoint's path template, `unmatched` outside withApi);
 * - `executor_queue_depth`, `executor_queue_lag_seconds`: runs of the embedded executor that are
 *   due and not leased, and how late the oldest is (read from the database on each scrape;
 *   0 with a real Inngest server);
 * - `webhook_deliveries_total`, `webhook_delivery_duration_seconds` {outcome}: attempts
 *   (server/webhooks/deliveries.ts): `succeeded`, `http_error` (an answer outside 2xx),
 *   `no_response` (connection, timeout, refused address);
 * - `checks_total`, `check_duration_seconds` {check_key, provider, status}: provider calls
 *   (server/checks/run-check.ts), status = the check's status or `unavailable` (an outage retried);
 * - `uploads_total` {outcome}: hosted-flow uploads (server/uploads/accept-upload.ts), outcome =
 *   `stored` or the refusal's error code.
 * Plus prom-client's default process metrics (CPU, memory, event loop lag, GC).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Buckets in seconds for request-like latencies: 5 ms to 30 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * How often the event loop lag is sampled (ms). prom-client's default, 10 ms, wakes an idle
 * process 100 times a second: 0.45 % of a core on the bench machine, more than all the idle
 * background work (bench/README.md "Idle CPU"); 100 ms costs 0.05 % and still catches any stall
 * a 15 s scrape would show (prom-client README, `eventLoopMonitoringPrecision`).
 */
const EVENT_LOOP_SAMPLE_MS = 100;

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route template, method and status.",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from arrival to the response, by route template, method and status.",
      labelNames: ["route", "method", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    executorDepth: new Gauge({ name: "executor_queue_depth", help: "Embedded executor runs that are due and not leased by a worker.", registers }),
    executorLag: new Gauge({
      name: "executor_queue_lag_seconds",
      help: "How long the oldest due, unleased run of the embedded executor has waited (0 when none).",
      registers,
    }),
    webhookDeliveries: new Counter({ name: "webhook_deliveries_total", help: "Webhook delivery attempts, by outcome.", labelNames: ["outcome"], registers }),
    webhookDuration: new Histogram({
      name: "webhook_delivery_duration_seconds",
      help: "Duration of webhook delivery attempts, by outcome.",
      labelNames: ["outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    checks: new Counter({
      name: "checks_total",
      help: "Provider calls of checks, by check key, provider and resulting status.",
      labelNames: ["check_key", "provider", "status"],
      registers,
    }),
    checkDuration: new Histogram({
      name: "check_duration_seconds",
      help: "Duration of provider calls of checks, by check key, provider and resulting status.",
      labelNames: ["check_key", "provider", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    uploads: new Counter({
      name: "uploads_total",
      help: "Hosted-flow uploads, by outcome (stored, or the refusal's error code).",
      labelNames: ["outcome"],
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const KEY = Symbol.for("kyc.metrics");

/** This process's metrics (created on first use). */
export function metrics(): Metrics {
  const g = globalThis as { [KEY]?: Metrics };
  return (g[KEY] ??= createMetrics());
}

/** Records one answered HTTP request; `startedAt` is its arrival in `Date.now()` ms. */
export function recordHttpRequest(route: string, method: string, status: number, startedAt: number, now = Date.now()): void {
  const labels = { route, method, status: String(status) };
  const m = metrics();
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, Math.max(0, now - startedAt) / 1000);
}

/** Records one webhook delivery attempt: its HTTP status (null: no answer) and duration in ms. */
export function recordWebhookAttempt(statusCode: number | null, latencyMs: number): void {
  const outcome = statusCode === null ? "no_response" : statusCode >= 200 && statusCode < 300 ? "succeeded" : "http_error";
  const m = metrics();
  m.webhookDeliveries.inc({ outcome });
  m.webhookDuration.observe({ outcome }, latencyMs / 1000);
}

/** Records one provider call of a check; `status` is the check's status afterwards (or `unavailable`). */
export function recordCheckCall(checkKey: string, provider: string, status: string, startedAt: number, now = Date.now()): void {
  const labels = { check_key: checkKey, provider, status };
  const m = metrics();
  m.checks.inc(labels);
  m.checkDuration.observe(labels, Math.max(0, now - startedAt) / 1000);
}

/** Records one upload: `stored` or the refusal's error code. */
export function recordUpload(outcome: string): void {
  metrics().uploads.inc({ outcome });
}

/** Sets the executor gauges from its backlog (server/metrics/executor-backlog.queries.ts), read `now`. */
export function setExecutorBacklog(backlog: { depth: number; oldestDueAt: Date | null }, now = new Date()): void {
  const m = metrics();
  m.executorDepth.set(backlog.depth);
  m.executorLag.set(backlog.oldestDueAt ? Math.max(0, now.getTime() - backlog.oldestDueAt.getTime()) / 1000 : 0);
}
