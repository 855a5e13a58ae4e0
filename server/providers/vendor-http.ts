/**
 * One JSON exchange with a live vendor's HTTP API, shared by the registry adapters
 * (quicko-sandbox.ts, cashfree-verification.ts): the timeout covers the headers and the body, and the
 * answers no adapter can use are mapped to the provider interface's outage codes once, here.
 */
import "server-only";
import { ProviderUnavailableError } from "./provider";

/** A vendor's answer that was not an outage: its status and its JSON object body (null when none or not JSON). */
export interface VendorAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

export interface VendorRequest {
  /** The vendor's name in error messages, e.g. "Cashfree". */
  vendor: string;
  /** Base URL without a trailing slash. */
  baseUrl: string;
  method: "GET" | "POST";
  /** Path (and query) after the base URL. */
  path: string;
  headers: Record<string, string>;
  /** Sent as JSON when given. */
  body?: unknown;
  /** Milliseconds for the whole exchange. */
  timeoutMs: number;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Sends `req` and reads the answer.
 * @returns the answer for any status an adapter interprets (2xx, 400-499 except those below).
 * @throws ProviderUnavailableError `provider_timeout` when no complete answer came within `timeoutMs`;
 *   `provider_unavailable` for a network error, 5xx, 408 or 429 (the caller retries or fails over);
 *   `provider_not_configured` for 404 (a wrong base URL).
 */
export async function vendorRequest(req: VendorRequest): Promise<VendorAnswer> {
  const signal = AbortSignal.timeout(req.timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${req.baseUrl}${req.path}`, {
      method: req.method,
      headers: { accept: "application/json", ...(req.body === undefined ? {} : { "content-type": "application/json" }), ...req.headers },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal,
    });
    text = await res.text();
  } catch (err) {
    if (signal.aborted) throw new ProviderUnavailableError("provider_timeout", `${req.vendor} did not answer ${req.path} within ${req.timeoutMs} ms.`);
    throw new ProviderUnavailableError("provider_unavailable", `${req.vendor} could not be reached for ${req.path}: ${(err as Error).message}`);
  }
  if (res.status >= 500 || res.status === 408 || res.status === 429) {
    throw new ProviderUnavailableError("provider_unavailable", `${req.vendor} answered ${res.status} on ${req.path}.`);
  }
  if (res.status === 404) throw new ProviderUnavailableError("provider_not_configured", `${req.vendor} has no ${req.path} (check the base URL).`);
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: isObject(parsed) ? parsed : null };
}
