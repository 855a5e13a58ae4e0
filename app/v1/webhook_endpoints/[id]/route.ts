import { deleteWebhookEndpointEndpoint } from "~/server/http/endpoints";
import { withApi } from "~/server/http/with-api";
import { deleteWebhookEndpoint } from "~/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

export const DELETE = withApi(deleteWebhookEndpointEndpoint, ({ params, ctx }) =>
  deleteWebhookEndpoint(ctx.db, ctx.tenant, params.id, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
);
