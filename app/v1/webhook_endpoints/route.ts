import { createWebhookEndpointEndpoint, listWebhookEndpointsEndpoint } from "~/server/http/endpoints";
import { withApi } from "~/server/http/with-api";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

export const POST = withApi(createWebhookEndpointEndpoint, ({ body, ctx }) =>
  createWebhookEndpoint(ctx.db, ctx.tenant, body, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
);

export const GET = withApi(listWebhookEndpointsEndpoint, async ({ ctx }) => ({
  object: "list" as const,
  data: await listWebhookEndpoints(ctx.db, ctx.tenant),
  has_more: false,
}));
