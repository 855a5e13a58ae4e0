/** Unknown /v1 paths answer with the Error object (never an HTML page). */
import { DomainError } from "~/server/errors";
import { apiErrorResponse } from "~/server/http/api-error";

export const dynamic = "force-dynamic";

function notFound(req: Request): Response {
  return apiErrorResponse(new DomainError("resource_missing", `Unrecognized request URL (${req.method}: ${new URL(req.url).pathname}).`));
}

export { notFound as GET, notFound as POST, notFound as DELETE, notFound as PUT, notFound as PATCH };
