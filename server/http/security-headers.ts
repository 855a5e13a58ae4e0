/**
 * The response headers next.config.ts sets by path (Next's `headers()`: every rule whose
 * `source` matches applies, and for the same key the LAST matching rule wins).
 *
 * - No two rules that can match the same path set the same key: the site-wide
 *   `Referrer-Policy` skips the paths that carry secrets in their URL (the hosted flow and the
 *   key-person invite redirect under /flow, evidence links under /evidence), which get
 *   `no-referrer` from their own rule whatever the order.
 * - Clickjacking: no page of the app can be framed (`Content-Security-Policy: frame-ancestors
 *   'none'` plus `X-Frame-Options: DENY`), except the hosted flow's page `/flow/<id>`, whose
 *   `frame-ancestors` lists its project's allowed origins (the embeddable modal, /embed.js): the
 *   proxy sets that one per session (proxy.ts, server/embed/flow-frame-ancestors.ts).
 * - The dashboard and the account pages (sign-in, password reset, invitations) get a full
 *   Content-Security-Policy (with `frame-ancestors 'none'`) instead of the site-wide one. Scripts and styles are limited to this origin; `'unsafe-inline'` stays
 *   because Next's App Router inlines its RSC payload scripts (nonces would need a proxy and
 *   make every page dynamic), `'wasm-unsafe-eval'` for pdf.js in the evidence viewer, and
 *   `'unsafe-eval'` only in development (React's dev tooling).
 */

/** One entry of Next's `headers()` (next.config.ts). */
export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/** The dashboard's and account pages' paths (app/(dashboard), app/(account), app/login). */
export const DASHBOARD_SOURCES = ["/dashboard/:path*", "/login", "/forgot-password", "/reset-password", "/invite"] as const;

/** Paths whose URL carries a secret (client token, invite secret, evidence token, handoff code): never sent as a Referer. */
export const NO_REFERRER_SOURCES = ["/flow/:path*", "/evidence/:path*", "/h/:path*"] as const;

/** Paths that serve stored files with their own sandboxing Content-Security-Policy (which includes `frame-ancestors 'none'`). */
export const SERVED_FILE_SOURCES = ["/evidence/:path*", "/branding/:path*"] as const;

/** The frame-ancestors policy of every page that is not the flow's page (which has its own, per session). */
export const NOT_FRAMED_CSP = "frame-ancestors 'none'";

/** The dashboard's Content-Security-Policy (see the module comment for each relaxation). */
export function dashboardCsp(nodeEnv: "development" | "test" | "production"): string {
  const script = ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'", ...(nodeEnv === "development" ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Every header rule of the app, in the order Next applies them. */
export function securityHeaderRules(nodeEnv: "development" | "test" | "production"): HeaderRule[] {
  const frameDeny = { key: "X-Frame-Options", value: "DENY" };
  return [
    { source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
    // Every path except /flow[/...], /evidence[/...] and /h[/...] (a lookahead in the path's own pattern).
    {
      source: "/:path((?!flow(?:/|$)|evidence(?:/|$)|h(?:/|$)).*)",
      headers: [{ key: "Referrer-Policy", value: "strict-origin-when-cross-origin" }],
    },
    ...NO_REFERRER_SOURCES.map((source) => ({ source, headers: [{ key: "Referrer-Policy", value: "no-referrer" }] })),
    // Every path except the flow's page /flow/<id>, the dashboard's (DASHBOARD_SOURCES, which send their full CSP)
    // and the served files (evidence downloads, server/evidence/evidence.ts, and project logos,
    // app/branding/: each sends its own `sandbox` CSP with `frame-ancestors 'none'`).
    {
      source: "/:path((?!flow/[^/]+$|evidence(?:/|$)|branding(?:/|$)|dashboard(?:/|$)|login$|forgot-password$|reset-password$|invite$).*)",
      headers: [frameDeny, { key: "Content-Security-Policy", value: NOT_FRAMED_CSP }],
    },
    ...SERVED_FILE_SOURCES.map((source) => ({ source, headers: [frameDeny] })),
    {
      // The hosted flow: the camera for its own origin (a framing page delegates it with `allow="camera"`).
      source: "/flow/:path*",
      headers: [{ key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" }],
    },
    ...DASHBOARD_SOURCES.map((source) => ({ source, headers: [frameDeny, { key: "Content-Security-Policy", value: dashboardCsp(nodeEnv) }] })),
  ];
}
