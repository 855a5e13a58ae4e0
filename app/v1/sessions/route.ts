import { createSessionEndpoint, listSessionsEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { createSession } from "~/server/sessions/create-session";
import { listSessionsJson } from "~/server/sessions/list-sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(createSessionEndpoint, ({ body, ctx }) =>
    createSession(
      ctx.db,
      ctx.tenant,
      body,
      { type: "api_key", id: ctx.keyId, ip: ctx.ip },
      { allowedOrigins: ctx.allowedOrigins, idempotency: ctx.idempotency },
    ),
  ),
  GET: withApi(listSessionsEndpoint, ({ query, ctx }) => listSessionsJson(ctx.db, ctx.tenant, query)),
});
