import { issueFileAddress } from "~/server/files/files";
import { retrieveFileUrlEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(retrieveFileUrlEndpoint, ({ params, ctx }) => issueFileAddress(ctx.db, ctx.tenant, params.id, { type: "api_key", id: ctx.keyId, ip: ctx.ip })),
});
