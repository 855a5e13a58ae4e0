/**
 * The check events the service emits (decisions.md "Checks"): `check.completed` and the shape of
 * their `data.check`. Its own module so that every place that finishes a check (direct checks, the
 * OTP phase, erasure) can emit them without importing the direct-check use cases.
 */
import type { Tx } from "../db";
import type { TEventCheck } from "../events/event.schemas";
import { emitEvent } from "../events/outbox";
import { type Tenant, tenantWhere } from "../tenant";
import type { CheckRow } from "./check.dto";

/** The `data.check` of a check event: `{ id, check_key, generic_key, status, verified_by, error_code }`, no personal data. */
export function eventCheck(check: Pick<CheckRow, "id" | "checkKey" | "genericKey" | "status" | "verifiedBy" | "errorCode">): TEventCheck {
  return {
    id: check.id,
    check_key: check.checkKey,
    generic_key: check.genericKey,
    status: check.status,
    verified_by: check.verifiedBy,
    error_code: check.errorCode,
  };
}

/** `check.completed` (decisions.md: `data.check` as `eventCheck`). */
export async function emitCheckCompleted(tx: Tx, tenant: Tenant, check: CheckRow): Promise<void> {
  await emitEvent(tx, { ...tenantWhere(tenant), type: "check.completed", checkId: check.id, data: { check: eventCheck(check) } });
}
