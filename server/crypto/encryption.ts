/**
 * Encryption of data kept at rest that must be read back in clear (decisions.md: tokens are
 * stored only as hashes, but an idempotent replay must return the first response byte for byte,
 * client token included; webhook signing secrets can use it too): AES-256-GCM, a random 96-bit
 * IV per value, authenticated together with `aad` (what the value belongs to, e.g. its row id, so
 * a ciphertext cannot be moved to another row). The result is one text value:
 * `enc1.<key id>.<iv>.<ciphertext + 16-byte tag>` (base64url), naming the key that sealed it.
 *
 * Keys (server/crypto/data-keys.ts, README "Configuration"): `DATA_ENCRYPTION_KEY` seals; it,
 * `DATA_ENCRYPTION_PREVIOUS_KEYS` and the key derived from AUTH_SECRET (HKDF-SHA256) open.
 * Without `DATA_ENCRYPTION_KEY` the derived key seals too.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "../auth/auth-secret";
import { env } from "../env";
import { dataKey, type DataKey } from "./data-keys";

export interface Keyring {
  /** The key that seals. */
  current: DataKey;
  /** Every key that opens, by id (the current one included). */
  byId: ReadonlyMap<string, DataKey>;
}

const PREFIX = "enc1";

/** A keyring sealing with `current` and opening with it and `others`. */
export function keyring(current: DataKey, others: readonly DataKey[] = []): Keyring {
  return { current, byId: new Map([...others, current].map((k) => [k.id, k])) };
}

/** The key derived from AUTH_SECRET (or the secret generated into DATA_DIR). */
function derivedKey(): DataKey {
  return dataKey(Buffer.from(hkdfSync("sha256", authSecret(), Buffer.alloc(0), "kyc-service/data-encryption/v1", 32)));
}

const cache = globalThis as unknown as { __kycKeyring?: Keyring };

/** The configured keyring (read once per process). */
export function configuredKeyring(): Keyring {
  if (!cache.__kycKeyring) {
    const derived = derivedKey();
    cache.__kycKeyring = keyring(env.DATA_ENCRYPTION_KEY ?? derived, [derived, ...env.DATA_ENCRYPTION_PREVIOUS_KEYS]);
  }
  return cache.__kycKeyring;
}

/** True when `value` is a sealed envelope (anything else is stored in clear, e.g. written before encryption). */
export function isSealed(value: string): boolean {
  return value.startsWith(`${PREFIX}.`);
}

/** True when `value` is a sealed envelope of the keyring's current key (a value sealed with an older key is due for re-sealing). */
export function isSealedWithCurrentKey(value: string, keys: Keyring = configuredKeyring()): boolean {
  return isSealed(value) && value.split(".")[1] === keys.current.id;
}

/** `plaintext` sealed with the current key, bound to `aad`. */
export function sealText(plaintext: string, aad: string, keys: Keyring = configuredKeyring()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current.key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return [PREFIX, keys.current.id, iv.toString("base64url"), data.toString("base64url")].join(".");
}

/**
 * The plaintext of a sealed envelope.
 * @throws Error when the envelope is malformed, its key is not in the keyring, or it was
 *   altered or sealed for another `aad`.
 */
export function openText(envelope: string, aad: string, keys: Keyring = configuredKeyring()): string {
  const [prefix, id, iv, data, extra] = envelope.split(".");
  if (prefix !== PREFIX || !id || !iv || !data || extra !== undefined) throw new Error("not a sealed value");
  const key = keys.byId.get(id);
  if (!key) throw new Error(`sealed with key ${id}, which is not configured (DATA_ENCRYPTION_KEY / DATA_ENCRYPTION_PREVIOUS_KEYS)`);
  const bytes = Buffer.from(data, "base64url");
  if (bytes.length < 16) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8");
}
