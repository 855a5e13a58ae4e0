/**
 * Webhook signing secrets at rest (issue 21): the `whsec_` secrets in `webhook_endpoints.secret`
 * and `previous_secret` are sealed with server/crypto/encryption.ts (AES-256-GCM, the keys of
 * DATA_ENCRYPTION_KEY / _PREVIOUS_KEYS, README "Configuration"), bound to the endpoint's id, so
 * a database dump alone cannot sign events. Both columns use the same binding, so a rotation
 * moves the sealed current secret into `previous_secret` as it is.
 *
 * Secrets stored in clear before this keep working: `openWebhookSecret` returns a clear value as
 * it is, and the next delivery to such an endpoint seals it (`resealWebhookSecrets`, a
 * conditional update that never overwrites a concurrent rotation). The same delivery re-seals a
 * secret sealed with an older key after a key rotation (README "Data encryption").
 */
import type { Db } from "../db";
import { isSealed, isSealedWithCurrentKey, openText, sealText } from "../crypto/encryption";

/** What a sealed secret is bound to: its endpoint (either column). */
const aad = (endpointId: string) => `webhook_endpoint.secret:${endpointId}`;

/** `secret` (`whsec_...`) sealed for storage in endpoint `endpointId`'s row. */
export function sealWebhookSecret(endpointId: string, secret: string): string {
  return sealText(secret, aad(endpointId));
}

/**
 * The `whsec_...` secret of a stored value: opened when sealed, as it is when stored in clear.
 * @throws Error when a sealed value cannot be opened (its key is not configured, or it was altered or moved to another endpoint).
 */
export function openWebhookSecret(endpointId: string, stored: string): string {
  return isSealed(stored) ? openText(stored, aad(endpointId)) : stored;
}

/** A stored value sealed (a clear one sealed now, a sealed one as it is). */
export function sealedWebhookSecret(endpointId: string, stored: string): string {
  return isSealed(stored) ? stored : sealWebhookSecret(endpointId, stored);
}

/**
 * Seals with the current key the secrets of endpoint `endpointId` (`stored`: the row as read)
 * that are in clear or sealed with an older key. Each column is updated only while it still
 * holds the value read.
 */
export async function resealWebhookSecrets(db: Db, endpointId: string, stored: { secret: string; previousSecret: string | null }): Promise<void> {
  if (!isSealedWithCurrentKey(stored.secret)) {
    await db.webhookEndpoint.updateMany({
      where: { id: endpointId, secret: stored.secret },
      data: { secret: sealWebhookSecret(endpointId, openWebhookSecret(endpointId, stored.secret)) },
    });
  }
  if (stored.previousSecret && !isSealedWithCurrentKey(stored.previousSecret)) {
    await db.webhookEndpoint.updateMany({
      where: { id: endpointId, previousSecret: stored.previousSecret },
      data: { previousSecret: sealWebhookSecret(endpointId, openWebhookSecret(endpointId, stored.previousSecret)) },
    });
  }
}
