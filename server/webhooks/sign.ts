/**
 * Webhook signatures (decisions.md "Webhooks"): header
 * `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=...]`, HMAC key = the
 * endpoint's whole `whsec_` secret string, signed content = `<t>.<raw body>`. Byte-compatible
 * with Stripe's scheme, so `stripe.webhooks.constructEvent` verifies our deliveries. During
 * a secret rotation one `v1=` is sent per valid secret.
 */
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "Service-Signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signatureHeader(secrets: readonly string[], rawBody: string, timestampSeconds: number): string {
  const signed = `${timestampSeconds}.${rawBody}`;
  return [`t=${timestampSeconds}`, ...secrets.map((s) => `v1=${createHmac("sha256", s).update(signed).digest("hex")}`)].join(",");
}
