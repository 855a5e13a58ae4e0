/**
 * Redoc's standalone browser bundle (`redoc` package), served from node_modules so the API
 * reference (app/docs/api/route.ts) loads nothing from a CDN. The one remote resource the
 * bundle would load, Redocly's logo in the sidebar footer, is blanked (an empty `src` fires
 * the image's error handler, which hides it, without a request); the page's CSP blocks
 * anything else that would leave the origin.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-static";

const REMOTE_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';

let bundle: Promise<string> | null = null;

export async function GET(): Promise<Response> {
  bundle ??= readFile(path.join(process.cwd(), "node_modules", "redoc", "bundles", "redoc.standalone.js"), "utf8").then((js) =>
    js.replaceAll(REMOTE_LOGO, '""'),
  );
  return new Response(await bundle, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" },
  });
}
