/**
 * A /v1 path that is not valid percent-encoded UTF-8 (`/v1/sessions/%ED%A0%80`, `%E0%A4%A`)
 * names no object. Next fails to decode such a path's params before any route handler runs and
 * answers a bare 500, so the app's proxy (proxy.ts) answers it first: 404 `resource_missing`
 * in the Error object. Paths that decode are left to the routes (withApi refuses a decoded NUL:
 * server/http/pipeline/input.ts).
 */
import { DomainError } from "../errors";
import { apiErrorResponse } from "./api-error";

/** The 404 for a path with a segment `decodeURIComponent` cannot decode, else null. */
export function undecodablePathResponse(req: Request): Response | null {
  for (const segment of new URL(req.url).pathname.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      return apiErrorResponse(new DomainError("resource_missing", "No such object: the path is not valid percent-encoded UTF-8."));
    }
  }
  return null;
}
