/**
 * Next's proxy (the former middleware), on every route with a dynamic path segment (/v1, the
 * hosted flow, evidence links, logos, the dashboard's pages, /api, handoff links):
 * - answers a path that is not valid percent-encoded UTF-8 with the API's 404 before Next fails
 *   to decode its params (a bare 500; server/http/undecodable-path.ts);
 * - gives the hosted flow's page its `Content-Security-Policy: frame-ancestors` from the
 *   session's project's allowed origins (server/embed/flow-frame-ancestors.ts; the embeddable
 *   modal), the one header next.config.ts cannot set, as it depends on the session.
 * Every other request goes on to its route unchanged.
 */
import { NextResponse } from "next/server";
import { getDb } from "./server/db";
import { flowFrameAncestors, flowPage, NOT_FRAMED } from "./server/embed/flow-frame-ancestors";
import { undecodablePathResponse } from "./server/http/undecodable-path";

export async function proxy(req: Request): Promise<Response | undefined> {
  const undecodable = undecodablePathResponse(req);
  if (undecodable) return undecodable;
  const page = flowPage(new URL(req.url).pathname);
  if (!page) return undefined;
  // an unreadable list (database down) frames nothing
  const policy = page.sessionId
    ? await getDb()
        .then((db) => flowFrameAncestors(db, page.sessionId!))
        .catch(() => NOT_FRAMED)
    : NOT_FRAMED;
  const res = NextResponse.next();
  res.headers.set("Content-Security-Policy", policy);
  return res;
}

export const config = {
  matcher: ["/v1/:path*", "/flow/:path*", "/evidence/:path*", "/branding/:path*", "/dashboard/:path*", "/api/:path*", "/h/:path*"],
};
