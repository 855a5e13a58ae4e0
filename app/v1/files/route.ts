import { uploadFile } from "~/server/files/files";
import { uploadFileEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(uploadFileEndpoint, ({ body, ctx }) => uploadFile(ctx.db, ctx.tenant, body, { type: "api_key", id: ctx.keyId, ip: ctx.ip })),
});
