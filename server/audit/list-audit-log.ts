/**
 * The dashboard's audit log browser (issue 7): one project's rows of the current mode (and
 * the project's mode-less rows, e.g. settings changes) with its organization's own rows
 * (members, invitations, roles; sign-ins, sign-outs and password resets of its members),
 * newest first, filtered by actor,
 * session, action and date range, with keyset pagination (server/pagination.ts). Actors are
 * shown as people read them: a user's email, an API key's name and prefix, "Applicant",
 * "System".
 */
import type { z } from "zod";
import type { Db } from "../db";
import type { ActorType } from "../generated/prisma/enums";
import type { AuditLogWhereInput } from "../generated/prisma/models";
import { keysetList, NEWEST_FIRST } from "../pagination";
import { type Actor, writeAudit } from "./write-audit";
import type { Tenant } from "../tenant";
import { type TAuditFilterOptions, type TAuditFilters, type TAuditPage, type TAuditRow, ZAuditFilters, ZAuditListRequest } from "./audit-log.schemas";

const DAY_MS = 86_400_000;

/** The Prisma `where` of the filters within the tenant. */
function auditWhere(tenant: Tenant, f: z.infer<typeof ZAuditFilters>): AuditLogWhereInput {
  const and: AuditLogWhereInput[] = [
    {
      OR: [
        { projectId: tenant.projectId, OR: [{ mode: tenant.mode }, { mode: null }] },
        { projectId: null, organization: { projects: { some: { id: tenant.projectId } } } },
      ],
    },
  ];
  if (f.actor) {
    const [type, id] = f.actor.split(":") as [ActorType, string | undefined];
    and.push({ actorType: type, ...(id ? { actorId: id } : {}) });
  }
  if (f.sessionId) and.push({ OR: [{ objectType: "session", objectId: f.sessionId }, { data: { path: ["session_id"], equals: f.sessionId } }] });
  if (f.action) and.push({ action: f.action });
  if (f.from) and.push({ createdAt: { gte: new Date(`${f.from}T00:00:00.000Z`) } });
  if (f.to) and.push({ createdAt: { lt: new Date(new Date(`${f.to}T00:00:00.000Z`).getTime() + DAY_MS) } });
  return { AND: and };
}

const rowSelect = { id: true, createdAt: true, actorType: true, actorId: true, action: true, objectType: true, objectId: true, ip: true, data: true } as const;
type Row = {
  id: string;
  createdAt: Date;
  actorType: ActorType;
  actorId: string | null;
  action: string;
  objectType: string;
  objectId: string;
  ip: string | null;
  data: unknown;
};

/** Labels of the rows' user and API key actors. */
async function actorLabels(db: Db, rows: readonly Row[]): Promise<Map<string, string>> {
  const ids = (type: ActorType) => [...new Set(rows.flatMap((r) => (r.actorType === type && r.actorId ? [r.actorId] : [])))];
  const [users, keys] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids("user") } }, select: { id: true, email: true } }),
    db.apiKey.findMany({ where: { id: { in: ids("api_key") } }, select: { id: true, name: true, prefix: true } }),
  ]);
  return new Map([
    ...users.map((u) => [`user:${u.id}`, u.email] as const),
    ...keys.map((k) => [`api_key:${k.id}`, `${k.name || "API key"} (${k.prefix}…)`] as const),
  ]);
}

const ACTOR_FALLBACK: Record<ActorType, string> = { user: "Deleted user", api_key: "API key", applicant: "Applicant", system: "System" };

function toRow(r: Row, labels: Map<string, string>): TAuditRow {
  const sessionId = r.objectType === "session" ? r.objectId : ((r.data as { session_id?: unknown } | null)?.session_id ?? null);
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    actor: { type: r.actorType, id: r.actorId, label: labels.get(`${r.actorType}:${r.actorId}`) ?? ACTOR_FALLBACK[r.actorType] },
    action: r.action,
    object_type: r.objectType,
    object_id: r.objectId,
    session_id: typeof sessionId === "string" ? sessionId : null,
    ip: r.ip,
    data: r.data ?? null,
  };
}

/**
 * One page of the audit log, newest first.
 * @throws DomainError resource_missing (param `starting_after`) for a cursor outside the filtered list.
 */
export async function listAuditLog(db: Db, tenant: Tenant, input: z.input<typeof ZAuditListRequest>): Promise<TAuditPage> {
  const q = ZAuditListRequest.parse(input);
  const where = auditWhere(tenant, q);
  let rows: Row[] = [];
  const page = await keysetList(
    "audit log row",
    { limit: q.limit, starting_after: q.startingAfter },
    (id) => db.auditLog.findFirst({ where: { AND: [where, { id }] }, select: { createdAt: true, id: true } }),
    async (after, take) => (rows = await db.auditLog.findMany({ where: { AND: [where, after] }, orderBy: NEWEST_FIRST, take, select: rowSelect })),
    (r) => r,
  );
  const labels = await actorLabels(db, rows);
  return { ...page, data: page.data.map((r) => toRow(r, labels)) };
}

/** The filter choices: the actions present in the project's log and the organization's users. */
export async function auditFilterOptions(db: Db, tenant: Tenant, organizationId: string): Promise<TAuditFilterOptions> {
  const [actions, members] = await Promise.all([
    db.auditLog.findMany({
      where: { OR: [{ projectId: tenant.projectId }, { projectId: null, organizationId }] },
      distinct: ["action"],
      select: { action: true },
      orderBy: { action: "asc" },
    }),
    db.membership.findMany({ where: { organizationId }, select: { user: { select: { id: true, email: true } } }, orderBy: { user: { email: "asc" } } }),
  ]);
  return { actions: actions.map((a) => a.action), users: members.map((m) => m.user) };
}

/** Records an export of the audit log (`audit_log.exported`, with the filters used). */
export async function recordAuditExport(db: Db, tenant: Tenant, filters: TAuditFilters, actor: Actor): Promise<void> {
  const f = ZAuditFilters.parse(filters);
  await db.$transaction((tx) =>
    writeAudit(tx, {
      actor,
      action: "audit_log.exported",
      objectType: "project",
      objectId: tenant.projectId,
      projectId: tenant.projectId,
      mode: tenant.mode,
      data: { filters: f },
    }),
  );
}
