/** The Session object of the API (interface.md 2.3; schema `ZSession`) and the selection it is built from. */
import type { Db } from "../db";
import { checkSelect, toCheckDto } from "../checks/check.dto";
import type { TCheck } from "../checks/check.schemas";
import { notFound } from "../errors";
import { type Tenant, tenantWhere } from "../tenant";
import type { TStepType } from "../steps/step-types";
import type { TLocale } from "../workflows/workflow.schemas";
import type { TSession } from "./session.schemas";

export const sessionSelect = {
  id: true,
  projectId: true,
  mode: true,
  type: true,
  status: true,
  country: true,
  workflowId: true,
  workflowVersion: { select: { version: true } },
  referenceId: true,
  parentSessionId: true,
  role: true,
  decision: true,
  decisionSource: true,
  reasonCode: true,
  reviewReasons: true,
  duplicates: true,
  metadata: true,
  applicant: true,
  business: true,
  locale: true,
  expiresAt: true,
  createdAt: true,
  completedAt: true,
  piiErasedAt: true,
  riskLevel: true,
  riskRules: true,
  nextReviewAt: true,
  steps: { select: { name: true, type: true, status: true, method: true, attempts: true, position: true }, orderBy: { position: "asc" } },
  parent: { select: { id: true, status: true } },
  children: { select: { id: true, role: true, status: true }, orderBy: { createdAt: "asc" } },
} as const;

export const SESSION_EXPANDS = ["checks", "applicant", "business"] as const;
export type SessionExpand = (typeof SESSION_EXPANDS)[number];

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionRow>>>;

async function findSessionRow(db: Db, where: { id: string } & Tenant) {
  return db.session.findFirst({ where, select: sessionSelect });
}

export function toSessionDto(s: SessionRow, extra: { checks?: TCheck[]; expand?: readonly SessionExpand[] } = {}): TSession {
  const expand = extra.expand ?? [];
  return {
    id: s.id,
    object: "session",
    mode: s.mode,
    type: s.type,
    status: s.status,
    country: s.country,
    workflow_id: s.workflowId,
    workflow_version: s.workflowVersion.version,
    reference_id: s.referenceId,
    parent_session_id: s.parentSessionId,
    decision: s.decision,
    decision_source: s.decisionSource,
    reason_code: s.reasonCode,
    steps: Object.fromEntries(
      s.steps.map((st) => [st.name, { type: st.type as TStepType, status: st.status, ...(st.method ? { method: st.method } : {}), attempts: st.attempts }]),
    ),
    metadata: (s.metadata ?? {}) as Record<string, string>,
    locale: s.locale as TLocale,
    expires_at: s.expiresAt.toISOString(),
    created_at: s.createdAt.toISOString(),
    completed_at: s.completedAt?.toISOString() ?? null,
    pii_erased_at: s.piiErasedAt?.toISOString() ?? null,
    duplicates: (s.duplicates ?? []) as TSession["duplicates"],
    risk_level: s.riskLevel,
    risk_rules: (s.riskRules ?? []) as TSession["risk_rules"],
    next_review_at: s.nextReviewAt?.toISOString() ?? null,
    related_sessions: [
      ...(s.parent ? [{ id: s.parent.id, role: "parent", status: s.parent.status }] : []),
      ...s.children.map((c) => ({ id: c.id, role: c.role, status: c.status })),
    ],
    ...(extra.checks ? { checks: extra.checks } : {}),
    ...(expand.includes("applicant") ? { applicant: (s.applicant ?? null) as Record<string, unknown> | null } : {}),
    ...(expand.includes("business") ? { business: (s.business ?? null) as Record<string, unknown> | null } : {}),
  };
}

/**
 * Retrieves a session of the tenant as the API shows it.
 * @throws DomainError resource_missing for unknown ids and ids of another project or mode.
 */
export async function getSession(db: Db, tenant: Tenant, id: string, expand: readonly SessionExpand[] = []): Promise<TSession> {
  const row = await findSessionRow(db, { id, ...tenantWhere(tenant) });
  if (!row) throw notFound("session", id);
  const checks = expand.includes("checks")
    ? (await db.check.findMany({ where: { sessionId: id }, select: checkSelect, orderBy: { createdAt: "asc" } })).map(toCheckDto)
    : undefined;
  return toSessionDto(row, { checks, expand });
}
