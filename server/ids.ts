/**
 * Object identifiers (decisions.md "Identifiers and objects"): a prefix and 24 random
 * base62 characters (~143 bits), URL-safe and never sequential.
 */
import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Bytes from the CSPRNG, fetched 4 KiB at a time and each used once (as Node's own
 * `randomUUID` caches its entropy): one `randomFillSync` per ~80 ids instead of one per id,
 * which a session create (about ten ids) felt (bench/README.md).
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `length` random base62 characters, unbiased (rejection sampling on bytes < 248). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    if (used === pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const byte = pool[used++]!;
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

export const ID_PREFIX = {
  session: "ses_",
  clientToken: "st_",
  clientTokenRecord: "ctk_",
  workflow: "wf_",
  workflowVersion: "wfv_",
  check: "chk_",
  event: "evt_",
  webhookEndpoint: "we_",
  webhookSecret: "whsec_",
  webhookDelivery: "whd_",
  webhookAttempt: "wha_",
  evidence: "file_",
  request: "req_",
  organization: "org_",
  project: "proj_",
  apiKey: "key_",
  user: "usr_",
  membership: "mem_",
  history: "sh_",
  step: "step_",
  audit: "aud_",
  idempotency: "idem_",
  outbox: "msg_",
  invitation: "inv_",
  passwordReset: "pwr_",
  screeningListVersion: "slv_",
  screeningListEntry: "sle_",
  screeningSubject: "scs_",
  digilockerAuthorization: "dla_",
  ckycUpload: "cku_",
  flowHandoff: "hof_",
  livenessChallenge: "lch_",
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/** A new random id of the given kind, e.g. `newId("session")` -> `ses_4f...`. */
export function newId(kind: IdKind, length = 24): string {
  return ID_PREFIX[kind] + randomBase62(length);
}
