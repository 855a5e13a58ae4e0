import { createWebhookEndpointEndpoint, listWebhookEndpointsEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(createWebhookEndpointEndpoint, ({ body, ctx }) =>
    createWebhookEndpoint(ctx.db, ctx.tenant, body, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
  GET: withApi(listWebhookEndpointsEndpoint, ({ query, ctx }) => listWebhookEndpoints(ctx.db, ctx.tenant, query)),
});
