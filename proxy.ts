/**
 * Next's proxy (the former middleware), on every route with a dynamic path segment (/v1, the
 * hosted flow, evidence links, logos, the dashboard's pages, /api): answers a path that is not
 * valid percent-encoded UTF-8 with the API's 404 before Next fails to decode its params (a bare
 * 500; server/http/undecodable-path.ts). Every other request goes on to its route.
 */
import { undecodablePathResponse } from "./server/http/undecodable-path";

export function proxy(req: Request): Response | undefined {
  return undecodablePathResponse(req) ?? undefined;
}

export const config = { matcher: ["/v1/:path*", "/flow/:path*", "/evidence/:path*", "/branding/:path*", "/dashboard/:path*", "/api/:path*"] };
