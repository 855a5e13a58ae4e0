/**
 * Dashboard passwords: argon2id (`@node-rs/argon2`, OWASP Password Storage Cheat Sheet
 * parameters: 19 MiB, 2 passes, 1 lane). Native code on libuv's thread pool, so a burst of
 * sign-ins never stalls the event loop that serves /v1. Hashes of earlier versions (bcrypt,
 * `$2a$`/`$2b$`, checked with bcryptjs) still verify and are replaced at the next good sign-in
 * (`needsRehash`). Never stored or logged in clear.
 */
import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** PHC prefix of a hash made with the current algorithm and parameters. */
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/**
 * An argon2id hash (current parameters) of a random secret nobody knows: verifying a password
 * for an unknown account against it costs what a real check costs.
 */
export const DUMMY_PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$7Tu+rsOVhBn+3SN21ammNQ$z0s/JMk6/igGRiMtQhhQ5etHuFDKpiPfiTu0Z/9Zyhg";

/** A PHC-format argon2id hash of `password` with a random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/**
 * Whether `password` matches the stored hash (argon2id, or legacy bcrypt). `stored` null (no
 * such account) verifies against `DUMMY_PASSWORD_HASH`, so it takes as long, and is false.
 * @throws Error when `stored` is not a hash either library can read.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    await verify(DUMMY_PASSWORD_HASH, password);
    return false;
  }
  if (/^\$2[aby]\$/.test(stored)) return bcrypt.compare(password, stored);
  return verify(stored, password);
}

/** Whether a stored hash predates the current algorithm or parameters (rehash after a good sign-in). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}
