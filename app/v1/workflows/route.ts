import { listWorkflowsEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { listWorkflows } from "~/server/workflows/workflow.queries";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(listWorkflowsEndpoint, ({ query, ctx }) => listWorkflows(ctx.db, ctx.tenant.projectId, query)),
});
