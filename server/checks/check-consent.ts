/**
 * Consent and purpose of registry calls (issue 19 item 5; decisions.md 2026-11-24 "Consent on
 * live registry calls"). Every check that asks a registry records the consent it rests on and a
 * purpose of at least 20 characters (`checks.consent`, `checks.purpose`); live adapters pass
 * them on where the vendor's API takes them (server/providers/provider.ts `CheckContext`).
 * - A direct check sends `consent` and `purpose` in its body: required in live mode for a
 *   registry check (400 `parameter_missing`, `param: consent` / `purpose`), optional in test mode.
 * - A hosted-flow check rests on the session's consent step (notice version, time, method);
 *   a live registry check of a session without one fails with `consent_missing` and no call.
 */
import type { Db, Tx } from "../db";
import { DomainError, fromZodError } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import type { CheckDefinition } from "./catalog";
import { PURPOSE_MIN_LENGTH, ZCheckConsent, ZCheckPurpose, type TRecordedConsent } from "./check.schemas";

/** What a registry call rests on, as stored on the check. */
export interface CallConsent {
  consent: TRecordedConsent | null;
  purpose: string | null;
}

/** A check that reaches a registry, so its call must rest on consent. */
export function needsConsent(def: Pick<CheckDefinition, "answeredBy">): boolean {
  return def.answeredBy === "registry";
}

/**
 * The `consent` and `purpose` of a direct check's body (POST /v1/checks/{key}), validated.
 * @returns the consent to record (null when none was sent and none is needed).
 * @throws DomainError parameter_missing (`param: consent` or `purpose`) when a live registry
 *   check lacks them; parameter_invalid (`param: consent.at`, ...) when they are malformed.
 */
export function directCheckConsent(mode: Mode, def: Pick<CheckDefinition, "answeredBy" | "key">, body: { consent?: unknown; purpose?: unknown }): CallConsent {
  const required = mode === "live" && needsConsent(def);
  if (body.consent === undefined || body.consent === null) {
    if (required)
      throw new DomainError(
        "parameter_missing",
        `A live '${def.key}' check asks a registry: send the applicant's 'consent' (obtained, at, method, notice_version) and a 'purpose'.`,
        { param: "consent" },
      );
    if (body.purpose !== undefined) throw new DomainError("parameter_missing", "'purpose' goes with 'consent'.", { param: "consent" });
    return { consent: null, purpose: null };
  }
  const consent = ZCheckConsent.safeParse(body.consent);
  if (!consent.success) throw fromZodError(consent.error, "consent");
  if (body.purpose === undefined || body.purpose === null) {
    throw new DomainError("parameter_missing", `Send a 'purpose' of at least ${PURPOSE_MIN_LENGTH} characters with 'consent'.`, { param: "purpose" });
  }
  const purpose = ZCheckPurpose.safeParse(body.purpose);
  if (!purpose.success) throw fromZodError(purpose.error, "purpose");
  return { consent: { ...consent.data, source: "request" }, purpose: purpose.data };
}

/** The purpose recorded for hosted-flow checks: the consent step's purpose codes, in words. */
export function sessionPurpose(purposes: readonly string[]): string {
  const codes = purposes.length ? purposes.join(", ") : "identity_verification";
  return `Customer due diligence (KYC) of the applicant of a verification session: ${codes}`;
}

/**
 * The consent the applicant gave in the hosted flow: the session's submitted `consent` step
 * (its notice version, time and purposes), or the parent session's for a KYB key person.
 * @returns null when the session has no accepted consent step.
 */
export async function sessionConsent(db: Db | Tx, sessionId: string): Promise<CallConsent | null> {
  const session = await db.session.findUnique({
    where: { id: sessionId },
    select: { parentSessionId: true, steps: { where: { type: "consent", status: { in: ["submitted", "passed"] } }, select: { data: true }, take: 1 } },
  });
  if (!session) return null;
  const data = (session.steps[0]?.data ?? null) as { accepted?: unknown; at?: unknown; notice_version?: unknown; purposes?: unknown } | null;
  if (data?.accepted === true && typeof data.at === "string" && typeof data.notice_version === "string") {
    const purposes = Array.isArray(data.purposes) ? data.purposes.filter((p): p is string => typeof p === "string") : [];
    return {
      consent: { obtained: true, at: data.at, method: "hosted_flow_checkbox", notice_version: data.notice_version, source: "session" },
      purpose: sessionPurpose(purposes),
    };
  }
  return session.parentSessionId ? sessionConsent(db, session.parentSessionId) : null;
}
