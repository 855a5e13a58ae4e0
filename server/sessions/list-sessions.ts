/**
 * GET /v1/sessions: newest first, cursor pagination by id (`starting_after`), `has_more`; filters
 * by status, reference id, risk level, and (dashboard) approved sessions whose re-KYC review is due.
 */
import type { Db } from "../db";
import type { RiskLevel, SessionStatus } from "../generated/prisma/enums";
import { keysetList, NEWEST_FIRST } from "../pagination";
import { type Tenant, tenantWhere } from "../tenant";
import { sessionSelect, toSessionDto } from "./session.dto";

export async function listSessions(
  db: Db,
  tenant: Tenant,
  q: { limit: number; starting_after?: string; status?: SessionStatus; reference_id?: string; risk_level?: RiskLevel; review_due?: boolean },
  now = new Date(),
) {
  const where = {
    ...tenantWhere(tenant),
    ...(q.risk_level ? { riskLevel: q.risk_level } : {}),
    ...(q.review_due ? { status: "approved" as const, nextReviewAt: { lte: now } } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.reference_id ? { referenceId: q.reference_id } : {}),
  };
  return keysetList(
    "session",
    q,
    (id) => db.session.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { createdAt: true, id: true } }),
    (after, take) => db.session.findMany({ where: { ...where, ...after }, orderBy: NEWEST_FIRST, take, select: sessionSelect }),
    (row) => toSessionDto(row),
  );
}
