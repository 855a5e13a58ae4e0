/**
 * The header rules as Next compiles them (the regex its routes-manifest holds, built by Next's
 * own buildCustomRoute) applied to real paths in order, the last rule winning for a key.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { securityHeaderRules } from "./security-headers";

const require = createRequire(import.meta.url);
const { buildCustomRoute } = require("next/dist/lib/build-custom-route.js") as {
  buildCustomRoute: (type: "header", route: { source: string; headers: unknown }) => { regex: string };
};

/** The headers Next sends for `path` (production rules). */
function headersFor(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of securityHeaderRules("production")) {
    if (!new RegExp(buildCustomRoute("header", rule).regex, "i").test(path)) continue;
    for (const h of rule.headers) out[h.key] = h.value;
  }
  return out;
}

describe("security headers", () => {
  it.each(["/flow/ses_123", "/flow/ses_123/invite", "/flow/ses_123/upload", "/evidence/ev_abc", "/flow"])(
    "%s never sends a Referer (no site-wide policy overrides it)",
    (path) => {
      expect(headersFor(path)["Referrer-Policy"]).toBe("no-referrer");
    },
  );

  it.each(["/", "/dashboard", "/dashboard/sessions/ses_1", "/v1/sessions", "/flowers", "/evidence-guide"])("%s keeps the site-wide referrer policy", (path) => {
    expect(headersFor(path)["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it.each(["/dashboard", "/dashboard/sessions/ses_1", "/login", "/reset-password", "/forgot-password", "/invite"])(
    "%s cannot be framed (CSP frame-ancestors and X-Frame-Options)",
    (path) => {
      const h = headersFor(path);
      expect(h["X-Frame-Options"]).toBe("DENY");
      expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
      expect(h["Content-Security-Policy"]).toContain("object-src 'none'");
      expect(h["Content-Security-Policy"]).not.toContain("'unsafe-eval'");
    },
  );

  it("allows eval only in development", () => {
    const dev = securityHeaderRules("development").find((r) => r.source === "/login")!;
    expect(dev.headers.find((h) => h.key === "Content-Security-Policy")!.value).toContain("'unsafe-eval'");
  });

  it.each(["/", "/docs", "/v1/sessions", "/flow/ses_1/invite", "/flow/ses_1/upload", "/flow/digilocker/callback", "/h/AbCdE12345", "/embed.js"])(
    "%s cannot be framed either (frame-ancestors 'none')",
    (path) => {
      const h = headersFor(path);
      expect(h["Content-Security-Policy"]).toBe("frame-ancestors 'none'");
      expect(h["X-Frame-Options"]).toBe("DENY");
    },
  );

  it("leaves the flow's page to the proxy's per-session frame-ancestors (no static CSP or X-Frame-Options), and sends nosniff everywhere", () => {
    const h = headersFor("/flow/ses_1");
    expect(h["Content-Security-Policy"]).toBeUndefined();
    expect(h["X-Frame-Options"]).toBeUndefined();
    expect(h["Permissions-Policy"]).toContain("camera=(self)");
    expect(headersFor("/v1/sessions")["X-Content-Type-Options"]).toBe("nosniff");
  });

  it.each(["/evidence/ev_1", "/branding/prj_1/logo.png"])(
    "leaves a served file's CSP to its route (sandbox with frame-ancestors 'none'), and denies framing: %s",
    (path) => {
      const h = headersFor(path);
      expect(h["Content-Security-Policy"]).toBeUndefined();
      expect(h["X-Frame-Options"]).toBe("DENY");
    },
  );

  it("gives handoff links no Referer", () => {
    expect(headersFor("/h/AbCdE12345")["Referrer-Policy"]).toBe("no-referrer");
    expect(headersFor("/help")["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("never sets one header twice on a path (no rule relies on the order)", () => {
    for (const path of ["/", "/dashboard", "/login", "/flow/ses_1", "/flow/ses_1/upload", "/h/x", "/evidence/e", "/v1/sessions"]) {
      const keys = securityHeaderRules("production")
        .filter((r) => new RegExp(buildCustomRoute("header", r).regex, "i").test(path))
        .flatMap((r) => r.headers.map((h) => h.key));
      expect(new Set(keys).size, path).toBe(keys.length);
    }
  });
});
