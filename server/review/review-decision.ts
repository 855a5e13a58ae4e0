/**
 * A reviewer's decision from the dashboard: the same domain call as
 * POST /v1/sessions/{id}/decision (`decideSession`), with the dashboard's two extra rules:
 * the reason code must be one of the project's list (server/sessions/reason-codes.ts), a
 * session in review that someone else has claimed is decided only after taking it over
 * (assign-session.ts), and a decided session is only decided again with `override: true` (the
 * confirmation dialog).
 */
import { z } from "zod";
import type { Actor } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError } from "../errors";
import { decideSession } from "../sessions/decide-session";
import { getReasonCodes } from "../sessions/reason-codes";
import { ZDecisionRequest, type TDecisionResult } from "../sessions/session.schemas";
import type { Tenant } from "../tenant";
import { assertNotClaimedByOther } from "./assign-session";

export const ZDashboardDecision = z.object({
  ...ZDecisionRequest.shape,
  id: z.string().min(1),
  /** true only after the reviewer confirmed overriding a final decision. */
  override: z.boolean().default(false),
});
export type TDashboardDecision = z.input<typeof ZDashboardDecision>;

/**
 * @throws DomainError parameter_invalid (param `reason_code`: not on the project's list),
 *   session_claimed (claimed by another member and not taken over), and everything
 *   `decideSession` throws (override_not_confirmed when the session is already decided and
 *   `override` is not true).
 */
export async function decideFromDashboard(db: Db, tenant: Tenant, input: TDashboardDecision, actor: Actor & { id: string }): Promise<TDecisionResult> {
  const { id, override, ...decision } = ZDashboardDecision.parse(input);
  const codes = await getReasonCodes(db, tenant.projectId);
  if (!codes.some((c) => c.code === decision.reason_code)) {
    throw new DomainError("parameter_invalid", `'${decision.reason_code}' is not one of this project's reason codes.`, { param: "reason_code" });
  }
  await assertNotClaimedByOther(db, tenant, id, actor.id);
  return decideSession(db, tenant, id, decision, actor, { confirmOverride: override });
}
