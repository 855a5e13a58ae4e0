/**
 * Next's proxy (the former middleware), on every route with a dynamic path segment (/v1, the
 * hosted flow, evidence links, logos, the dashboard's pages, /api, handoff links):
 * - answers a path that is not valid percent-encoded UTF-8 with the API's 404 before Next fails
 *   to decode its params (a bare 500; server/http/undecodable-path.ts);
 * - gives the hosted flow's page its `Content-Security-Policy: frame-ancestors` from the
 *   session's project's allowed origins (server/embed/flow-frame-ancestors.ts; the embeddable
 *   modal), the one header next.config.ts cannot set, as it depends on the session; and passes
 *   the session's language on to the page (`FLOW_LOCALE_HEADER`, for `<html lang>`).
 * Every other request goes on to its route unchanged.
 *
 * /v1 runs it only for a path with a `%` in it (the matcher below): only such a path can fail to
 * decode, and a proxy run costs every request Next's middleware adapter: most of the CPU per
 * request the ceiling lost since 6c6481b (bench/README.md, "why the ceiling fell").
 */
import { NextResponse } from "next/server";
import { getDb } from "./server/db";
import { FLOW_LOCALE_HEADER, flowPage, flowPageSession, NOT_FRAMED } from "./server/embed/flow-frame-ancestors";
import { undecodablePathResponse } from "./server/http/undecodable-path";

export async function proxy(req: Request): Promise<Response | undefined> {
  const undecodable = undecodablePathResponse(req);
  if (undecodable) return undecodable;
  const page = flowPage(new URL(req.url).pathname);
  if (!page) return undefined;
  // an unreadable session (database down) frames nothing and reads as English
  const unknown = { csp: NOT_FRAMED, locale: null };
  const session = page.sessionId
    ? await getDb()
        .then((db) => flowPageSession(db, page.sessionId!))
        .catch(() => unknown)
    : unknown;
  const headers = new Headers(req.headers);
  if (session.locale) headers.set(FLOW_LOCALE_HEADER, session.locale);
  else headers.delete(FLOW_LOCALE_HEADER);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", session.csp);
  return res;
}

export const config = {
  // Literal values only (Next reads them at build time). /v1: only a path with a `%` after `/v1/`
  // (Next also tries the decoded path; the raw path of an undecodable one always has its `%`).
  matcher: ["/v1/:path(.*%.*)", "/flow/:path*", "/evidence/:path*", "/branding/:path*", "/dashboard/:path*", "/api/:path*", "/h/:path*"],
};
