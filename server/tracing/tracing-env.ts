/**
 * The OpenTelemetry trace variables (the standard OTel names) as zod fields, composed into
 * server/env.ts (read them through `env`; server/tracing/tracing.ts uses them). Both endpoints
 * unset: tracing is off and the SDK is never loaded.
 * - `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`: the full OTLP/HTTP traces URL, e.g.
 *   `http://collector:4318/v1/traces`; wins over the base endpoint.
 * - `OTEL_EXPORTER_OTLP_ENDPOINT`: the collector's base URL, e.g. `http://collector:4318`; spans
 *   go to `<base>/v1/traces` (the OTel specification's rule).
 * - `OTEL_SERVICE_NAME`: the `service.name` resource attribute, default `kyc-service`.
 */
import { z } from "zod";

export const TRACING_ENV = {
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("kyc-service"),
};
