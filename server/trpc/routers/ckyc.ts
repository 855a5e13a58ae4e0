import "server-only";
/** Dashboard: the CKYC upload queue of the project and mode (server/ckyc/ckyc-upload.ts) and re-queuing a failed upload. */
import { z } from "zod";
import { listCkycUploads, retryCkycUpload } from "../../ckyc/ckyc-upload";
import { ZCkycUploadQueue, ZCkycUploadStatus } from "../../ckyc/ckyc-upload.schemas";
import { PERMISSIONS } from "../../users/permissions";
import { createTRPCRouter, projectProcedure } from "../init";

export const ckycRouter = createTRPCRouter({
  uploads: projectProcedure()
    .input(z.object({ status: ZCkycUploadStatus.optional(), limit: z.number().int().min(1).max(200).default(100) }))
    .output(ZCkycUploadQueue)
    .query(({ ctx, input }) => listCkycUploads(ctx.db, ctx.tenant, { status: input.status, limit: input.limit })),
  retryUpload: projectProcedure(PERMISSIONS.manageWorkflows)
    .input(z.object({ uploadId: z.string().min(1) }))
    .output(z.object({ queued: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await retryCkycUpload(ctx.db, ctx.tenant, input.uploadId);
      return { queued: true as const };
    }),
});
