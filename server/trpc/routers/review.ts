import "server-only";
/**
 * Dashboard: the review queue, claiming and assigning, the reviewer's decision (the same
 * domain call as POST /v1/sessions/{id}/decision), evidence addresses for the case view and
 * the project's reason codes.
 */
import { z } from "zod";
import { issueEvidenceAddress } from "../../evidence/evidence";
import { ZEvidenceAddress } from "../../evidence/evidence.schemas";
import { assignSession, claimSession, listAssignees, releaseSession } from "../../review/assign-session";
import { decideFromDashboard, ZDashboardDecision } from "../../review/review-decision";
import { listReviewQueue, reviewQueueSummary } from "../../review/review-queue";
import { resolveScreeningCandidate, ZResolveCandidateRequest, ZResolveCandidateResult } from "../../screening/resolve-candidate";
import { ZAssignableMember, ZReviewQueuePage, ZReviewQueueRequest, ZReviewQueueSummary, ZSessionAssignment } from "../../review/review-queue.schemas";
import { ZReasonCode, ZReasonCodeList } from "../../review/reason-codes.schemas";
import { getReasonCodes, updateReasonCodes } from "../../sessions/reason-codes";
import { ZDecisionResult } from "../../sessions/session.schemas";
import { PERMISSIONS } from "../../users/permissions";
import { createTRPCRouter, projectProcedure } from "../init";

const ZSessionRef = z.object({ id: z.string().min(1) });
const deciding = projectProcedure(PERMISSIONS.decideSessions);
const userActor = (ctx: { userId: string; ip: string | null }) => ({ type: "user" as const, id: ctx.userId, ip: ctx.ip });

export const reviewRouter = createTRPCRouter({
  queue: projectProcedure()
    .input(ZReviewQueueRequest)
    .output(ZReviewQueuePage)
    .query(({ ctx, input }) => listReviewQueue(ctx.db, ctx.tenant, ctx.userId, input)),
  summary: projectProcedure()
    .output(ZReviewQueueSummary)
    .query(({ ctx }) => reviewQueueSummary(ctx.db, ctx.tenant, ctx.userId)),
  assignees: projectProcedure()
    .output(z.array(ZAssignableMember))
    .query(({ ctx }) => listAssignees(ctx.db, ctx.organizationId)),
  claim: deciding
    .input(ZSessionRef.extend({ takeOverFrom: z.string().min(1).optional() }))
    .output(ZSessionAssignment)
    .mutation(({ ctx, input }) => claimSession(ctx.db, ctx.tenant, input.id, ctx.userId, userActor(ctx), { takeOverFrom: input.takeOverFrom })),
  release: deciding
    .input(ZSessionRef)
    .output(ZSessionAssignment)
    .mutation(({ ctx, input }) => releaseSession(ctx.db, ctx.tenant, input.id, ctx.userId, userActor(ctx))),
  assign: projectProcedure(PERMISSIONS.assignReviews)
    .input(ZSessionRef.extend({ assigneeId: z.string().min(1).nullable() }))
    .output(ZSessionAssignment)
    .mutation(({ ctx, input }) => assignSession(ctx.db, ctx.tenant, ctx.organizationId, input.id, input.assigneeId, userActor(ctx))),
  decide: deciding
    .input(ZDashboardDecision)
    .output(ZDecisionResult)
    .mutation(({ ctx, input }) => decideFromDashboard(ctx.db, ctx.tenant, input, userActor(ctx))),
  resolveCandidate: deciding
    .input(ZResolveCandidateRequest)
    .output(ZResolveCandidateResult)
    .mutation(({ ctx, input }) => resolveScreeningCandidate(ctx.db, ctx.tenant, userActor(ctx), input)),
  /** The viewer's address: the EXIF-stripped display copy (server/evidence/evidence.ts variants). */
  evidenceAddress: projectProcedure()
    .input(ZSessionRef.extend({ evidenceId: z.string().min(1) }))
    .output(ZEvidenceAddress)
    .mutation(({ ctx, input }) => issueEvidenceAddress(ctx.db, ctx.tenant, input.id, input.evidenceId, userActor(ctx), "display")),
  /** "Open original": the uploaded bytes as they came, for owners and admins; audited with the variant. */
  originalEvidenceAddress: projectProcedure(PERMISSIONS.downloadOriginalEvidence)
    .input(ZSessionRef.extend({ evidenceId: z.string().min(1) }))
    .output(ZEvidenceAddress)
    .mutation(({ ctx, input }) => issueEvidenceAddress(ctx.db, ctx.tenant, input.id, input.evidenceId, userActor(ctx), "original")),
  reasonCodes: projectProcedure()
    .output(z.array(ZReasonCode))
    .query(({ ctx }) => getReasonCodes(ctx.db, ctx.tenant.projectId)),
  updateReasonCodes: projectProcedure(PERMISSIONS.manageSettings)
    .input(z.object({ codes: ZReasonCodeList }))
    .output(z.array(ZReasonCode))
    .mutation(({ ctx, input }) => updateReasonCodes(ctx.db, ctx.tenant.projectId, input.codes, userActor(ctx))),
});
