import { endSessionMonitoringEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { endMonitoring } from "~/server/screening/monitoring";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  DELETE: withApi(endSessionMonitoringEndpoint, ({ params, ctx }) =>
    endMonitoring(ctx.db, ctx.tenant, { sessionId: params.id }, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
});
