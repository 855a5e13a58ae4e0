/**
 * The Session object of the API (interface.md 2.3; schema `ZSession`), built by PostgreSQL.
 *
 * `sessionJsonSql` is the one mapping from the tables to the object: each session row becomes
 * its JSON text in the same statement that finds it (steps, version, parent and children as
 * correlated subqueries), and /v1 sends that text as it is (`JsonText`): the app neither
 * materializes Prisma rows nor maps and serializes them again, which was most of the CPU a
 * retrieve or a list of 25 spent beyond authentication (bench/README.md "API benchmark").
 * Callers that need objects (the dashboard, the case view, tests) parse the same text.
 *
 * The text is compact JSON with the keys in the schema's order; the caller's JSON values
 * (`metadata`, `duplicates`, `risk_rules`, `applicant`, `business`: jsonb columns) keep
 * PostgreSQL's jsonb spacing (`{"a": "b"}`), which JSON parsers ignore.
 */
import type { Db } from "../db";
import { queryRows } from "../db-sql";
import { checkSelect, toCheckDto } from "../checks/check.dto";
import { notFound } from "../errors";
import { JsonText } from "../json-text";
import { sql, type Sql, sqlIsoTimestamp, sqlRaw } from "../sql";
import type { Tenant } from "../tenant";
import type { TSession } from "./session.schemas";

export const SESSION_EXPANDS = ["checks", "applicant", "business"] as const;
export type SessionExpand = (typeof SESSION_EXPANDS)[number];

/** `sessionJsonSql`'s fragments by the columns they expand: SQL text only (no values), built once per process. */
const sessionJsonFragments = new Map<string, Sql>();

/**
 * The JSON text (`text`) of the session row `s` (the statement must read `sessions s`), with
 * `applicant` / `business` when expanded. Steps by name in workflow order, `method` only when
 * set; related sessions: the parent (role `parent`), then the children oldest first. The
 * fragment holds no values, so each variant is built once (retrieve and list are hot paths).
 * A step's object is concatenated text (strings escaped by `to_json`), the same text as
 * `json_strip_nulls(json_build_object(...))` at about a fifth less of PostgreSQL's CPU for a
 * list of 25 (bench/README.md).
 */
export function sessionJsonSql(expand: readonly SessionExpand[] = []): Sql {
  const columns = SESSION_EXPANDS.filter((e) => e !== "checks" && expand.includes(e));
  const key = columns.join(",");
  let fragment = sessionJsonFragments.get(key);
  if (!fragment) sessionJsonFragments.set(key, (fragment = buildSessionJsonSql(columns)));
  return fragment;
}

function buildSessionJsonSql(columns: readonly SessionExpand[]): Sql {
  const expanded = sqlRaw(columns.map((e) => `, s.${e}`).join(""));
  return sql`(SELECT row_to_json(j)::text FROM (SELECT
    s.id, 'session' AS object, s.mode, s.type, s.status, s.country, s.workflow_id,
    (SELECT v.version FROM workflow_versions v WHERE v.id = s.workflow_version_id) AS workflow_version,
    s.reference_id, s.parent_session_id, s.decision, s.decision_source, s.reason_code,
    (SELECT ('{' || coalesce(string_agg(to_json(st.name)::text || ':{"type":' || to_json(st.type)::text || ',"status":' || to_json(st.status)::text
        || CASE WHEN st.method IS NULL THEN '' ELSE ',"method":' || to_json(st.method)::text END || ',"attempts":' || st.attempts || '}', ',' ORDER BY st.position), '') || '}')::json
      FROM session_steps st WHERE st.session_id = s.id) AS steps,
    coalesce(s.metadata, '{}') AS metadata, s.locale,
    ${sqlIsoTimestamp("s.expires_at")} AS expires_at, ${sqlIsoTimestamp("s.created_at")} AS created_at,
    ${sqlIsoTimestamp("s.completed_at")} AS completed_at, ${sqlIsoTimestamp("s.pii_erased_at")} AS pii_erased_at,
    coalesce(s.duplicates, '[]') AS duplicates, s.risk_level, coalesce(s.risk_rules, '[]') AS risk_rules,
    ${sqlIsoTimestamp("s.next_review_at")} AS next_review_at,
    (SELECT ('[' || coalesce(string_agg((SELECT row_to_json(x) FROM (SELECT r.id, r.role, r.status) x)::text, ',' ORDER BY r.n, r.created_at, r.id), '') || ']')::json
      FROM (SELECT 0 AS n, p.created_at, p.id, 'parent' AS role, p.status FROM sessions p WHERE p.id = s.parent_session_id
            UNION ALL SELECT 1, c.created_at, c.id, c.role, c.status FROM sessions c WHERE c.parent_session_id = s.id) r) AS related_sessions
    ${expanded}) j)`;
}

/**
 * The session's JSON text, or null for unknown ids and ids of another project or mode. The row
 * is found by its primary key alone in a subquery (`OFFSET 0` keeps PostgreSQL from merging it
 * into the outer query) and only then checked against the tenant: the statement is prepared
 * once per connection (server/db-sql.ts), and with the tenant's columns in the same WHERE a
 * generic plan made while the table's statistics were stale (right after a burst of creates)
 * scanned the tenant's whole index instead of the key (0.5 ms at 5 000 sessions, growing).
 */
async function findSessionJson(db: Db, tenant: Tenant, id: string, expand: readonly SessionExpand[]): Promise<string | null> {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`SELECT ${sessionJsonSql(expand)} AS json FROM (SELECT * FROM sessions WHERE id = ${id} OFFSET 0) s
      WHERE s.project_id = ${tenant.projectId} AND s.mode = ${tenant.mode}::"Mode"`,
  );
  return row?.json ?? null;
}

/**
 * Retrieves a session of the tenant as the API shows it (`checks` after the session's fields
 * when expanded).
 * @throws DomainError resource_missing for unknown ids and ids of another project or mode.
 */
export async function getSession(db: Db, tenant: Tenant, id: string, expand: readonly SessionExpand[] = []): Promise<TSession> {
  const json = await findSessionJson(db, tenant, id, expand);
  if (json === null) throw notFound("session", id);
  const session = JSON.parse(json) as TSession;
  if (!expand.includes("checks")) return session;
  const checks = await db.check.findMany({ where: { sessionId: id }, select: checkSelect, orderBy: { createdAt: "asc" } });
  return { ...session, checks: checks.map(toCheckDto) };
}

/**
 * `getSession` as JSON text, for /v1: the database's text as it is when nothing is expanded
 * (the hot path), else the expanded object serialized.
 * @throws DomainError resource_missing for unknown ids and ids of another project or mode.
 */
export async function getSessionJson(db: Db, tenant: Tenant, id: string, expand: readonly SessionExpand[] = []): Promise<JsonText<TSession>> {
  if (expand.includes("checks")) return new JsonText(JSON.stringify(await getSession(db, tenant, id, expand)));
  const json = await findSessionJson(db, tenant, id, expand);
  if (json === null) throw notFound("session", id);
  return new JsonText(json);
}
