/**
 * Cross-checks of a KYB session's registrations, beyond what each registry check answers by
 * itself (an inactive GSTIN, company or Udyam, or a GST legal name that does not match, are
 * already `failed` checks with their error codes):
 *
 * - `gstin_pan`: characters 3-12 of a GSTIN are its holder's PAN (CGST Rules 2017, rule 10),
 *   so they must be the business PAN the applicant gave (and the PAN the GST registry holds).
 * - `registry_name`: the legal name entered scores below NAME_MATCH_THRESHOLD (0.8,
 *   server/checks/name-match.ts) against the MCA21 name of the company or LLP.
 *
 * The findings are decision facts (`business_mismatch` rule conditions); their details name
 * what was compared, never the values. Pure: no I/O.
 */
import { NAME_MATCH_THRESHOLD, nameMatchScore } from "../checks/name-match";
import type { BusinessMismatchFact } from "../sessions/evaluate-decision";
import { businessDetails, businessPan, type ProfileCheck } from "./business-profile";

/** The mismatches of a KYB session's steps and current checks (empty for a KYC session). */
export function businessMismatches(steps: readonly { type: string; data: unknown }[], checks: readonly ProfileCheck[]): BusinessMismatchFact[] {
  const details = businessDetails(steps);
  if (!details) return [];
  const found: BusinessMismatchFact[] = [];
  const gstinPan = details.gstin.slice(2, 12);
  const pan = businessPan(steps)?.pan;
  if (pan && gstinPan !== pan) found.push({ mismatch: "gstin_pan", detail: "the PAN inside the GSTIN is not the business PAN" });
  const gst = checks.find((c) => c.checkKey === "in.gstin.verify")?.result as { pan?: unknown } | null | undefined;
  if (typeof gst?.pan === "string" && gst.pan !== gstinPan) found.push({ mismatch: "gstin_pan", detail: "the GST registry holds another PAN for the GSTIN" });
  const mca = checks.find((c) => c.checkKey === "in.cin.verify")?.result as { company_name?: unknown } | null | undefined;
  if (typeof mca?.company_name === "string") {
    const score = nameMatchScore(details.legal_name, mca.company_name);
    if (score < NAME_MATCH_THRESHOLD) found.push({ mismatch: "registry_name", detail: `legal name vs MCA21 name: score ${score}` });
  }
  return found;
}
