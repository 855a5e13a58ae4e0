import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openExchange, REQUEST_ID_ATTRIBUTE } from "../http/pipeline/request-id";
import { otlpTracesUrl, startTracing } from "./tracing";

interface Received {
  url: string;
  contentType: string | undefined;
  body: string;
}

/** An OTLP/HTTP receiver on loopback that records every POST and answers 200. */
let receiver: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ url: req.url ?? "", contentType: req.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => receiver.close(resolve));
});

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string };
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: { name: string; attributes: OtlpAttribute[] }[] }[] }[];
}

const posts = (all: Received[]) => all.map((r) => r.body).join("\n");
const attr = (attributes: OtlpAttribute[], key: string) => attributes.find((a) => a.key === key)?.value.stringValue;

// in this order: once started, the SDK's tracer provider stays registered for the process
describe("startTracing", () => {
  it("starts nothing when no OTLP endpoint is set: spans do not record and the request id goes nowhere", async () => {
    vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", "");
    vi.stubEnv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "");
    expect(otlpTracesUrl()).toBeNull();
    expect(await startTracing()).toBeNull();
    trace.getTracer("test").startActiveSpan("off", (span) => {
      expect(span.isRecording()).toBe(false);
      expect(openExchange(new Request("http://localhost/v1/ping")).requestId).toMatch(/^req_/);
      span.end();
    });
    expect(received).toEqual([]);
  });

  it("derives the traces URL from the base endpoint, the traces endpoint winning", () => {
    vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318/");
    expect(otlpTracesUrl()).toBe("http://collector:4318/v1/traces");
    vi.stubEnv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://other:4318/custom/traces");
    expect(otlpTracesUrl()).toBe("http://other:4318/custom/traces");
  });

  it("exports spans to the OTLP endpoint with the /v1 request id on the active span and outgoing URLs cut to their origin", async () => {
    vi.stubEnv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "");
    vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", base);
    vi.stubEnv("OTEL_SERVICE_NAME", "kyc-test");
    const tracing = await startTracing();
    expect(tracing).not.toBeNull();

    const tracer = trace.getTracer("test");
    const requestId = tracer.startActiveSpan("GET /v1/ping", (span) => {
      expect(span.isRecording()).toBe(true);
      const { requestId } = openExchange(new Request("http://localhost/v1/ping"));
      // as Next.js records a fetch: the full URL in the name and in http.url
      const url = "https://api.example.in/bank/HDFC0000001/accounts/1234567890/verify?name=Asha+Rao";
      tracer.startSpan(`fetch GET ${url}`, { attributes: { "http.url": url } }).end();
      span.end();
      return requestId;
    });
    await tracing!.shutdown(); // flushes the batch

    // one export, of traces only: metrics and logs stay off (GET /metrics serves metrics)
    expect(received.map((r) => [r.url, r.contentType])).toEqual([["/v1/traces", "application/json"]]);
    const exported = JSON.parse(received[0]!.body) as OtlpExport;
    expect(exported.resourceSpans).toHaveLength(1);
    const { resource, scopeSpans } = exported.resourceSpans[0]!;
    expect(attr(resource.attributes, "service.name")).toBe("kyc-test");
    const spans = scopeSpans.flatMap((s) => s.spans);
    expect(spans.map((s) => s.name)).toEqual(["fetch GET https://api.example.in", "GET /v1/ping"]);
    expect(attr(spans[0]!.attributes, "http.url")).toBe("https://api.example.in");
    expect(posts(received)).not.toMatch(/1234567890|Asha/);
    expect(attr(spans[1]!.attributes, REQUEST_ID_ATTRIBUTE)).toBe(requestId);
  });
});
