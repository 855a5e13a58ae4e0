import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { config, proxy } from "./proxy";

/** Whether Next runs the proxy for `pathname`: the matcher compiled and applied as `next build` and `next start` do (Next's own functions). */
function nextRunsProxyFor(pathname: string): boolean {
  const require = createRequire(import.meta.url);
  const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info.js") as {
    getMiddlewareMatchers: (matchers: string[], nextConfig: object) => unknown[];
  };
  const { getMiddlewareRouteMatcher } = require("next/dist/shared/lib/router/utils/middleware-route-matcher.js") as {
    getMiddlewareRouteMatcher: (matchers: unknown[]) => (pathname: string, req: object, query: object) => boolean;
  };
  const match = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
  const req = { headers: {}, cookies: {} };
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Next tries the raw path only, as here
  }
  return match(pathname, req, {}) || match(decoded, req, {});
}

describe("proxy", () => {
  it("runs on every route with a dynamic segment and answers an undecodable path there with the API's 404", async () => {
    expect(config.matcher).toEqual([
      "/v1/:path(.*%.*)",
      "/flow/:path*",
      "/evidence/:path*",
      "/branding/:path*",
      "/dashboard/:path*",
      "/api/:path*",
      "/h/:path*",
    ]);
    for (const path of ["/v1/sessions/%ED%A0%80", "/flow/%ED%A0%80/upload", "/evidence/%ED%A0%80", "/api/trpc/%E0%A4%A"]) {
      const url = `http://localhost${path}`;
      const res = (await proxy(new Request(url, { method: "POST" })))!;
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("resource_missing");
    }
  });

  it("runs on /v1 only for a path with a percent sign (only such a path can fail to decode), on the other routes always", () => {
    for (const path of ["/v1/ping", "/v1/sessions", "/v1/sessions/ses_1AbC", "/v1/sessions/ses_1/documents", "/v1/", "/v1"])
      expect(nextRunsProxyFor(path)).toBe(false);
    for (const path of ["/v1/sessions/%ED%A0%80", "/v1/sessions/%E0%A4%A", "/v1/%ZZ", "/v1/sessions/ses_1/x%C3%A9", "/v1/sessions/%25"])
      expect(nextRunsProxyFor(path)).toBe(true);
    for (const path of ["/flow/ses_1", "/flow/ses_1/upload", "/evidence/x", "/branding/x", "/dashboard/sessions", "/api/trpc/x", "/h/abc"])
      expect(nextRunsProxyFor(path)).toBe(true);
  });

  it("lets every other request through", async () => {
    expect(await proxy(new Request("http://localhost/v1/sessions/ses_1"))).toBeUndefined();
    expect(await proxy(new Request("http://localhost/flow/ses_1/upload", { method: "POST" }))).toBeUndefined();
  });

  it("never lets a flow page that names no session be framed (no lookup)", async () => {
    const res = (await proxy(new Request("http://localhost/flow/not-a-session")))!;
    expect(res.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
  });
});
