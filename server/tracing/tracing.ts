/**
 * OpenTelemetry traces, on only when an OTLP endpoint is configured (server/tracing/tracing-env.ts).
 * Started once by instrumentation.ts; code that adds to spans uses `@opentelemetry/api`, which is
 * a no-op while no SDK runs (the /v1 request id: server/http/pipeline/request-id.ts).
 */
import type { tracing } from "@opentelemetry/sdk-node";
import { env } from "../env";

/**
 * The OTLP/HTTP URL spans are posted to: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as given, else
 * `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`; null when neither is set (tracing off).
 */
export function otlpTracesUrl(): string | null {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, "")}/v1/traces` : null;
}

/** The running SDK: `shutdown()` exports the spans still buffered, then stops tracing. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/** The attribute holding an outgoing call's full URL (Next.js's `fetch` spans, also in their name). */
const HTTP_URL = "http.url";

/**
 * Cuts every span's `http.url` down to its origin, in the attribute and in the span's name, as the
 * span starts (so before export): Next.js records each `fetch` as `fetch GET <url>`, and some
 * provider URLs hold personal data (a bank account number and name: server/providers/quicko-sandbox.ts).
 */
export const urlOriginOnly: tracing.SpanProcessor = {
  onStart(span) {
    const url = span.attributes[HTTP_URL];
    if (typeof url !== "string") return;
    const origin = URL.canParse(url) ? new URL(url).origin : "(unparsable URL)";
    span.setAttribute(HTTP_URL, origin);
    span.updateName(span.name.replace(url, origin));
  },
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

/**
 * Starts the OpenTelemetry Node SDK when `otlpTracesUrl()` is set: registers the global tracer
 * provider (Next.js then records its own spans: the request, route handler, render), batch-exports
 * spans as OTLP/HTTP JSON to that URL with `service.name` = `OTEL_SERVICE_NAME`, outgoing URLs
 * cut to their origin (`urlOriginOnly`). No instrumentation library of its own (Next.js's spans
 * cover requests and `fetch`). No metrics or logs go through OpenTelemetry
 * (metrics: GET /metrics). Off: returns null, having loaded nothing of the SDK. Call once per process.
 */
export async function startTracing(): Promise<Tracing | null> {
  const url = otlpTracesUrl();
  if (!url) return null;
  const [{ NodeSDK, tracing }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    spanProcessors: [urlOriginOnly, new tracing.BatchSpanProcessor(new OTLPTraceExporter({ url }))],
    // without these the SDK would also start OTLP metric and log exporters from its defaults
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return sdk;
}
