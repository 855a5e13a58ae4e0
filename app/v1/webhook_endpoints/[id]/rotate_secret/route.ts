import { rotateWebhookSecretEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { rotateWebhookSecret } from "~/server/webhooks/webhook-endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(rotateWebhookSecretEndpoint, ({ params, body, ctx }) =>
    rotateWebhookSecret(ctx.db, ctx.tenant, params.id, body, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
});
