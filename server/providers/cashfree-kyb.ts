/**
 * Cashfree Verification Suite's "Know Your Business" APIs (GSTIN, CIN with its directors, Udyam),
 * answered by the `cashfree` adapter (cashfree-verification.ts owns its HTTP exchange and
 * credentials), so GSTIN and CIN have a second vendor beside Sandbox by Quicko and Udyam has one.
 *
 * Vendor documentation (the request and response shapes below follow it; same base URL and
 * `x-client-id` / `x-client-secret` / `x-api-version` headers as the rest of the suite):
 * - Verify GSTIN: https://www.cashfree.com/docs/api-reference/vrs/v2/gstin/verify-gstin
 *   `POST /gstin` with `{ GSTIN, business_name? }` (we compare the name ourselves and do not send it);
 *   answers `{ reference_id, GSTIN, valid?, message?, legal_name_of_business, trade_name_of_business,
 *   constitution_of_business, taxpayer_type, gst_in_status: Active | Cancelled | Suspended | ...,
 *   date_of_registration (YYYY-MM-DD), cancellation_date, principal_place_address,
 *   principal_place_split_address: { state, pincode, ... } }`; a GSTIN the GST Network does not know is
 *   HTTP 200 with `valid: false` ("GSTIN Doesn't Exist"); the page's example of a found GSTIN has no
 *   `valid` (the SDK's GstinResponseSchema has it), so a record without it counts as found. Response codes
 *   (https://docs.cashfree.com/reference/gstin-verification): 400 a malformed GSTIN or business name,
 *   "GstIn Verification is not enabled for this account", "Client secret belongs to test environment";
 *   401 credentials; 403 IP not allow-listed; 422 "Insufficient balance"; 500 "Unable to validate".
 * - Verify CIN: https://www.cashfree.com/docs/api-reference/vrs/v2/cin/verify-cin
 *   `POST /cin` with `{ verification_id, cin }` (`verification_id`: ours, unique, at most 50 of
 *   `[A-Za-z0-9._-]`); answers `{ verification_id, reference_id, status: VALID | INVALID, cin,
 *   company_name, registration_number, incorporation_date (YYYY-MM-DD, or DD-MM-YYYY in older pages),
 *   cin_status (e.g. ACTIVE), email, incorporation_country, director_details: [{ din, name, dob,
 *   designation, address }] }`. Response codes (https://docs.cashfree.com/reference/cin): 400 a
 *   malformed CIN (21 characters) or verification id; 401; 403; 409 "verification id already exists";
 *   422 "Insufficient balance"; 500; 502 "verification attempt failed". Companies only: an LLPIN is
 *   not a CIN, so `{ llpin }` goes to Sandbox by Quicko.
 * - Verify Udyam: https://www.cashfree.com/docs/api-reference/vrs/v2/udyam/verify-udyam
 *   `POST /udyam` with `{ verification_id, udyam }`; the page documents two answer shapes, both read:
 *   `{ status: "VALID", udyam, message: "Enterprise exists", enterprise_data: { document_id,
 *   major_activity, enterprise_type, organization_type, name, address: { state, district, pincode, ... },
 *   date_of_incorporation, date_of_commencement, date_of_udyam_registration (ISO timestamps), dic,
 *   msme_di, social_category }, enterprise_type_data, nic_data, ... }` and the flat `{ status:
 *   "SUCCESS", udyam_number, enterprise_name, owner_name, organization_type, major_activity,
 *   enterprise_type, date_of_udyam_registration (YYYY-MM-DD), split_address, ... }`. Unfound and
 *   cancelled registrations are `status` `INVALID` / `UDYAM_NOT_FOUND` and `UDYAM_IS_CANCELLED` (the
 *   statuses of the same registry through Fetch Udyam with PAN,
 *   https://www.cashfree.com/docs/api-reference/vrs/v2/pan-to-udyam/fetch-udyam-with-pan).
 *
 * Mapping, beyond cashfree-verification.ts' (timeouts, 5xx, 429 and 401/403): 400 is the input
 * (`*_format_invalid`, a failed check) unless its message is about the account's set-up (feature not
 * enabled, credentials of the other environment: `provider_not_configured`); "Insufficient balance" and
 * a 409 duplicate verification id are outages (`provider_unavailable`: retried, or the next provider).
 *
 * Consent and purpose: these APIs take neither; the check keeps them (issue 19 item 5).
 */
import "server-only";
import { z } from "zod";
import { nameMatch } from "../checks/name-match";
import { randomBase62 } from "../ids";
import { ProviderUnavailableError, type ProviderResult } from "./provider";
import { companyStatusError, gstinStatusError, isoDate } from "./registry-answers";
import { isObject, type VendorAnswer } from "./vendor-http";

export const CASHFREE_KYB_CHECKS = ["in.gstin.verify", "in.cin.verify", "in.udyam.verify"] as const;
export type CashfreeKybCheck = (typeof CASHFREE_KYB_CHECKS)[number];

/** What the KYB checks need of the `cashfree` adapter: its exchange and its answer readers. */
export interface CashfreeExchange {
  /** POSTs a JSON body; throws ProviderUnavailableError for outages and rejected credentials (401/403). */
  post(path: string, body: unknown): Promise<VendorAnswer>;
  /** A failed check carrying the vendor's message for an input it refused (400/422). */
  rejected(res: VendorAnswer, errorCode: string): ProviderResult;
  /** The body of a 200 answer; throws `provider_unavailable` otherwise. */
  answered(res: VendorAnswer, path: string): Record<string, unknown>;
  /** Minimum `nameMatch` score for a name to match. */
  nameThreshold: number;
}

const ZGstinInput = z.object({ gstin: z.string().min(1), name: z.string().min(1).optional() });
const ZCinInput = z.object({ cin: z.string().min(1).optional(), llpin: z.string().min(1).optional() });
const ZUdyamInput = z.object({ udyam_number: z.string().min(1) });

/** 400 messages about the merchant account, not the input. */
const ACCOUNT_SETUP = /not enabled|belongs to (the )?(test|production)|x-client-(id|secret)|signature/i;

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" && v.trim().toUpperCase() !== "NA" ? v.trim() : null);
const reference = (body: Record<string, unknown>) => (body.reference_id === undefined || body.reference_id === null ? null : String(body.reference_id));
/** Our `verification_id`: unique per request (a retry is a new request; Cashfree answers 409 to a repeated one). */
const verificationId = () => `kyc_${randomBase62(24)}`;

/**
 * The KYB checks over `cf` (the `cashfree` adapter calls it for `CASHFREE_KYB_CHECKS`).
 *
 * `in.gstin.verify` `{ gstin, name? }` -> `result` as Sandbox by Quicko's (the test-mode sandbox's
 * names): `{ gstin, gstin_status (GSTN's: Active, Cancelled, ... or not_found), legal_name, trade_name,
 * constitution, taxpayer_type, pan, state_code, state, registration_date, cancellation_date?, pincode,
 * address, name_match?, reference_id }`; error codes `gstin_not_found`, `gstin_cancelled`,
 * `gstin_suspended`, `gstin_inactive`, `name_mismatch`, `gstin_format_invalid`. `score`: the best
 * `nameMatch` of the name against the legal and the trade name (null without a name).
 *
 * `in.cin.verify` `{ cin }` -> `result` `{ cin, entity_type: "company", company_name, company_status
 * (MCA's, e.g. ACTIVE, STRIKE OFF, or not_found), incorporation_date, directors: [{ din, name,
 * designation }], reference_id, verification_id }`; error codes `company_not_found`,
 * `company_struck_off`, `company_inactive`, `cin_format_invalid`. `{ llpin }` throws
 * `provider_not_configured` (Cashfree documents companies only).
 *
 * `in.udyam.verify` `{ udyam_number }` -> `result` `{ udyam_number, registration_status: Active |
 * Cancelled | not_found, enterprise_name, enterprise_type (Micro, Small, Medium), major_activity,
 * organization_type, state_code, district_code, state, registration_date, reference_id,
 * verification_id }`; error codes `udyam_not_found`, `udyam_cancelled`, `udyam_format_invalid`.
 *
 * @throws ProviderUnavailableError provider_timeout / provider_unavailable / provider_not_configured (see the file comment).
 */
export function cashfreeKybCheck(cf: CashfreeExchange, key: CashfreeKybCheck, input: unknown): Promise<ProviderResult> {
  /** POSTs and sorts out the refusals that are outages or set-up problems; returns the answer otherwise. */
  async function call(path: string, body: unknown): Promise<VendorAnswer> {
    const res = await cf.post(path, body);
    const message = str(res.body?.message) ?? "";
    if (res.status === 409 || /balance/i.test(message)) {
      throw new ProviderUnavailableError("provider_unavailable", `Cashfree could not run ${path} (${res.status}: ${message || "no message"}).`);
    }
    if (res.status === 400 && ACCOUNT_SETUP.test(message)) {
      throw new ProviderUnavailableError("provider_not_configured", `Cashfree refused ${path} for the account's set-up (${message}).`);
    }
    return res;
  }
  const refused = (res: VendorAnswer) => res.status === 400 || res.status === 422;

  async function verifyGstin(raw: unknown): Promise<ProviderResult> {
    const input = ZGstinInput.parse(raw);
    const gstin = input.gstin.replace(/\s+/g, "").toUpperCase();
    const path = "/gstin";
    const res = await call(path, { GSTIN: gstin });
    if (refused(res)) return cf.rejected(res, "gstin_format_invalid");
    const body = cf.answered(res, path);
    const referenceId = reference(body);
    const message = str(body.message);
    // the page's example answer has no `valid`; the SDK's schema and the response codes have it
    const found = body.valid === true || (body.valid === undefined && (str(body.legal_name_of_business) ?? str(body.gst_in_status)) !== null);
    if (!found) {
      if (body.valid !== false && !/exist|invalid/i.test(message ?? "")) {
        throw new ProviderUnavailableError("provider_unavailable", `Cashfree answered ${path} without a record or a verdict (${message ?? "no message"}).`);
      }
      const result = { gstin, gstin_status: "not_found", registry_message: message, reference_id: referenceId };
      return { status: "failed", errorCode: "gstin_not_found", score: null, verifiedBy: "source", result };
    }
    const legalName = str(body.legal_name_of_business);
    const tradeName = str(body.trade_name_of_business);
    const registration = str(body.gst_in_status);
    const split = isObject(body.principal_place_split_address) ? body.principal_place_split_address : {};
    const number = str(body.GSTIN) ?? gstin;
    const cancelled = isoDate(body.cancellation_date);
    const score = input.name
      ? [legalName, tradeName].reduce((best, n) => (n ? Math.max(best, nameMatch(input.name!, n, cf.nameThreshold).score) : best), 0)
      : null;
    const nameOk = score === null ? null : score >= cf.nameThreshold;
    const result: Record<string, unknown> = {
      gstin: number,
      gstin_status: registration ?? "unknown",
      legal_name: legalName,
      trade_name: tradeName,
      constitution: str(body.constitution_of_business),
      taxpayer_type: str(body.taxpayer_type),
      pan: number.slice(2, 12),
      state_code: number.slice(0, 2),
      state: str(split.state),
      registration_date: isoDate(body.date_of_registration),
      ...(cancelled ? { cancellation_date: cancelled } : {}),
      pincode: str(split.pincode),
      address: str(body.principal_place_address),
      ...(nameOk === null ? {} : { name_match: nameOk }),
      reference_id: referenceId,
    };
    const base = { verifiedBy: "source" as const, score, result };
    const errorCode = gstinStatusError(registration) ?? (nameOk === false ? "name_mismatch" : null);
    return errorCode ? { ...base, status: "failed", errorCode } : { ...base, status: "passed", errorCode: null };
  }

  async function verifyCin(raw: unknown): Promise<ProviderResult> {
    const input = ZCinInput.parse(raw);
    if (input.cin === undefined) {
      throw new ProviderUnavailableError(
        "provider_not_configured",
        "Cashfree documents CIN verification for companies only; an LLPIN goes to Sandbox by Quicko.",
      );
    }
    const cin = input.cin.toUpperCase();
    const path = "/cin";
    const id = verificationId();
    const res = await call(path, { verification_id: id, cin });
    if (refused(res)) return cf.rejected(res, "cin_format_invalid");
    const body = cf.answered(res, path);
    const identity = { cin, entity_type: "company", reference_id: reference(body), verification_id: id };
    const status = str(body.status)?.toUpperCase();
    if (status === "INVALID") {
      return { status: "failed", errorCode: "company_not_found", score: null, verifiedBy: "source", result: { ...identity, company_status: "not_found" } };
    }
    if (status !== "VALID") throw new ProviderUnavailableError("provider_unavailable", `Cashfree answered ${path} with status ${status ?? "none"}.`);
    const people = Array.isArray(body.director_details) ? body.director_details : [];
    const directors = people.filter(isObject).flatMap((d) => {
      const din = str(d.din);
      const name = str(d.name);
      // the director's date of birth and address stay with the vendor: the check keeps who they are
      return din && name ? [{ din, name, designation: str(d.designation) ?? "Director" }] : [];
    });
    const companyStatus = str(body.cin_status);
    const result = {
      ...identity,
      company_name: str(body.company_name),
      company_status: companyStatus ?? "unknown",
      incorporation_date: isoDate(body.incorporation_date),
      directors,
    };
    const errorCode = companyStatusError(companyStatus);
    const base = { verifiedBy: "source" as const, score: null, result };
    return errorCode ? { ...base, status: "failed", errorCode } : { ...base, status: "passed", errorCode: null };
  }

  async function verifyUdyam(raw: unknown): Promise<ProviderResult> {
    const input = ZUdyamInput.parse(raw);
    const udyam = input.udyam_number.toUpperCase();
    const [, stateCode, districtCode] = udyam.split("-");
    const path = "/udyam";
    const id = verificationId();
    const res = await call(path, { verification_id: id, udyam });
    if (refused(res)) return cf.rejected(res, "udyam_format_invalid");
    const body = cf.answered(res, path);
    const identity = { udyam_number: udyam, reference_id: reference(body), verification_id: id };
    const status = str(body.status)?.toUpperCase();
    if (status === "INVALID" || status === "UDYAM_NOT_FOUND") {
      const result = { ...identity, registration_status: "not_found", registry_message: str(body.message) };
      return { status: "failed", errorCode: "udyam_not_found", score: null, verifiedBy: "source", result };
    }
    const cancelled = status === "UDYAM_IS_CANCELLED";
    if (!cancelled && status !== "VALID" && status !== "SUCCESS") {
      throw new ProviderUnavailableError("provider_unavailable", `Cashfree answered ${path} with status ${status ?? "none"}.`);
    }
    // the current shape nests the enterprise in `enterprise_data`; the older one is flat
    const e = isObject(body.enterprise_data) ? body.enterprise_data : body;
    const address = isObject(e.address) ? e.address : isObject(body.split_address) ? body.split_address : {};
    const result = {
      ...identity,
      registration_status: cancelled ? "Cancelled" : "Active",
      enterprise_name: str(e.enterprise_name) ?? str(e.name),
      enterprise_type: str(e.enterprise_type),
      major_activity: str(e.major_activity),
      organization_type: str(e.organization_type),
      state_code: stateCode ?? null,
      district_code: districtCode ?? null,
      state: str(address.state),
      registration_date: isoDate(e.date_of_udyam_registration),
    };
    const base = { verifiedBy: "source" as const, score: null, result };
    return cancelled ? { ...base, status: "failed", errorCode: "udyam_cancelled" } : { ...base, status: "passed", errorCode: null };
  }

  if (key === "in.gstin.verify") return verifyGstin(input);
  if (key === "in.cin.verify") return verifyCin(input);
  return verifyUdyam(input);
}
