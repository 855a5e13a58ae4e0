/** Hashing helpers for secrets we never store in clear (API keys, client tokens). */
import { createHash, timingSafeEqual } from "node:crypto";

/** sha256 hex of a secret string. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Constant-time equality of two hex digests of equal length (false when lengths differ). */
export function digestsEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, "hex");
  const bb = Buffer.from(b, "hex");
  return ba.length === bb.length && ba.length > 0 && timingSafeEqual(ba, bb);
}
