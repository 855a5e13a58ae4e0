/**
 * Direct checks (interface.md 4.2, decisions.md "Checks"): `POST /v1/checks/{key}` runs one
 * check without a hosted session, synchronously (200 with the finished Check) or with
 * `async=true` (202 with the Check `pending`, then the event `check.completed`).
 * `GET /v1/checks/{id}` retrieves any check of the tenant. A live registry check must carry the
 * applicant's `consent` and a `purpose` (server/checks/check-consent.ts).
 *
 * A check the applicant acts on (catalog `awaitsApplicant`, the reverse penny drop) answers `200`
 * (`202` with `async=true`) with the Check `pending` and what the applicant needs in `result`
 * (`upi_link`, `valid_upto`); each `GET /v1/checks/{id}`, the vendor's webhook and a background
 * poll read its outcome (`refreshCheck`, `readAwaitingCheck`), and `check.completed` is emitted
 * when it finishes (server/checks/awaiting-check.ts). A check completed with a one-time code the
 * registry sent the applicant (catalog `awaitsOtp`: the CKYC download with `auth_factor: otp`)
 * answers the same way, with `otp_sent_to` and `otp_expires_at` in `result`; POST
 * /v1/checks/{id}/otp completes it (server/checks/check-otp.ts).
 */
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import { checkRequested } from "../events/internal-events";
import { enqueue, outboxCommitted } from "../events/outbox";
import { assertCheckFiles } from "../files/check-files";
import { takeAwaitedCheck } from "../flow/submit-step";
import { type Tenant, tenantWhere } from "../tenant";
import { CHECKS, resolveCheck } from "./catalog";
import { directCheckConsent } from "./check-consent";
import { emitCheckCompleted } from "./check-events";
import { checkSelect, type CheckRow, toCheckDto } from "./check.dto";
import { awaitingCheckExpiry, beginAwaitingCheck, expireAwaitingCheck, refreshAwaitingCheck } from "./awaiting-check";
import { attemptCheck, giveUpCheck, prepareCheck, runCheck } from "./run-check";

/** Resolves the key for the API: an unknown key is a 400 on `key` listing what exists. */
function resolveForApi(key: string, country?: string) {
  try {
    return resolveCheck(key, country);
  } catch (err) {
    if (err instanceof DomainError && err.code === "resource_missing") {
      throw new DomainError("parameter_invalid", `Unknown check '${key}'. Available: ${CHECKS.map((c) => `${c.key} (${c.genericKey})`).join(", ")}.`, {
        param: "key",
      });
    }
    throw err;
  }
}

/**
 * `POST /v1/checks/{key}`: sync (200, the finished Check) or `async` (202, the Check as created,
 * then `check.completed`; a check whose input is never stored, `CheckDefinition.storedInput`, is
 * answered before the 202). `body` is `country`, `consent`, `purpose` and the check's input.
 * @throws DomainError parameter_missing `consent` / `purpose` for a live registry check without them;
 *   parameter_invalid (`key`, `country`) and the input's 400s (run-check.ts `prepareCheck`);
 *   resource_missing (404) / file_purpose_invalid (400) for a file id of the input that is no file
 *   of the tenant or a Files API upload of another purpose (server/files/check-files.ts).
 */
export async function runDirectCheck(db: Db, tenant: Tenant, key: string, body: Record<string, unknown>, opts: { async: boolean }) {
  const { country, consent, purpose, ...input } = body as { country?: string; consent?: unknown; purpose?: unknown } & Record<string, unknown>;
  const def = resolveForApi(key, country);
  if (country && def.country !== country.toUpperCase()) {
    throw new DomainError("parameter_invalid", `Check '${def.key}' is for country ${def.country}, not ${country}.`, { param: "country" });
  }
  if (def.jobOnly)
    throw new DomainError("parameter_invalid", `'${def.key}' is run by the service after a session is approved; it cannot be requested.`, { param: "key" });
  const req = { ...tenantWhere(tenant), key: def.key, input, consent: directCheckConsent(tenant.mode, def, { consent, purpose }) };
  // the files the check reads exist for this tenant and were uploaded for it (an input that does not parse is refused by prepareCheck)
  const parsed = def.input.safeParse(input);
  if (def.files && parsed.success) await assertCheckFiles(db, tenant, def.files(parsed.data));
  if (def.awaitsApplicant || (parsed.success && def.awaitsOtp?.(parsed.data))) {
    const begun = await beginAwaitingCheck(db, req, (tx, check) => emitCheckCompleted(tx, tenant, check));
    outboxCommitted();
    return { status: opts.async ? 202 : 200, check: toCheckDto(begun) };
  }
  if (!opts.async) return { status: 200, check: toCheckDto(await runCheck(db, req)) };

  // a check whose input is never stored is answered now; `check.completed` still follows
  const check = def.storedInput ? await runCheck(db, req) : await prepareCheck(db, req);
  await db.$transaction(async (tx) => {
    if (check.status === "pending") await enqueue(tx, checkRequested, { checkId: check.id, projectId: tenant.projectId, mode: tenant.mode });
    else await emitCheckCompleted(tx, tenant, check);
  });
  outboxCommitted();
  return { status: 202, check: toCheckDto(check) };
}

/**
 * The Inngest side of an async direct check, one provider call (inngest/functions/run-direct-check.ts
 * retries it with backoff): the answer is recorded with its `check.completed` event.
 * @throws ProviderUnavailableError when the provider could not answer (the step is retried)
 */
export async function attemptDirectCheck(db: Db, tenant: Tenant, checkId: string): Promise<{ id: string; status: string }> {
  const done = await attemptCheck(db, checkId, { onFinished: (tx, check) => emitCheckCompleted(tx, tenant, check) });
  outboxCommitted();
  return { id: done.id, status: done.status };
}

/** The retries of an async direct check are spent: it ends in `error`, with its `check.completed` event. */
export async function giveUpDirectCheck(db: Db, tenant: Tenant, checkId: string): Promise<{ id: string; status: string }> {
  const done = await giveUpCheck(db, checkId, (tx, check) => emitCheckCompleted(tx, tenant, check));
  outboxCommitted();
  return { id: done.id, status: done.status };
}

/**
 * A check of the tenant; a `pending` check the applicant acts on is read from its provider first
 * (`refreshCheck`).
 * @throws DomainError resource_missing for unknown or foreign ids.
 */
export async function getCheck(db: Db, tenant: Tenant, id: string) {
  const row = await db.check.findFirst({ where: { id, ...tenantWhere(tenant) }, select: checkSelect });
  if (!row) throw notFound("check", id);
  const pending = row.status === "pending" || row.status === "running";
  return toCheckDto((pending && resolveCheck(row.checkKey).awaitsApplicant ? await refreshCheck(db, id) : null) ?? row);
}

/** Whose check it is: what finishing it also does depends on it (`completion`). */
async function checkOwner(db: Db, id: string) {
  return db.check.findUnique({ where: { id }, select: { projectId: true, mode: true, sessionId: true } });
}

/**
 * What finishing a check the applicant acts on also does, in the same write: a direct check emits
 * `check.completed`; a session's check submits its step for the applicant when the step still
 * waits for it (server/flow/submit-step.ts `takeAwaitedCheck`), so the session moves on even when
 * nobody keeps the flow open.
 */
function completion(owner: { projectId: string; mode: Tenant["mode"]; sessionId: string | null }) {
  const { sessionId } = owner;
  if (sessionId) return (tx: Tx, done: CheckRow) => takeAwaitedCheck(tx, sessionId, done);
  const tenant = { projectId: owner.projectId, mode: owner.mode };
  return (tx: Tx, done: CheckRow) => emitCheckCompleted(tx, tenant, done);
}

/**
 * Reads the outcome of a `pending` check the applicant acts on (server/checks/awaiting-check.ts):
 * the flow's poll, `GET /v1/checks/{id}`, the vendor's webhook and the background poll
 * (`readAwaitingCheck`). The check finishes once, whoever reads it first, with what `completion`
 * adds (`check.completed`, or the session's step submitted). No-op for any other check.
 * @returns the check as stored after the read, or null when there is no check `id`.
 */
export async function refreshCheck(db: Db, id: string): Promise<CheckRow | null> {
  const owner = await checkOwner(db, id);
  if (!owner) return null;
  const check = await refreshAwaitingCheck(db, id, completion(owner));
  outboxCommitted();
  return check;
}

/**
 * One read of the background poll (inngest/functions/poll-awaiting-check.ts): `refreshCheck`; when
 * that read began after the request's expiry (`valid_upto`, or an OTP check's `otp_expires_at`) and
 * the check still waits, it ends `failed` (`payment_expired` / `otp_expired`) through the same
 * completion (awaiting-check.ts `expireAwaitingCheck`).
 * @returns the check's status (`missing` when there is no check `id`), its request's expiry and
 *   the read's start (epoch ms): no personal data, the output is memoized.
 */
export async function readAwaitingCheck(db: Db, id: string): Promise<{ status: string; expiresAt: number | null; at: number }> {
  const at = Date.now();
  const owner = await checkOwner(db, id);
  if (!owner) return { status: "missing", expiresAt: null, at };
  let check = await refreshAwaitingCheck(db, id, completion(owner));
  const expiresAt = awaitingCheckExpiry(check);
  if ((check.status === "pending" || check.status === "running") && expiresAt !== null && expiresAt <= at) {
    check = await expireAwaitingCheck(db, id, completion(owner), new Date(at));
  }
  outboxCommitted();
  return { status: check.status, expiresAt, at };
}
