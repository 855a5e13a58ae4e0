/** `DELETE /v1/checks/{id}/pii`: erases a direct check's personal data (server/checks/erase-check-pii.ts). */
import { eraseCheckPii } from "~/server/checks/erase-check-pii";
import { eraseCheckPiiEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  DELETE: withApi(eraseCheckPiiEndpoint, ({ params, ctx }) => eraseCheckPii(ctx.db, ctx.tenant, params.key, { type: "api_key", id: ctx.keyId, ip: ctx.ip })),
});
