import { deleteWebhookEndpointEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { deleteWebhookEndpoint } from "~/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  DELETE: withApi(deleteWebhookEndpointEndpoint, ({ params, ctx }) =>
    deleteWebhookEndpoint(ctx.db, ctx.tenant, params.id, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
});
