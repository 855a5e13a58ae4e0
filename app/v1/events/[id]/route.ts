import { getEvent } from "~/server/events/list-events";
import { retrieveEventEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(retrieveEventEndpoint, ({ params, ctx }) => getEvent(ctx.db, ctx.tenant, params.id)),
});
