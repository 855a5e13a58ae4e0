import { listEvents } from "~/server/events/list-events";
import { listEventsEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listEventsEndpoint, ({ query, ctx }) => listEvents(ctx.db, ctx.tenant, query)),
});
