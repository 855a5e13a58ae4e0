/**
 * Identity signals of a session, for finding duplicates (interface.md 2.3 `duplicates`): what
 * identifies the person or business, taken from the session's checks, as keyed hashes.
 *
 * | kind | value hashed | taken from |
 * |---|---|---|
 * | `pan` | the PAN, upper case | input of `in.pan.verify` / `in.pan.aadhaar_link` |
 * | `aadhaar` | last 4 digits of the Aadhaar number, name (normalized by `normalizeName`), date of birth | result of a verified `in.aadhaar.offline_ekyc` / `in.aadhaar.secure_qr` / `in.aadhaar.digilocker` (the UIDAI-signed data; never the full number, which the service never sees) |
 * | `phone` | `+91XXXXXXXXXX` | input of `in.phone.verify` |
 * | `email` | the address, lower case | input of `in.email.verify` |
 * | `gstin` | the GSTIN, upper case | input of `in.gstin.verify` |
 * | `bank_account` | the IFSC's bank code (4 letters) and the account number | input of `in.bank_account.verify` |
 *
 * Hash: HMAC-SHA256 (RFC 2104) over `<project id> \n <mode> \n <kind> \n <value>` with a key
 * derived by HKDF-SHA256 (RFC 5869) from the server secret (server/auth/auth-secret.ts,
 * AUTH_SECRET). The plain values are never stored for this purpose; without the secret the
 * hashes cannot be tested against guessed PANs or numbers, and they cannot be correlated
 * across projects or modes. Every app instance must share one AUTH_SECRET (a new secret makes
 * earlier sessions unmatchable).
 */
import { createHmac, hkdfSync } from "node:crypto";
import { authSecret } from "../auth/auth-secret";
import { normalizeName } from "../checks/name-match";
import type { TSignalKind } from "../workflows/workflow.schemas";

/** A check as far as signals are concerned (input and result as stored on the Check). */
export interface SignalSourceCheck {
  checkKey: string;
  status: string;
  input: unknown;
  result: unknown;
}

/** One identity signal in clear, before hashing (never stored). */
export interface Signal {
  kind: TSignalKind;
  value: string;
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

function fromCheck(c: SignalSourceCheck): Signal | null {
  const input = (c.input ?? {}) as Record<string, unknown>;
  const result = (c.result ?? {}) as Record<string, unknown>;
  switch (c.checkKey) {
    case "in.pan.verify":
    case "in.pan.aadhaar_link": {
      const pan = str(input.pan);
      return pan ? { kind: "pan", value: pan.toUpperCase() } : null;
    }
    case "in.aadhaar.offline_ekyc":
    case "in.aadhaar.secure_qr":
    case "in.aadhaar.digilocker": {
      // only data whose UIDAI signature verified (a stale document still verified)
      if (result.signature_valid !== true) return null;
      const last4 = str(result.reference_id_last4);
      const name = str(result.name);
      const dob = str(result.dob);
      if (!last4 || !name || !dob) return null;
      return { kind: "aadhaar", value: `${last4}|${normalizeName(name).join(" ")}|${dob}` };
    }
    case "in.phone.verify": {
      const phone = str(input.phone);
      return phone ? { kind: "phone", value: phone } : null;
    }
    case "in.email.verify": {
      const email = str(input.email);
      return email ? { kind: "email", value: email.toLowerCase() } : null;
    }
    case "in.gstin.verify": {
      const gstin = str(input.gstin);
      return gstin ? { kind: "gstin", value: gstin.toUpperCase() } : null;
    }
    case "in.bank_account.verify": {
      const account = str(input.account_number);
      const ifsc = str(input.ifsc);
      return account && ifsc ? { kind: "bank_account", value: `${ifsc.slice(0, 4).toUpperCase()}:${account}` } : null;
    }
    default:
      return null;
  }
}

/**
 * The distinct identity signals of a session's checks (see the table above). Checks whose input
 * did not parse (`input` null) give none.
 */
export function signalsFromChecks(checks: readonly SignalSourceCheck[]): Signal[] {
  const seen = new Map<string, Signal>();
  for (const c of checks) {
    const s = fromCheck(c);
    if (s) seen.set(`${s.kind}\n${s.value}`, s);
  }
  return [...seen.values()];
}

const g = globalThis as unknown as { __kycSignalKey?: Buffer };

/** The HMAC key of signals: HKDF-SHA256 of the server secret, info `kyc-service/session-signals/v1`, 32 bytes. */
function signalKey(): Buffer {
  g.__kycSignalKey ??= Buffer.from(hkdfSync("sha256", authSecret(), Buffer.alloc(0), "kyc-service/session-signals/v1", 32));
  return g.__kycSignalKey;
}

/**
 * The keyed hash of one signal in one tenant: hex HMAC-SHA256 (64 characters).
 * @param key the HMAC key; default the one derived from the server secret.
 */
export function signalHash(tenant: { projectId: string; mode: string }, signal: Signal, key: Buffer = signalKey()): string {
  return createHmac("sha256", key).update(`${tenant.projectId}\n${tenant.mode}\n${signal.kind}\n${signal.value}`).digest("hex");
}
