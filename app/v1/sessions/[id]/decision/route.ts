import { decideSessionEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { decideSession } from "~/server/sessions/decide-session";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(decideSessionEndpoint, ({ params, body, ctx }) =>
    decideSession(ctx.db, ctx.tenant, params.id, body, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
});
