import { erasePiiEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { eraseSessionPii } from "~/server/sessions/session-actions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  DELETE: withApi(erasePiiEndpoint, ({ params, ctx }) => eraseSessionPii(ctx.db, ctx.tenant, params.id, { type: "api_key", id: ctx.keyId, ip: ctx.ip })),
});
