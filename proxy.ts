/**
 * Next's proxy (the former middleware), on /v1 and the hosted flow's routes (/flow: the page,
 * the upload route and the invite link, which answer the Error object too): answers a path that
 * is not valid percent-encoded UTF-8 with the API's 404 before Next fails to decode its params
 * (server/http/undecodable-path.ts). Every other request goes on to its route.
 */
import { undecodablePathResponse } from "./server/http/undecodable-path";

export function proxy(req: Request): Response | undefined {
  return undecodablePathResponse(req) ?? undefined;
}

export const config = { matcher: ["/v1/:path*", "/flow/:path*"] };
