/** Unknown /v1 paths answer with the Error object (never an HTML page). */
import { API_VERSION } from "~/server/api-version";
import { newId } from "~/server/ids";

export const dynamic = "force-dynamic";

function notFound(req: Request): Response {
  const requestId = newId("request");
  const path = new URL(req.url).pathname;
  return Response.json(
    { error: { type: "not_found_error", code: "resource_missing", message: `Unrecognized request URL (${req.method}: ${path}).`, request_id: requestId } },
    { status: 404, headers: { "Request-Id": requestId, "Service-Version": API_VERSION } },
  );
}

export { notFound as GET, notFound as POST, notFound as DELETE, notFound as PUT, notFound as PATCH };
