import { listCapabilities } from "~/server/checks/capabilities";
import { capabilitiesEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(capabilitiesEndpoint, async ({ query }) => listCapabilities(query.country)),
});
