import { retrieveWorkflowEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { toWorkflowDto } from "~/server/workflows/workflow.dto";
import { getPublishedWorkflow } from "~/server/workflows/workflow.queries";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(retrieveWorkflowEndpoint, async ({ params, ctx }) =>
    toWorkflowDto(await getPublishedWorkflow(ctx.db, ctx.tenant.projectId, params.id, "id", { archived: "allow" })),
  ),
});
