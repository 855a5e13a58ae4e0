/**
 * The receiver-side verification snippet the README documents, kept as code so a test runs
 * it against real deliveries (the documentation is tested). Plain Node `crypto`, no SDK.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyServiceSignature(rawBody: string, header: string | null, secret: string, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
  const valid = signatures.some((s) => {
    const given = Buffer.from(s, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) return false;
  try {
    JSON.parse(rawBody);
    return true;
  } catch {
    return false;
  }
}
