/**
 * GET /v1/openapi.json: the OpenAPI 3.1 document of the API (server/http/openapi.ts),
 * generated from the endpoint table. Public like Stripe's published spec: no API key, no rate
 * limit (it is built once per process and cached by clients), readable cross-origin by tools.
 */
import { API_VERSION } from "~/server/api-version";
import { appUrl } from "~/server/env";
import { apiRoute } from "~/server/http/api-route";
import { openApiJson } from "~/server/http/openapi";
import { newId } from "~/server/ids";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: async () =>
    new Response(openApiJson(appUrl()), {
      headers: {
        "Content-Type": "application/json",
        "Request-Id": newId("request"),
        "Service-Version": API_VERSION,
        "Cache-Control": "public, max-age=300",
        "Access-Control-Allow-Origin": "*",
      },
    }),
});
