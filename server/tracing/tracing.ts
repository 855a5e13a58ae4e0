/**
 * OpenTelemetry traces, on only when an OTLP endpoint is configured (server/tracing/tracing-env.ts).
 * Started once by instrumentation.ts; code that adds to spans uses `@opentelemetry/api`, which is
 * a no-op while no SDK runs (the /v1 request id: server/http/pipeline/request-id.ts).
 */
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

/**
 * Starts the OpenTelemetry Node SDK when `otlpTracesUrl()` is set: registers the global tracer
 * provider (Next.js then records its own spans: the request, route handler, render), batch-exports
 * spans as OTLP/HTTP JSON to that URL with `service.name` = `OTEL_SERVICE_NAME`, and traces
 * outgoing `fetch` calls (undici: the providers, the screening list downloads). No metrics or logs go
 * through OpenTelemetry (metrics: GET /metrics). Off: returns null, having loaded nothing of the
 * SDK. Call once per process.
 */
export async function startTracing(): Promise<Tracing | null> {
  const url = otlpTracesUrl();
  if (!url) return null;
  const [{ NodeSDK }, { OTLPTraceExporter }, { UndiciInstrumentation }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/instrumentation-undici"),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    traceExporter: new OTLPTraceExporter({ url }),
    instrumentations: [new UndiciInstrumentation()],
    // without these the SDK would also start OTLP metric and log exporters from its defaults
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return sdk;
}
