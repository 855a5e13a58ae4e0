/**
 * POST /v1/sessions (interface.md 2.1/2.2, decisions.md "Session lifecycle"): creates a
 * session on the workflow's current published version, its step records, a client token,
 * history, an audit row and the `session.created` event.
 *
 * All of it is ONE data-modifying statement (a CTE whose members insert only when the
 * workflow version is still current and, with an Idempotency-Key, when the key's completed
 * record could be inserted): atomic without a transaction round trip, and the hot path of an
 * integration costs two statements in all (API key, this). bench/README.md has the numbers.
 */
import type { Db, Tx } from "../db";
import { queryRows } from "../db-sql";
import { DomainError } from "../errors";
import { newId } from "../ids";
import { type Actor, auditInsertSql } from "../audit/write-audit";
import { emitEventSql, outboxCommitted } from "../events/outbox";
import { IdempotencyKeyTaken, type IdempotencyClaim } from "../idempotency-claim";
import { sql, sqlJson, sqlTimestamp } from "../sql";
import type { Tenant } from "../tenant";
import type { PublishedWorkflow } from "../workflows/published-workflow";
import { cachedPublishedWorkflow, forgetPublishedWorkflow, workflowIsCurrentSql } from "../workflows/workflow.queries";
import { hostedFlowUrl, mintClientToken } from "./client-tokens";
import type { TCreateSessionRequest, TCreatedSession } from "./session.schemas";
import { sessionEventData } from "./session-state";

/** The exact origin (scheme://host[:port]) of a URL, as compared with allowed origins. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

export interface CreateSessionOptions {
  /** The project's allowed origins when the caller has them (the API key read brings them). */
  allowedOrigins?: string[];
  /** Claim the caller's Idempotency-Key in the same statement (given by the transport: withApi's `atomicIdempotency`). */
  idempotency?: IdempotencyClaim;
  /**
   * Use this version instead of the workflow's current one: the dashboard's preview of a draft
   * (a preview snapshot, server/workflows/preview-workflow.ts). Test mode only; never set by /v1.
   */
  previewVersion?: PublishedWorkflow;
  /**
   * Create a child session: `parent_session_id` and `role` are set (a KYB key person's KYC,
   * server/kyb/key-people.ts). Used inside the caller's transaction.
   */
  parent?: { sessionId: string; role: string };
}

async function assertRedirectAllowed(db: Db | Tx, tenant: Tenant, redirectUrl: string, known?: string[]): Promise<void> {
  const allowed = known ?? (await db.project.findUniqueOrThrow({ where: { id: tenant.projectId }, select: { allowedOrigins: true } })).allowedOrigins;
  if (!allowed.includes(originOf(redirectUrl))) {
    throw new DomainError("redirect_url_not_allowed", `The origin of redirect_url is not an allowed origin of this project (${originOf(redirectUrl)}).`, {
      param: "redirect_url",
    });
  }
}

/**
 * @throws DomainError resource_missing / workflow_not_published (param workflow_id),
 *   redirect_url_not_allowed (param redirect_url), locale_not_supported (param locale),
 *   parameter_invalid (param country: not the workflow's country);
 *   IdempotencyKeyTaken when `opts.idempotency` found its key already used.
 */
export async function createSession(
  db: Db | Tx,
  tenant: Tenant,
  input: TCreateSessionRequest,
  actor: Actor,
  opts: CreateSessionOptions = {},
): Promise<TCreatedSession> {
  if (input.redirect_url) await assertRedirectAllowed(db, tenant, input.redirect_url, opts.allowedOrigins);
  if (opts.previewVersion) {
    if (tenant.mode !== "test") throw new DomainError("parameter_invalid", "A workflow preview runs in test mode only.");
    return (await insertSession(db, tenant, input, actor, opts.previewVersion, opts.idempotency, sql`TRUE`, opts.parent))!;
  }
  for (let attempt = 0; ; attempt++) {
    const workflow = await cachedPublishedWorkflow(db, tenant.projectId, input.workflow_id, "workflow_id");
    const created = await insertSession(db, tenant, input, actor, workflow, opts.idempotency, undefined, opts.parent);
    if (created) return created;
    // The version was replaced since this process cached it: read it again (once is enough
    // unless someone publishes in between every time, which the bound turns into an error).
    forgetPublishedWorkflow(tenant.projectId, input.workflow_id);
    if (attempt >= 2)
      throw new DomainError("workflow_not_published", `Workflow '${input.workflow_id}' is being republished. Retry shortly.`, { param: "workflow_id" });
  }
}

/** One statement; null when `current` (by default: `workflow` is still the current version) does not hold. */
async function insertSession(
  db: Db | Tx,
  tenant: Tenant,
  input: TCreateSessionRequest,
  actor: Actor,
  workflow: PublishedWorkflow,
  idempotency?: IdempotencyClaim,
  current = workflowIsCurrentSql(workflow),
  parent?: CreateSessionOptions["parent"],
): Promise<TCreatedSession | null> {
  const locale = input.locale ?? workflow.definition.languages[0] ?? "en";
  if (!workflow.definition.languages.includes(locale)) {
    throw new DomainError("locale_not_supported", `The workflow supports ${workflow.definition.languages.join(", ")}.`, { param: "locale" });
  }
  if (input.country && input.country.toUpperCase() !== workflow.country.toUpperCase()) {
    // The workflow's steps and checks are built for its country: a session elsewhere would run none of them right.
    throw new DomainError("parameter_invalid", `This workflow verifies applicants in ${workflow.country}; country must be ${workflow.country} or left out.`, {
      param: "country",
    });
  }
  const now = new Date();
  const expiresAt = new Date(now.getTime() + (input.expires_in ?? workflow.definition.ttl_seconds) * 1000);
  const id = newId("session");
  const { token, row: tokenRow } = mintClientToken(now);
  const result: TCreatedSession = { id, status: "created", url: hostedFlowUrl(id, token), client_token: token, expires_at: expiresAt.toISOString() };

  const claim = idempotency ? sql`claim AS (${idempotency.claimSql(result, current)}),` : sql``;
  const gate = idempotency ? sql`EXISTS (SELECT 1 FROM claim)` : current;
  const inserted = sql`EXISTS (SELECT 1 FROM s)`;
  const event = emitEventSql(
    {
      projectId: tenant.projectId,
      mode: tenant.mode,
      type: "session.created",
      data: { session: sessionEventData({ id, referenceId: input.reference_id ?? null, status: "created", decision: null, decisionSource: null }) },
      sessionId: id,
    },
    inserted,
    now,
  );
  const steps = workflow.definition.steps.map((s, position) => ({ id: newId("step"), name: s.name, type: s.type, position, required: s.required }));
  const ts = sqlTimestamp(now);

  const [row] = await queryRows<{ current: boolean; created: number; relayed: number }>(
    db,
    sql`WITH ${claim}
    s AS (
      INSERT INTO sessions (id, project_id, mode, type, status, country, workflow_id, workflow_version_id, parent_session_id, role, reference_id, locale, redirect_url, metadata, prefill, expires_at, created_at, updated_at)
      SELECT ${id}, ${tenant.projectId}, ${tenant.mode}::"Mode", ${workflow.type}::"SessionType", 'created'::"SessionStatus", ${(input.country ?? workflow.country).toUpperCase()}, ${workflow.id}, ${workflow.versionId}, ${parent?.sessionId ?? null}, ${parent?.role ?? null},
        ${input.reference_id ?? null}, ${locale}, ${input.redirect_url ?? null}, ${sqlJson(input.metadata ?? {})}, ${sqlJson(input.prefill ?? null)}, ${sqlTimestamp(expiresAt)}, ${ts}, ${ts}
      WHERE ${gate}
      RETURNING id
    ),
    st AS (
      INSERT INTO session_steps (id, session_id, name, type, position, required, updated_at)
      SELECT x.id, s.id, x.name, x.type, x.position, x.required, ${ts}
      FROM s, jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) AS x(id text, name text, type text, position int, required boolean)
    ),
    h AS (
      INSERT INTO session_history (id, session_id, from_status, to_status, actor_type, actor_id, created_at)
      SELECT ${newId("history")}, s.id, NULL::"SessionStatus", 'created'::"SessionStatus", ${actor.type}::"ActorType", ${actor.id ?? null}, ${ts} FROM s
    ),
    t AS (
      INSERT INTO client_tokens (id, session_id, token_hash, expires_at, created_at)
      SELECT ${tokenRow.id}, s.id, ${tokenRow.tokenHash}, ${sqlTimestamp(tokenRow.expiresAt)}, ${ts} FROM s
    ),
    a AS (${auditInsertSql({ actor, action: "session.created", objectType: "session", objectId: id, projectId: tenant.projectId, mode: tenant.mode }, inserted, now)}),
    e AS (${event.event}),
    r AS (${event.relay})
    SELECT ${current} AS current, (SELECT count(*) FROM s)::int AS created, (SELECT count(*) FROM r)::int AS relayed`,
  );

  if (row!.created === 1) {
    if (row!.relayed) outboxCommitted();
    return result;
  }
  if (row!.current) throw new IdempotencyKeyTaken();
  return null;
}
