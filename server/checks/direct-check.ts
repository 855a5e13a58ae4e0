/**
 * Direct checks (interface.md 4.2, decisions.md "Checks"): `POST /v1/checks/{key}` runs one
 * check without a hosted session, synchronously (200 with the finished Check) or with
 * `async=true` (202 with the Check `pending`, then the event `check.completed`).
 * `GET /v1/checks/{id}` retrieves any check of the tenant.
 */
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import type { TEventCheck } from "../events/event.schemas";
import { checkRequested } from "../events/internal-events";
import { emitEvent, enqueue, outboxCommitted } from "../events/outbox";
import { type Tenant, tenantWhere } from "../tenant";
import { CHECKS, resolveCheck } from "./catalog";
import { checkSelect, type CheckRow, toCheckDto } from "./check.dto";
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

/** `check.completed` (decisions.md: `data.check = { id, check_key, generic_key, status, verified_by, error_code }`). */
export async function emitCheckCompleted(tx: Tx, tenant: Tenant, check: CheckRow): Promise<void> {
  const data: TEventCheck = {
    id: check.id,
    check_key: check.checkKey,
    generic_key: check.genericKey,
    status: check.status,
    verified_by: check.verifiedBy,
    error_code: check.errorCode,
  };
  await emitEvent(tx, { ...tenantWhere(tenant), type: "check.completed", checkId: check.id, data: { check: data } });
}

export async function runDirectCheck(db: Db, tenant: Tenant, key: string, body: Record<string, unknown>, opts: { async: boolean }) {
  const { country, ...input } = body as { country?: string } & Record<string, unknown>;
  const def = resolveForApi(key, country);
  if (country && def.country !== country.toUpperCase()) {
    throw new DomainError("parameter_invalid", `Check '${def.key}' is for country ${def.country}, not ${country}.`, { param: "country" });
  }
  const req = { ...tenantWhere(tenant), key: def.key, input };
  if (!opts.async) return { status: 200, check: toCheckDto(await runCheck(db, req)) };

  const check = await prepareCheck(db, req);
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

/** @throws DomainError resource_missing for unknown or foreign ids. */
export async function getCheck(db: Db, tenant: Tenant, id: string) {
  const row = await db.check.findFirst({ where: { id, ...tenantWhere(tenant) }, select: checkSelect });
  if (!row) throw notFound("check", id);
  return toCheckDto(row);
}
