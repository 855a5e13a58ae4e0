/** GET /v1/sessions: newest first, cursor pagination by id (`starting_after`), `has_more`. */
import type { Db } from "../db";
import { notFound } from "../errors";
import type { SessionStatus } from "../generated/prisma/enums";
import { type Tenant, tenantWhere } from "../tenant";
import { sessionSelect, toSessionDto } from "./session.dto";

export async function listSessions(
  db: Db,
  tenant: Tenant,
  q: { limit: number; starting_after?: string; status?: SessionStatus; reference_id?: string },
) {
  let cursor: { createdAt: Date; id: string } | null = null;
  if (q.starting_after) {
    cursor = await db.session.findFirst({ where: { id: q.starting_after, ...tenantWhere(tenant) }, select: { createdAt: true, id: true } });
    if (!cursor) throw notFound("session", q.starting_after, "starting_after");
  }
  const rows = await db.session.findMany({
    where: {
      ...tenantWhere(tenant),
      ...(q.status ? { status: q.status } : {}),
      ...(q.reference_id ? { referenceId: q.reference_id } : {}),
      ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: q.limit + 1,
    select: sessionSelect,
  });
  return { object: "list" as const, data: rows.slice(0, q.limit).map((r) => toSessionDto(r)), has_more: rows.length > q.limit };
}
