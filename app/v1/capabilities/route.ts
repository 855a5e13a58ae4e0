import { listProjectCapabilities } from "~/server/checks/capabilities";
import { capabilitiesEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(capabilitiesEndpoint, ({ query, ctx }) => listProjectCapabilities(ctx.db, ctx.tenant.projectId, query.country)),
});
