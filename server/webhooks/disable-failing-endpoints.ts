/**
 * Endpoints whose attempts have all failed for 5 days are disabled (`disabled_reason: failing`),
 * with an audit row; the dashboard then alerts the project's owners and admins
 * (`listWebhookAlerts`). Deliveries also check this after each failed attempt; this sweep
 * (inngest/functions/disable-failing-endpoints.ts, hourly) catches endpoints whose last failure
 * came before the 5 days were up.
 */
import type { Db } from "../db";
import { SYSTEM_ACTOR, writeAudit } from "../audit/write-audit";
import { deliveryPolicy } from "./delivery-policy";

/**
 * Disables every enabled endpoint failing since `now - 5 days` or earlier.
 * @returns the ids of the endpoints disabled.
 */
export async function disableFailingEndpoints(db: Db, now = new Date()): Promise<string[]> {
  const threshold = new Date(now.getTime() - deliveryPolicy().disableAfterFailingMs);
  return db.$transaction(async (tx) => {
    const failing = await tx.webhookEndpoint.findMany({
      where: { enabled: true, failingSince: { lte: threshold } },
      select: { id: true, projectId: true, mode: true },
    });
    for (const e of failing) {
      const { count } = await tx.webhookEndpoint.updateMany({
        where: { id: e.id, enabled: true, failingSince: { lte: threshold } },
        data: { enabled: false, disabledAt: now, disabledReason: "failing" },
      });
      if (count) {
        await writeAudit(tx, {
          actor: SYSTEM_ACTOR,
          action: "webhook_endpoint.disabled",
          objectType: "webhook_endpoint",
          objectId: e.id,
          projectId: e.projectId,
          mode: e.mode,
          data: { reason: "failing" },
        });
      }
    }
    return failing.map((e) => e.id);
  });
}
