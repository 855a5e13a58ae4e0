/**
 * One webhook HTTP request (decisions.md "Webhooks"): POST with the given headers, an overall
 * time limit (10 s in production), redirects never followed (a 3xx is just a failed attempt),
 * and the connection made only to the addresses the SSRF guard vetted (server/webhooks/url-guard.ts),
 * so DNS cannot be rebound to an internal address between the check and the request.
 * Reads at most the first 2 KiB of the response body (the excerpt the attempt log keeps).
 */
import http from "node:http";
import https from "node:https";
import { isIPv6, type LookupFunction } from "node:net";
import { DomainError } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import { type HostResolver, resolveWebhookTarget, systemResolver } from "./url-guard";

/** Bytes of the response body an attempt keeps. */
export const EXCERPT_BYTES = 2048;

export interface WebhookRequest {
  url: string;
  mode: Mode;
  /** The raw JSON body (exactly the bytes that were signed). */
  body: string;
  headers: Record<string, string>;
  /** Overall limit in ms: connect, send, and the response headers (and excerpt). */
  timeoutMs: number;
  resolve?: HostResolver;
}

export interface WebhookResponse {
  /** The HTTP status, or null when no response arrived (refused, timed out, URL not allowed). */
  statusCode: number | null;
  /** The first 2 KiB of the response body (UTF-8), or null without a response. */
  excerpt: string | null;
  /** Why no (complete) response arrived, in words, or null. */
  error: string | null;
  /** Milliseconds from the start of the request to the response (or the failure). */
  latencyMs: number;
}

/** A lookup that answers only with the vetted addresses (net.connect calls it for host names). */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const all = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  return ((_hostname: string, options: { family?: number | string; all?: boolean }, callback: (...args: unknown[]) => void) => {
    const family = options.family === "IPv6" ? 6 : options.family === "IPv4" ? 4 : Number(options.family) || 0;
    const list = family ? all.filter((a) => a.family === family) : all;
    if (!list.length) return callback(Object.assign(new Error("no vetted address of the requested family"), { code: "ENOTFOUND" }));
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  }) as LookupFunction;
}

function describe(err: Error & { code?: string }): string {
  const reasons: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset by the receiver",
    ENOTFOUND: "host not found",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    EPIPE: "connection closed by the receiver",
  };
  const reason = err.code ? reasons[err.code] : undefined;
  return (reason ? `${reason} (${err.code})` : err.message || String(err)).slice(0, 500);
}

/**
 * Sends one webhook request. Never throws: every failure is described in the result.
 */
export async function postWebhook(req: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await resolveWebhookTarget(req.url, req.mode, req.resolve ?? systemResolver);
  } catch (err) {
    const message = err instanceof DomainError ? err.message : describe(err as Error);
    return { statusCode: null, excerpt: null, error: message, latencyMs: elapsed() };
  }
  const { url, host, addresses } = target;
  const client = url.protocol === "https:" ? https : http;

  return new Promise<WebhookResponse>((resolve) => {
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const excerpt = statusCode === null ? null : new TextDecoder("utf-8").decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES));
      resolve({ statusCode, excerpt, error, latencyMs: elapsed() });
      request.destroy();
    };
    const request = client.request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      agent: false,
      lookup: pinnedLookup(addresses),
      headers: { ...req.headers, "Content-Length": String(Buffer.byteLength(req.body)) },
    });
    const timer = setTimeout(() => {
      // With the status already in, only the excerpt was still arriving: keep the answer.
      finish(statusCode === null ? `timed out after ${req.timeoutMs / 1000} s` : null);
    }, req.timeoutMs);
    request.on("response", (res) => {
      statusCode = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        if (size < EXCERPT_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) finish(null);
      });
      res.on("end", () => finish(null));
      res.on("error", () => finish(null));
    });
    request.on("error", (err) => finish(statusCode === null ? describe(err) : null));
    request.end(req.body);
  });
}
