/**
 * GET /v1/sessions: newest first, cursor pagination by id (`starting_after`), `has_more`; filters
 * by status, reference id, risk level, and (dashboard) approved sessions whose re-KYC review is due.
 * One statement per page: each session comes back as its JSON text (`sessionJsonSql`), and /v1
 * sends the page as it is (`listSessionsJson`).
 */
import type { z } from "zod";
import type { Db } from "../db";
import { queryRows } from "../db-sql";
import type { RiskLevel, SessionStatus } from "../generated/prisma/enums";
import { JsonText } from "../json-text";
import { keysetList } from "../pagination";
import { sql, type Sql, sqlJoin, sqlTimestamp } from "../sql";
import { type Tenant, tenantWhere } from "../tenant";
import { sessionJsonSql } from "./session.dto";
import type { ZSessionList } from "./session.schemas";

export interface ListSessionsQuery {
  limit: number;
  starting_after?: string;
  status?: SessionStatus;
  reference_id?: string;
  risk_level?: RiskLevel;
  /** Approved sessions whose `next_review_at` is at or before `now`. */
  review_due?: boolean;
}

/**
 * A page of the tenant's sessions as the list's JSON text (`{ object: "list", data, has_more }`).
 * @throws DomainError resource_missing (param starting_after) when the cursor is not a session of the tenant.
 */
export async function listSessionsJson(db: Db, tenant: Tenant, q: ListSessionsQuery, now = new Date()): Promise<JsonText<z.output<typeof ZSessionList>>> {
  const filters: Sql[] = [sql`s.project_id = ${tenant.projectId}`, sql`s.mode = ${tenant.mode}::"Mode"`];
  if (q.risk_level) filters.push(sql`s.risk_level = ${q.risk_level}::"RiskLevel"`);
  if (q.review_due) filters.push(sql`s.status = 'approved'`, sql`s.next_review_at <= ${sqlTimestamp(now)}`);
  if (q.status) filters.push(sql`s.status = ${q.status}::"SessionStatus"`);
  if (q.reference_id) filters.push(sql`s.reference_id = ${q.reference_id}`);
  const page = await keysetList(
    "session",
    q,
    (id) => db.session.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { createdAt: true, id: true } }),
    (_after, take, cursor) =>
      queryRows<{ json: string }>(
        db,
        sql`SELECT ${sessionJsonSql()} AS json FROM sessions s
        WHERE ${sqlJoin(cursor ? [...filters, sql`(s.created_at, s.id) < (${sqlTimestamp(cursor.createdAt)}, ${cursor.id})`] : filters, " AND ")}
        ORDER BY s.created_at DESC, s.id DESC
        LIMIT ${take}`,
      ),
    (row) => row.json,
  );
  return new JsonText(`{"object":"list","data":[${page.data.join(",")}],"has_more":${page.has_more}}`);
}

/** `listSessionsJson` as objects (the dashboard's sessions table, tests). */
export async function listSessions(db: Db, tenant: Tenant, q: ListSessionsQuery, now = new Date()): Promise<z.output<typeof ZSessionList>> {
  return (await listSessionsJson(db, tenant, q, now)).parse();
}
