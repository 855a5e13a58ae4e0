/**
 * Keys of the data encryption (server/crypto/encryption.ts), as configured in server/env.ts:
 * `DATA_ENCRYPTION_KEY` (one key) and `DATA_ENCRYPTION_PREVIOUS_KEYS` (comma-separated). A key
 * is 32 random bytes in base64 or base64url (`openssl rand -base64 32`); its id is the first
 * 8 bytes of its SHA-256 in hex, stored beside every ciphertext it seals (it names the key
 * without revealing it).
 */
import { createHash } from "node:crypto";
import { z } from "zod";

export interface DataKey {
  /** 16 hex characters. */
  id: string;
  /** 32 bytes (AES-256). */
  key: Buffer;
}

/** The key of 32 bytes, with its id. */
export function dataKey(key: Buffer): DataKey {
  if (key.length !== 32) throw new Error(`a data encryption key is 32 bytes, not ${key.length}`);
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 16), key };
}

/**
 * The keys of a comma-separated list of base64/base64url keys (none when unset or empty).
 * @throws Error for an entry that is not 32 bytes of base64.
 */
export function parseDataKeys(value: string | undefined): DataKey[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(entry)) throw new Error("a data encryption key is base64 (openssl rand -base64 32)");
      return dataKey(Buffer.from(entry, "base64"));
    });
}

const keysField = (max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        const keys = parseDataKeys(value);
        if (keys.length > max) throw new Error("one key only");
        return keys;
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    });

/** The variables as zod fields for server/env.ts (parsed into keys; a bad key fails start-up). */
export const DATA_ENCRYPTION_ENV = {
  DATA_ENCRYPTION_KEY: keysField(1).transform((keys) => keys[0]),
  DATA_ENCRYPTION_PREVIOUS_KEYS: keysField(Infinity),
};
