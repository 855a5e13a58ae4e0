import "server-only";
/**
 * Dashboard: the workflow builder (issue 7). Every role reads workflows, drafts, history and
 * diffs; owners, admins and developers (PERMISSIONS.manageWorkflows) create, save and discard
 * drafts, publish versions, preview a draft in test mode, rename and archive (or restore).
 */
import { z } from "zod";
import { PERMISSIONS } from "../../users/permissions";
import { previewWorkflowDraft } from "../../workflows/preview-workflow";
import { renameWorkflow, setWorkflowArchived } from "../../workflows/manage-workflow";
import { createWorkflowFromTemplate, publishWorkflow } from "../../workflows/publish-workflow";
import { discardWorkflowDraft, saveWorkflowDraft } from "../../workflows/save-workflow-draft";
import {
  ZArchiveWorkflowInput,
  ZCreateWorkflowRequest,
  ZPublishedVersion,
  ZRenameWorkflowInput,
  ZSaveDraftInput,
  ZStoredDefinition,
  ZWorkflowCatalog,
  ZWorkflowCountry,
  ZWorkflowDiff,
  ZWorkflowDiffInput,
  ZWorkflowForBuilder,
  ZWorkflowIdInput,
  ZWorkflowPreview,
  ZWorkflowRef,
  ZWorkflowSummary,
  ZWorkflowVersionRow,
} from "../../workflows/workflow-builder.schemas";
import { diffWorkflowVersions, getWorkflowForBuilder, listWorkflowSummaries, listWorkflowVersions } from "../../workflows/workflow-builder.queries";
import { workflowCatalog } from "../../workflows/workflow-catalog";
import { createTRPCRouter, projectProcedure } from "../init";

const read = () => projectProcedure(PERMISSIONS.readProject);
const manage = () => projectProcedure(PERMISSIONS.manageWorkflows);
const userActor = (ctx: { userId: string; ip: string | null }) => ({ type: "user" as const, id: ctx.userId, ip: ctx.ip });
const ids = (ctx: { tenant: { projectId: string } }, input: { id: string }) => ({ projectId: ctx.tenant.projectId, workflowId: input.id });

export const workflowsRouter = createTRPCRouter({
  list: read()
    .output(z.array(ZWorkflowSummary))
    .query(({ ctx }) => listWorkflowSummaries(ctx.db, ctx.tenant.projectId)),
  /** Step types, document types and check keys the builder offers for the workflow's country. */
  catalog: read()
    .input(z.object({ country: ZWorkflowCountry }))
    .output(ZWorkflowCatalog)
    .query(({ input }) => workflowCatalog(input.country)),
  get: read()
    .input(ZWorkflowIdInput)
    .output(ZWorkflowForBuilder)
    .query(({ ctx, input }) => getWorkflowForBuilder(ctx.db, ctx.tenant.projectId, input.id)),
  versions: read()
    .input(ZWorkflowIdInput)
    .output(z.array(ZWorkflowVersionRow))
    .query(({ ctx, input }) => listWorkflowVersions(ctx.db, ctx.tenant.projectId, input.id)),
  diff: read()
    .input(ZWorkflowDiffInput)
    .output(ZWorkflowDiff)
    .query(({ ctx, input }) => diffWorkflowVersions(ctx.db, ctx.tenant.projectId, input.id, input.version)),
  create: manage()
    .input(ZCreateWorkflowRequest)
    .output(ZWorkflowRef)
    .mutation(({ ctx, input }) => createWorkflowFromTemplate(ctx.db, ctx.tenant.projectId, input, userActor(ctx))),
  saveDraft: manage()
    .input(ZSaveDraftInput)
    .output(ZStoredDefinition)
    .mutation(({ ctx, input }) => saveWorkflowDraft(ctx.db, { ...ids(ctx, input), definition: input.definition, base: input.base }, userActor(ctx))),
  discardDraft: manage()
    .input(ZWorkflowIdInput)
    .output(ZStoredDefinition)
    .mutation(({ ctx, input }) => discardWorkflowDraft(ctx.db, ids(ctx, input), userActor(ctx))),
  publish: manage()
    .input(ZWorkflowIdInput)
    .output(ZPublishedVersion)
    .mutation(({ ctx, input }) => publishWorkflow(ctx.db, { ...ids(ctx, input), publishedBy: ctx.userId }, userActor(ctx))),
  /** A test-mode session on a snapshot of the saved draft; the dashboard opens its `url`. */
  preview: manage()
    .input(ZWorkflowIdInput)
    .output(ZWorkflowPreview)
    .mutation(({ ctx, input }) => previewWorkflowDraft(ctx.db, ids(ctx, input), userActor(ctx))),
  rename: manage()
    .input(ZRenameWorkflowInput)
    .output(z.object({ name: z.string() }))
    .mutation(({ ctx, input }) => renameWorkflow(ctx.db, { ...ids(ctx, input), name: input.name }, userActor(ctx))),
  /** `archived: true` archives (no new sessions, hidden from GET /v1/workflows), `false` restores. */
  archive: manage()
    .input(ZArchiveWorkflowInput)
    .output(z.object({ archived: z.boolean() }))
    .mutation(({ ctx, input }) => setWorkflowArchived(ctx.db, { ...ids(ctx, input), archived: input.archived }, userActor(ctx))),
});
