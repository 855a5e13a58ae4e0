import { retrieveSessionEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { getSessionJson } from "~/server/sessions/session.dto";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(retrieveSessionEndpoint, ({ params, query, ctx }) => getSessionJson(ctx.db, ctx.tenant, params.id, query.expand)),
});
