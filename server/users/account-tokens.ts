/**
 * The secrets of emailed account links (password reset, invitation): 40 random base62
 * characters (~238 bits). Only their sha256 is stored; links carry them in the URL fragment
 * (`#token=...`), so they never reach server logs or Referer headers (decisions.md "Client
 * tokens" does the same for the hosted flow).
 */
import { sha256Hex } from "../crypto/hash";
import { appUrl } from "../env";
import { randomBase62 } from "../ids";

/** A new link secret and the hash to store. */
export function newAccountToken(): { token: string; hash: string } {
  const token = randomBase62(40);
  return { token, hash: sha256Hex(token) };
}

/** The stored hash of a secret a user brought back. */
export function accountTokenHash(token: string): string {
  return sha256Hex(token);
}

/** Absolute address of an app page carrying `token` in its fragment, e.g. `/reset-password#token=...`. */
export function accountLink(path: string, token: string): string {
  return `${appUrl()}${path}#token=${encodeURIComponent(token)}`;
}
