/**
 * What a registry's answer means for a check, shared by the live adapters that answer the same
 * check (quicko-sandbox.ts, cashfree-kyb.ts), so two vendors never disagree on a verdict: the
 * error code of a GSTN registration status and of an MCA company status, and the vendors' date
 * spellings.
 */

/** GSTN registration status (`sts`, lower-cased) -> error code; any other status than these is `gstin_inactive`. */
const GSTIN_STATUS_ERRORS: Record<string, string | null> = { active: null, cancelled: "gstin_cancelled", suspended: "gstin_suspended" };

/**
 * The error code of a GSTIN whose GSTN status is `status` (Active, Cancelled, Suspended, Inactive, ...):
 * null for Active, `gstin_cancelled`, `gstin_suspended`, else `gstin_inactive` (also when no status came).
 */
export function gstinStatusError(status: string | null): string | null {
  const known = GSTIN_STATUS_ERRORS[status?.trim().toLowerCase() ?? ""];
  return known === undefined ? "gstin_inactive" : known;
}

/**
 * The error code of a company or LLP whose MCA status is `status` (e.g. Active, Strike Off, Under
 * Liquidation, Amalgamated): null when active, `company_struck_off` when struck off, else
 * `company_inactive` (also when no status came).
 */
export function companyStatusError(status: string | null): string | null {
  if (/strike|struck/i.test(status ?? "")) return "company_struck_off";
  return /^active/i.test(status?.trim() ?? "") ? null : "company_inactive";
}

/**
 * A vendor's date as `YYYY-MM-DD`: accepts `DD/MM/YYYY`, `DD-MM-YYYY` (also with one-digit day or
 * month), `YYYY-MM-DD` and an ISO timestamp (`2020-05-29T00:00:00.000Z`, its date part); anything
 * else -> null.
 */
export function isoDate(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  const dmy = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(s);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, "0")}-${dmy[1]!.padStart(2, "0")}`;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  return ymd ? `${ymd[1]}-${ymd[2]}-${ymd[3]}` : null;
}
