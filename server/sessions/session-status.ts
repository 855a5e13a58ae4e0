/**
 * The session statuses (decisions.md "Session lifecycle"), in lifecycle order: the one list that
 * the API's `ZSessionStatus` (./session.schemas.ts) and the decision rules' conditions
 * (server/workflows/workflow.schemas.ts) are built from. The database enum `SessionStatus`
 * (prisma/schema.prisma) holds the same values. No imports, so any schema can use it.
 */
export const SESSION_STATUSES = [
  "created",
  "started",
  "in_progress",
  "processing",
  "review",
  "approved",
  "declined",
  "resubmission_requested",
  "expired",
  "cancelled",
] as const;
