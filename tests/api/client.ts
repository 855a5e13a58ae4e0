/**
 * A tiny /v1 client for the contract tests: JSON (or a FormData upload) in, status + headers + JSON out. Like
 * integrators' clients, it waits `Retry-After` and retries a `429 rate_limited` (up to 5
 * times), so files that share a fixture key never fail on the per-key rate limit (25/s in
 * test mode); `{ retryRateLimited: false }` shows every 429 (tests/api/rate-limit.test.ts).
 */
/**
 * An untyped JSON body, the default of `T`: the contract tests read bodies of every shape and
 * assert on them with expect(); a test that needs a typed body passes `T`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads arbitrary JSON; typing every call would copy the zod schemas
export type JsonBody = any;

export interface ApiResponse<T = JsonBody> {
  status: number;
  headers: Headers;
  body: T;
  /** The body exactly as received (for byte-for-byte comparisons). */
  text: string;
}

export function api(baseUrl: string, key?: string, opts: { retryRateLimited?: boolean } = {}) {
  return async function call<T = JsonBody>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const send = () =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          // a FormData body sets its own multipart/form-data content type with the boundary
          ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === "string" || body instanceof FormData ? body : JSON.stringify(body),
      });
    let res = await send();
    for (let retry = 0; res.status === 429 && opts.retryRateLimited !== false && retry < 5; retry++) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? "1") * 1000));
      res = await send();
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text };
  };
}
