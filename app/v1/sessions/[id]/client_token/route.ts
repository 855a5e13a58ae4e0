import { issueClientTokenEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { reissueClientToken } from "~/server/sessions/session-actions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(issueClientTokenEndpoint, ({ params, ctx }) =>
    reissueClientToken(ctx.db, ctx.tenant, params.id, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
});
