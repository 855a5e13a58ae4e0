/**
 * POST /v1/sessions (interface.md 2.1/2.2, decisions.md "Session lifecycle"): creates a
 * session on the workflow's current published version, its step records, a client token,
 * history and the `session.created` event, all in one transaction.
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { type Actor, writeAudit } from "../audit/write-audit";
import { emitEvent, outboxCommitted } from "../events/outbox";
import type { Tenant } from "../tenant";
import { getPublishedWorkflow } from "../workflows/workflow.queries";
import { hostedFlowUrl, mintClientToken } from "./client-tokens";
import type { TCreateSessionRequest, TCreatedSession } from "./session.schemas";
import { sessionEventData } from "./session-state";

/** The exact origin (scheme://host[:port]) of a URL, as compared with allowed origins. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * @throws DomainError resource_missing / workflow_not_published (param workflow_id),
 *   redirect_url_not_allowed (param redirect_url), locale_not_supported (param locale).
 */
export async function createSession(db: Db, tenant: Tenant, input: TCreateSessionRequest, actor: Actor): Promise<TCreatedSession> {
  const workflow = await getPublishedWorkflow(db, tenant.projectId, input.workflow_id, "workflow_id");
  if (input.redirect_url) {
    const project = await db.project.findUniqueOrThrow({ where: { id: tenant.projectId }, select: { allowedOrigins: true } });
    if (!project.allowedOrigins.includes(originOf(input.redirect_url))) {
      throw new DomainError("redirect_url_not_allowed", `The origin of redirect_url is not an allowed origin of this project (${originOf(input.redirect_url)}).`, {
        param: "redirect_url",
      });
    }
  }
  const locale = input.locale ?? workflow.definition.languages[0] ?? "en";
  if (!workflow.definition.languages.includes(locale)) {
    throw new DomainError("locale_not_supported", `The workflow supports ${workflow.definition.languages.join(", ")}.`, { param: "locale" });
  }
  const now = new Date();
  const expiresAt = new Date(now.getTime() + (input.expires_in ?? workflow.definition.ttl_seconds) * 1000);
  const id = newId("session");

  // A new session has no earlier tokens to revoke: its first token is nested into the create.
  const { token, row: tokenRow } = mintClientToken(now);
  await db.$transaction(async (tx) => {
    await tx.session.create({
      data: {
        id,
        projectId: tenant.projectId,
        mode: tenant.mode,
        type: workflow.type,
        status: "created",
        country: (input.country ?? workflow.country).toUpperCase(),
        workflowId: workflow.id,
        workflowVersionId: workflow.versionId,
        referenceId: input.reference_id ?? null,
        locale,
        redirectUrl: input.redirect_url ?? null,
        metadata: input.metadata ?? {},
        prefill: (input.prefill ?? undefined) as InputJsonValue | undefined,
        expiresAt,
        createdAt: now,
        steps: {
          create: workflow.definition.steps.map((s, position) => ({ id: newId("step"), name: s.name, type: s.type, position, required: s.required })),
        },
        history: { create: { id: newId("history"), fromStatus: null, toStatus: "created", actorType: actor.type, actorId: actor.id ?? null, createdAt: now } },
        clientTokens: { create: tokenRow },
      },
      select: { id: true },
    });
    await writeAudit(tx, { actor, action: "session.created", objectType: "session", objectId: id, projectId: tenant.projectId, mode: tenant.mode });
    await emitEvent(
      tx,
      {
        projectId: tenant.projectId,
        mode: tenant.mode,
        type: "session.created",
        data: { session: sessionEventData({ id, referenceId: input.reference_id ?? null, status: "created", decision: null, decisionSource: null }) },
        sessionId: id,
      },
      now,
    );
  });
  outboxCommitted();
  return { id, status: "created", url: hostedFlowUrl(id, token), client_token: token, expires_at: expiresAt.toISOString() };
}
