import "server-only";
/**
 * `withApi(endpoint, handler)`: the /v1 pipeline every route handler shares (STYLE.md 3). Each
 * step is a small function of its own in server/http/pipeline/, composed here always in this
 * order: request id -> Service-Version -> API key -> rate limit -> body (size, type, JSON or
 * multipart/form-data for an endpoint with `bodyEncoding: "multipart"`) ->
 * idempotency claim or replay -> zod parse of params, query, body -> handler -> response
 * schema -> headers (`Request-Id`, `Service-Version`, `RateLimit-*`) -> idempotency store.
 * One catch maps every failure to the Error object (server/http/api-error.ts). The endpoint's
 * `responses` type the handler's result; the same endpoint objects generate the OpenAPI
 * document (server/http/openapi.ts).
 */
import type { z } from "zod";
import { getDb } from "../db";
import { tenantWhere } from "../tenant";
import { toApiError } from "./api-error";
import { clientIp } from "./client-ip";
import { atomicIdempotency } from "./idempotency";
import { authenticate } from "./pipeline/api-key";
import type { Endpoint, Handler, RouteContext, SuccessResponses } from "./pipeline/endpoint";
import { runHandler } from "./pipeline/handler";
import { claimOrReplay, idempotencyScope } from "./pipeline/idempotency-key";
import { storeIdempotentResponse } from "./pipeline/idempotency-store";
import { parseInput } from "./pipeline/input";
import { readJsonBody } from "./pipeline/json-body";
import { readMultipartBody } from "./pipeline/multipart-body";
import { limitRate } from "./pipeline/rate-limit";
import { openExchange } from "./pipeline/request-id";
import { responseHeaders, send, sendReplay } from "./pipeline/response-headers";
import { handlerResponse, jsonResponse } from "./pipeline/response-schema";
import { requestedVersion } from "./pipeline/service-version";

export function withApi<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends SuccessResponses = SuccessResponses>(
  endpoint: Endpoint<P, Q, B, R>,
  handler: Handler<P, Q, B, R>,
) {
  return async (req: Request, route: RouteContext): Promise<Response> => {
    const x = openExchange(req); // request id
    x.route = endpoint.path;
    try {
      x.version = requestedVersion(req.headers); // Service-Version
      const db = await getDb();
      const key = await authenticate(db, req.headers); // API key
      x.version ??= key.apiVersion;
      const limit = await limitRate(db, key); // rate limit
      x.rateHeaders = limit.headers;
      if (limit.refusal) throw limit.refusal;
      const body = endpoint.bodyEncoding === "multipart" ? await readMultipartBody(req) : await readJsonBody(req, endpoint.method); // size, type, JSON or form

      const scope = idempotencyScope(req, endpoint.method, key); // idempotency claim or replay
      const claimFirst = () => claimOrReplay(x, db, scope!, body.raw);
      if (scope && !endpoint.atomicIdempotency) {
        const replay = await claimFirst();
        if (replay) return sendReplay(x, replay);
      }

      const input = await parseInput(endpoint, req, route, body.json); // zod parse
      const ctx = { ...key, db, tenant: tenantWhere(key), requestId: x.requestId, ip: clientIp(req.headers) };
      const atomic =
        scope && endpoint.atomicIdempotency
          ? { claim: atomicIdempotency(scope, body.raw, (result) => handlerResponse(endpoint, result, responseHeaders(x))), claimFirst }
          : null;
      x.handlerStarted = true; // handler
      const ran = await runHandler((idempotency) => handler({ ...input, ctx: idempotency ? { ...ctx, idempotency } : ctx }), atomic);
      if ("replay" in ran) return sendReplay(x, ran.replay);

      const response = handlerResponse(endpoint, ran.result, responseHeaders(x)); // response schema, headers
      await storeIdempotentResponse(x, response); // idempotency store
      return send(x, response);
    } catch (err) {
      const { status, body } = toApiError(err, x.requestId);
      const response = jsonResponse(status, body, responseHeaders(x));
      await storeIdempotentResponse(x, response).catch(() => undefined);
      return send(x, response);
    }
  };
}
