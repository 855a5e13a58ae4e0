/**
 * Cashfree's reverse penny drop webhook (POST /api/webhooks/cashfree, app/api/webhooks/cashfree/route.ts):
 * the vendor tells us a request's outcome (`RPD_BANK_ACCOUNT_VERIFICATION_SUCCESS | _EXPIRED | _FAILURE`).
 * Its signature is verified with the deployment's Cashfree client secret (cashfree-verification.ts
 * `verifyCashfreeWebhook`); the body is then only a hint: the check (our `verification_id`) reads
 * the outcome from the vendor's status API as every other read does (server/checks/direct-check.ts
 * `refreshCheck`), so a replayed or reordered webhook changes nothing. Cashfree retries a delivery
 * that is not answered 2xx.
 */
import "server-only";
import { refreshCheck } from "../checks/direct-check";
import type { Db } from "../db";
import { env } from "../env";
import { verifyCashfreeWebhook } from "./cashfree-verification";

/** The largest webhook body read (bytes); Cashfree's are well under 2 KB. */
export const CASHFREE_WEBHOOK_MAX_BYTES = 64 * 1024;

/**
 * Handles one delivery.
 * @param clientSecret the secret it is signed with (the deployment's `CASHFREE_CLIENT_SECRET`).
 * @returns the HTTP status to answer: 200 (read: the check, if ours, is refreshed; an unknown
 *   verification_id is acknowledged so the vendor stops retrying), 400 for a missing or wrong
 *   signature or a body that is not the documented JSON, 404 when Cashfree is not configured.
 */
export async function receiveCashfreeWebhook(db: Db, rawBody: string, clientSecret: string | undefined = env.CASHFREE_CLIENT_SECRET): Promise<number> {
  if (!clientSecret) return 404;
  const event = verifyCashfreeWebhook(rawBody, clientSecret);
  if (!event) return 400;
  await refreshCheck(db, event.verificationId);
  return 200;
}
