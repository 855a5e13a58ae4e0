/**
 * The dashboard's case view of one session (`sessions.get`, server/sessions/session-case.ts).
 * Naming: `session` is the API's Session object exactly as GET /v1/sessions/{id} returns it
 * (snake_case, ZSession); every field the case view adds around it is camelCase, like the
 * other dashboard DTOs, with timestamps as `Date` (tRPC carries them with superjson).
 * Objects are strict: a field the domain returns but the schema lacks fails the call (and its tests)
 * instead of being dropped on the way to the browser.
 */
import { z } from "zod";
import { AUDIT_ACTOR_TYPES } from "../audit/audit-log.schemas";
import { ZExtractedFields, ZReviewSignal } from "../intelligence/extraction.schemas";
import { ZReviewAssignee, ZReviewReason } from "../review/review-queue.schemas";
import { ZSignalKind } from "../workflows/workflow.schemas";
import { ZSession, ZSessionStatus, ZStepStatus } from "./session.schemas";

/** A step as the applicant submitted it (`data`: what they entered; PII). */
export const ZCaseStep = z.strictObject({
  name: z.string(),
  type: z.string(),
  status: ZStepStatus,
  data: z.record(z.string(), z.unknown()).nullable(),
  submittedAt: z.date().nullable(),
});

/** One status change, with the email of the user who made it (null for other actors and removed users). */
export const ZCaseHistoryEntry = z.strictObject({
  fromStatus: ZSessionStatus.nullable(),
  toStatus: ZSessionStatus,
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.date(),
});

/** An evidence file's metadata; the bytes need a signed address (review.evidenceAddress). */
export const ZCaseEvidence = z.strictObject({
  id: z.string(),
  step: z.string(),
  kind: z.string(),
  contentType: z.string(),
  /** bytes */
  size: z.number().int(),
  createdAt: z.date(),
});

/** The latest document extraction of a step: extracted fields beside the applicant's confirmed values. */
export const ZCaseDocument = z.strictObject({
  id: z.string(),
  step: z.string(),
  documentType: z.string(),
  /** `pending`, `completed` or `failed` */
  status: z.string(),
  errorCode: z.string().nullable(),
  fields: ZExtractedFields.nullable(),
  confirmed: z.record(z.string(), z.string().nullable()).nullable(),
  signals: z.array(ZReviewSignal),
  fileIds: z.array(z.string()),
});

/** An earlier session sharing identity signals, with its status (null when it is gone). */
export const ZCaseDuplicate = z.strictObject({
  sessionId: z.string(),
  signals: z.array(ZSignalKind),
  status: ZSessionStatus.nullable(),
  createdAt: z.date().nullable(),
});

export const ZSessionCase = z.strictObject({
  /** The API object, with `checks`, `applicant` and `business` expanded. */
  session: ZSession,
  workflowName: z.string(),
  /** Names of the decision rules that sent the session to review. */
  reviewReasons: z.array(z.string()),
  /** The same rules with their descriptions. */
  reasons: z.array(ZReviewReason),
  enteredReviewAt: z.date().nullable(),
  assignee: ZReviewAssignee.nullable(),
  assignedAt: z.date().nullable(),
  steps: z.array(ZCaseStep),
  history: z.array(ZCaseHistoryEntry),
  evidence: z.array(ZCaseEvidence),
  documents: z.array(ZCaseDocument),
  duplicates: z.array(ZCaseDuplicate),
});
export type TSessionCase = z.infer<typeof ZSessionCase>;
