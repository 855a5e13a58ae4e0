import { deleteFile, getFile } from "~/server/files/files";
import { deleteFileEndpoint, retrieveFileEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(retrieveFileEndpoint, ({ params, ctx }) => getFile(ctx.db, ctx.tenant, params.id)),
  DELETE: withApi(deleteFileEndpoint, ({ params, ctx }) => deleteFile(ctx.db, ctx.tenant, params.id, { type: "api_key", id: ctx.keyId, ip: ctx.ip })),
});
