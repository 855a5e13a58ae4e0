import { deleteWebhookEndpointEndpoint, retrieveWebhookEndpointEndpoint, updateWebhookEndpointEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "~/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(retrieveWebhookEndpointEndpoint, ({ params, ctx }) => getWebhookEndpoint(ctx.db, ctx.tenant, params.id)),
  POST: withApi(updateWebhookEndpointEndpoint, ({ params, body, ctx }) =>
    updateWebhookEndpoint(ctx.db, ctx.tenant, params.id, body, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
  DELETE: withApi(deleteWebhookEndpointEndpoint, ({ params, ctx }) =>
    deleteWebhookEndpoint(ctx.db, ctx.tenant, params.id, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
});
