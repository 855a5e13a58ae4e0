/**
 * `/docs/api`: the API reference, rendered in the browser by Redoc from `GET /v1/openapi.json`.
 * Public, like the document. Redoc's bundle is served by this app (./redoc.standalone.js);
 * the Content-Security-Policy lets the page load nothing from another origin (Redoc's sidebar
 * would otherwise fetch its logo from a CDN).
 */
import { createHash } from "node:crypto";

export const dynamic = "force-static";

const BRAND = "#2a55e0";
const FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const options = {
  scrollYOffset: "#docs-header",
  expandResponses: "200,201,202",
  requiredPropsFirst: true,
  pathInMiddlePanel: true,
  jsonSampleExpandLevel: 3,
  hideDownloadButton: false,
  theme: {
    colors: { primary: { main: BRAND } },
    typography: { fontFamily: FONT, headings: { fontFamily: FONT }, code: { fontFamily: MONO } },
    sidebar: { width: "280px" },
  },
};

const init = `Redoc.init("/v1/openapi.json", ${JSON.stringify(options)}, document.getElementById("redoc"));`;
const initHash = createHash("sha256").update(init).digest("base64");

const CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${initHash}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>API reference · Verify</title>
<style>
  body { margin: 0; font-family: ${FONT}; }
  #docs-header { position: sticky; top: 0; z-index: 10; display: flex; align-items: center; gap: 1.25rem; height: 3.5rem; padding: 0 1.25rem;
    background: #fff; border-bottom: 1px solid #e2e8f0; font-size: 0.875rem; }
  #docs-header .brand { font-weight: 600; font-size: 1rem; color: #0f172a; text-decoration: none; }
  #docs-header .brand span { color: ${BRAND}; margin-right: 0.375rem; }
  #docs-header a { color: #334155; text-decoration: none; }
  #docs-header a:hover, #docs-header a:focus-visible { color: ${BRAND}; text-decoration: underline; }
  #docs-header .spacer { flex: 1; }
</style>
</head>
<body>
<header id="docs-header">
  <a class="brand" href="/"><span aria-hidden="true">●</span>Verify</a>
  <strong>API reference</strong>
  <span class="spacer"></span>
  <a href="/v1/openapi.json">openapi.json</a>
  <a href="/dashboard">Dashboard</a>
</header>
<main id="redoc"></main>
<script src="/docs/api/redoc.standalone.js"></script>
<script>${init}</script>
</body>
</html>
`;

export function GET(): Response {
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP, "Cache-Control": "public, max-age=300", "X-Frame-Options": "DENY" },
  });
}
