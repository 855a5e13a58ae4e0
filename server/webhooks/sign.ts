/**
 * Webhook signatures (decisions.md "Webhooks"): header
 * `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=...]`, HMAC key = the
 * endpoint's whole `whsec_` secret string, signed content = `<t>.<raw body>`. Byte-compatible
 * with Stripe's scheme, so `stripe.webhooks.constructEvent` verifies our deliveries. During
 * a secret rotation one `v1=` is sent per valid secret (the new one first).
 */
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "Service-Signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * The header value for `rawBody` signed at `timestampSeconds` with each of `secrets`.
 * @param secrets whole `whsec_...` strings, in the order their `v1=` values appear.
 */
export function signatureHeader(secrets: readonly string[], rawBody: string, timestampSeconds: number): string {
  const signed = `${timestampSeconds}.${rawBody}`;
  return [`t=${timestampSeconds}`, ...secrets.map((s) => `v1=${createHmac("sha256", s).update(signed).digest("hex")}`)].join(",");
}

/**
 * The secrets an endpoint signs with at `now`: its current secret, plus the previous one while
 * the overlap window of the last rotation lasts (`previousSecretExpiresAt` in the future).
 */
export function signingSecrets(
  endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null },
  now: Date = new Date(),
): string[] {
  const overlap = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return overlap ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}
