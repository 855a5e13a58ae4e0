/**
 * The review queue's inputs (filters, page) and the dashboard DTOs of the queue, its summary
 * and assignments (server/review/review-queue.ts, assign-session.ts; the review.* procedures
 * declare them as `.output()`).
 */
import { z } from "zod";
import { ZRole } from "../users/account.schemas";
import { ZVerificationType } from "../workflows/workflow.schemas";

export const ZReviewQueueFilters = z.object({
  assignee: z.union([z.enum(["me", "unassigned", "anyone"]), z.string().regex(/^usr_[0-9A-Za-z]+$/)]).default("anyone"),
  reason: z.string().min(1).max(128).optional(),
  search: z.string().trim().max(128).optional(),
});
export type TReviewQueueFilters = z.input<typeof ZReviewQueueFilters>;

export const ZReviewQueueRequest = ZReviewQueueFilters.extend({
  limit: z.number().int().min(1).max(100).default(25),
  startingAfter: z.string().min(1).optional(),
});
export type TReviewQueueRequest = z.input<typeof ZReviewQueueRequest>;

/** A reason of the queue: a fired rule's name, and its description when the workflow gives one. */
export const ZReviewReason = z.strictObject({ name: z.string(), description: z.string().nullable() });
export type TReviewReason = z.infer<typeof ZReviewReason>;

/** The user a session in review is assigned to. */
export const ZReviewAssignee = z.strictObject({ id: z.string(), email: z.string(), name: z.string() });
export type TReviewAssignee = z.infer<typeof ZReviewAssignee>;

/** A member who may be assigned sessions (a deciding role). */
export const ZAssignableMember = ZReviewAssignee.extend({ role: ZRole });

export const ZReviewQueueItem = z.strictObject({
  id: z.string(),
  type: ZVerificationType,
  reference_id: z.string().nullable(),
  created_at: z.string(),
  /** When the session last entered `review` (its age in the queue counts from here). */
  entered_review_at: z.string(),
  reasons: z.array(ZReviewReason),
  assignee: ZReviewAssignee.nullable(),
  assigned_at: z.string().nullable(),
});
export type TReviewQueueItem = z.infer<typeof ZReviewQueueItem>;

/** One page of the queue, oldest first. */
export const ZReviewQueuePage = z.strictObject({ object: z.literal("list"), data: z.array(ZReviewQueueItem), has_more: z.boolean() });
export type TReviewQueuePage = z.infer<typeof ZReviewQueuePage>;

/** Counts for the navigation badge and the filters. */
export const ZReviewQueueSummary = z.strictObject({
  total: z.number().int(),
  mine: z.number().int(),
  unassigned: z.number().int(),
  /** Reasons of the sessions in the queue, most frequent first. */
  reasons: z.array(z.strictObject({ name: z.string(), count: z.number().int() })),
});
export type TReviewQueueSummary = z.infer<typeof ZReviewQueueSummary>;

/** Who works a session after a claim, an assignment or a release. */
export const ZSessionAssignment = z.strictObject({ id: z.string(), assignee: ZReviewAssignee.nullable(), assigned_at: z.string().nullable() });
export type TSessionAssignment = z.infer<typeof ZSessionAssignment>;
