/**
 * Sandbox provider (test mode): deterministic answers keyed by input, so integrators can test
 * every branch (decisions.md "Sandbox provider"). The table below is the single source: it is
 * served by `GET /v1/capabilities` and documented in the README.
 *
 * It answers the registry checks only. The scheme is the same for each: four digits of the
 * identifier pick the outcome, `9999` not found, `8888` name mismatch (where a name is given),
 * `7777` registry timeout, `6666` inactive / cancelled; anything else valid is found and active.
 * Where a name is given, a found record's name echoes it, so it matches. Names are compared with
 * `nameMatch` (server/checks/name-match.ts): the check's `score` is the name score in [0, 1] and
 * the name matches at 0.8 or more (`NAME_MATCH_THRESHOLD`), as with the live providers.
 * Cryptographic (Aadhaar), service (OTP) and manual checks are not answered here; the IFSC
 * lookup is answered by the offline dataset in both modes (server/providers/registry.ts). Their
 * rows below document what test mode does for them.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type {
  TBankAccountVerifyInput,
  TCinVerifyInput,
  TCkycDownloadInput,
  TCkycSearchInput,
  TCkycUploadInput,
  TGstinVerifyInput,
  TPanAadhaarLinkInput,
  TPanVerifyInput,
  TUdyamVerifyInput,
} from "../checks/catalog";
import { NAME_MATCH_THRESHOLD, nameMatch } from "../checks/name-match";
import { panHolderType } from "../checks/pan";
import { cinInfo, type CinOwnershipClass } from "../checks/validators/cin";
import { gstinInfo } from "../checks/validators/gstin";
import { lookupIfsc } from "./offline-dataset";
import { maskMobile } from "../checks/otp-request";
import { AnsweredAtOnceError, AwaitingApplicantError, ProviderUnavailableError, type CheckContext, type CheckProvider, type ProviderResult } from "./provider";

export const SANDBOX_VALUES = [
  {
    check: "in.pan.verify",
    input: "PAN ABCPE1234F",
    outcome:
      "found, active, individual, registered name RAVI KUMAR, date of birth 1990-01-01: passed when the name given scores 0.8 or more against it (score = the name score, e.g. R. Kumar 0.885), else failed, error_code name_mismatch (e.g. Ravindra Kumar 0.615, Ravi Kumari 0.5, Rajiv Kumar 0.231)",
  },
  { check: "in.pan.verify", input: "PAN digits 9999 (e.g. ABCPE9999Z)", outcome: "not found: failed, error_code pan_not_found" },
  {
    check: "in.pan.verify",
    input: "PAN digits 8888",
    outcome: "found, registered name SANDBOX REGISTERED NAME, which the name given does not match: failed, error_code name_mismatch, score below 0.8",
  },
  { check: "in.pan.verify", input: "PAN digits 7777", outcome: "the registry times out: error after retries, error_code provider_timeout" },
  { check: "in.pan.verify", input: "PAN digits 6666", outcome: "found but inactive (deactivated): failed, error_code pan_inactive" },
  { check: "in.pan.verify", input: "any other valid PAN", outcome: "found, active, name echoes the name given: passed, score 1" },
  {
    check: "in.pan.verify",
    input: "any PAN without name (e.g. ABCPE1234F)",
    outcome:
      "existence, status and date of birth as above (digits 9999 not found, 6666 inactive, 7777 timeout, ABCPE1234F born 1990-01-01), no name match and no registered name in the result: passed when found and active, score null",
  },
  { check: "in.pan.aadhaar_link", input: "PAN digits 9999 (e.g. ABCPE9999Z)", outcome: "not found: failed, error_code pan_not_found" },
  {
    check: "in.pan.aadhaar_link",
    input: "PAN digits 8888",
    outcome: "found, not linked with Aadhaar (PAN inoperative): failed, error_code pan_aadhaar_not_linked",
  },
  { check: "in.pan.aadhaar_link", input: "PAN digits 7777", outcome: "the registry times out: error after retries, error_code provider_timeout" },
  { check: "in.pan.aadhaar_link", input: "PAN digits 6666", outcome: "found but inactive (deactivated): failed, error_code pan_inactive" },
  { check: "in.pan.aadhaar_link", input: "any other valid individual PAN (e.g. ABCPE1234F)", outcome: "active and linked with Aadhaar: passed" },
  { check: "in.gstin.verify", input: "GSTIN with PAN digits 9999 (27AAPFU9999F1Z1)", outcome: "not found: failed, error_code gstin_not_found" },
  {
    check: "in.gstin.verify",
    input: "GSTIN with PAN digits 8888 (27AAPFU8888F1Z7) and a name",
    outcome: "found, active, legal name SANDBOX LEGAL NAME and trade name SANDBOX TRADE NAME do not match the name given: failed, error_code name_mismatch",
  },
  {
    check: "in.gstin.verify",
    input: "GSTIN with PAN digits 7777 (27AAPFU7777F1ZD)",
    outcome: "the registry times out: error after retries, error_code provider_timeout",
  },
  { check: "in.gstin.verify", input: "GSTIN with PAN digits 6666 (27AAPFU6666F1ZJ)", outcome: "found, status Cancelled: failed, error_code gstin_cancelled" },
  { check: "in.gstin.verify", input: "GSTIN with PAN digits 5555 (27AAPFU5555F1ZP)", outcome: "found, status Suspended: failed, error_code gstin_suspended" },
  {
    check: "in.gstin.verify",
    input: "any other valid GSTIN (e.g. 27AAPFU0939F1ZV)",
    outcome:
      "found, status Active, legal name SANDBOX LEGAL NAME (or the name given, echoed), trade name SANDBOX TRADE NAME, constitution and state from the GSTIN: passed (in a KYB session, a GSTIN whose PAN, characters 3-12, is not the business PAN is the cross-check gstin_pan: review)",
  },
  {
    check: "in.cin.verify",
    input: "CIN ending 9999 (U72900KA2015PTC019999) or LLPIN digits 9999 (AAB-9999)",
    outcome: "not found: failed, error_code company_not_found",
  },
  {
    check: "in.cin.verify",
    input: "CIN ending 7777 or LLPIN digits 7777",
    outcome: "the registry times out: error after retries, error_code provider_timeout",
  },
  { check: "in.cin.verify", input: "CIN ending 6666 or LLPIN digits 6666", outcome: "found, status Strike Off: failed, error_code company_struck_off" },
  {
    check: "in.cin.verify",
    input: "any other valid CIN (e.g. U72900KA2015PTC012345) or LLPIN (e.g. AAB-1234)",
    outcome:
      "found, status Active, name SANDBOX PRIVATE LIMITED (suffix by class; SANDBOX LLP for an LLPIN), incorporated on 1 January of the CIN's year, directors (designated partners of an LLP) ASHA VERMA (DIN 00000001) and RAVI KUMAR (DIN 00000002): passed (in a KYB session, a legal name scoring below 0.8 against the name is the cross-check registry_name: review)",
  },
  { check: "in.udyam.verify", input: "Udyam number ending 9999 (UDYAM-MH-19-0009999)", outcome: "not found: failed, error_code udyam_not_found" },
  { check: "in.udyam.verify", input: "Udyam number ending 7777", outcome: "the registry times out: error after retries, error_code provider_timeout" },
  { check: "in.udyam.verify", input: "Udyam number ending 6666", outcome: "found, registration cancelled: failed, error_code udyam_cancelled" },
  { check: "in.udyam.verify", input: "Udyam number ending 5555", outcome: "found, Small enterprise: passed" },
  { check: "in.udyam.verify", input: "Udyam number ending 4444", outcome: "found, Medium enterprise: passed" },
  {
    check: "in.udyam.verify",
    input: "any other valid Udyam number (e.g. UDYAM-MH-19-0012345)",
    outcome: "found, Micro enterprise, name SANDBOX ENTERPRISE, services: passed",
  },
  { check: "in.bank_account.verify", input: "IFSC not in the RBI list (e.g. HDFC0ZZZZZZ)", outcome: "failed, error_code ifsc_not_found" },
  { check: "in.bank_account.verify", input: "account number ending 9999", outcome: "no such account: failed, error_code account_not_found" },
  {
    check: "in.bank_account.verify",
    input: "account number ending 8888",
    outcome: "account open, holder name at the bank SANDBOX ACCOUNT HOLDER does not match the name given: failed, error_code name_mismatch",
  },
  { check: "in.bank_account.verify", input: "account number ending 7777", outcome: "the bank times out: error after retries, error_code provider_timeout" },
  { check: "in.bank_account.verify", input: "account number ending 6666", outcome: "account closed or frozen: failed, error_code account_closed" },
  {
    check: "in.bank_account.verify",
    input: "any other valid account number with a known IFSC (e.g. 50100012345678, HDFC0000001)",
    outcome: "account open, holder name echoes the name given, bank name from the IFSC: passed",
  },
  { check: "in.ifsc.lookup", input: "IFSC HDFC0000001", outcome: "in the RBI list, bank HDFC Bank: passed (offline dataset, the same in live mode)" },
  {
    check: "in.ifsc.lookup",
    input: "IFSC HDFC0ZZZZZZ",
    outcome: "not in the RBI list: failed, error_code ifsc_not_found (offline dataset, the same in live mode)",
  },
  {
    check: "in.ckyc.search",
    input: "PAN ABCPE1234F",
    outcome: "record found: RAVI KUMAR, masked CKYC number XXXXXXXXXX1234, ckyc_reference_id CKYCSBX-ABCPE1234F, KYC date 2023-04-01: passed",
  },
  { check: "in.ckyc.search", input: "PAN digits 9999 (e.g. ABCPE9999Z)", outcome: "no KYC record: failed, error_code ckyc_record_not_found" },
  { check: "in.ckyc.search", input: "PAN digits 7777", outcome: "the registry times out: error after retries, error_code provider_timeout" },
  {
    check: "in.ckyc.search",
    input: "any other valid PAN, passport, voter id, driving licence or CKYC number",
    outcome:
      "record found, name SANDBOX CKYC PERSON, masked CKYC number ending in the identifier's last 4 digits, ckyc_reference_id CKYCSBX-<id_number>: passed",
  },
  {
    check: "in.ckyc.download",
    input: "auth_factor otp, CKYCSBX-<id_number>, mobile 9876543210, then POST /v1/checks/{id}/otp with otp 123456",
    outcome:
      "pending with otp_sent_to (the record's mobile masked to its last 4 digits, 3210) and otp_expires_at (10 minutes), then the record below: passed; resend: true sends a new code (once per 30 s)",
  },
  {
    check: "in.ckyc.download",
    input: "auth_factor otp, then otp 000000",
    outcome: "the code has expired: failed, error_code otp_expired",
  },
  {
    check: "in.ckyc.download",
    input: "auth_factor otp, then any other 6-digit otp",
    outcome: "a wrong code: pending with attempts_left one less; the 3rd wrong code: failed, error_code ckyc_auth_failed",
  },
  {
    check: "in.ckyc.download",
    input: "auth_factor otp with any other mobile",
    outcome: "the mobile number is not the record's: failed at once, error_code ckyc_auth_failed (no code sent)",
  },
  {
    check: "in.ckyc.download",
    input: "ckyc_reference_id CKYCSBX-<id_number> with dob 1990-01-01, or pincode 560001 and year_of_birth 1990, or mobile 9876543210",
    outcome:
      "record released: name (RAVI KUMAR for CKYCSBX-ABCPE1234F, else SANDBOX CKYC PERSON), date of birth 1990-01-01, gender M, PAN, address 12 MG Road, Bengaluru 560001, mobile 9876543210, and a photo (stored as evidence ckyc_photo, the reference photo for face match): passed",
  },
  {
    check: "in.ckyc.download",
    input: "ckyc_reference_id CKYCSBX-<id_number> with any other date of birth, PIN code or mobile",
    outcome: "the authentication factor does not match the record: failed, error_code ckyc_auth_failed",
  },
  { check: "in.ckyc.download", input: "any other ckyc_reference_id", outcome: "no such record: failed, error_code ckyc_record_not_found" },
  {
    check: "in.ckyc.upload",
    input: "an approved session's record",
    outcome: "accepted at once: the CKYC number of a downloaded record (an update), else a new one 30000000000000 + the PAN's digits; upload state succeeded",
  },
  { check: "in.phone.verify", input: "OTP", outcome: "always 123456" },
  { check: "in.email.verify", input: "OTP", outcome: "always 123456" },
] as const;

const RAVI = { pan: "ABCPE1234F", name: "RAVI KUMAR", dob: "1990-01-01" };

/** Every sandbox answer comes "from the source" (the simulated registry). */
const base = { score: null, verifiedBy: "source" as const };

const timeout = (registry: string) => new ProviderUnavailableError("provider_timeout", `The ${registry} did not answer in time.`);

/** Without `name`: existence, status and the date of birth only; neither a name match nor the registered name. */
function panVerify(input: TPanVerifyInput): ProviderResult {
  const digits = input.pan.slice(5, 9);
  if (digits === "9999") return { ...base, status: "failed", errorCode: "pan_not_found", result: { pan_status: "not_found" } };
  if (digits === "7777") throw timeout("PAN registry");
  const registered = input.pan === RAVI.pan ? RAVI.name : digits === "8888" ? "SANDBOX REGISTERED NAME" : input.name?.toUpperCase();
  const name = input.name !== undefined && registered !== undefined ? nameMatch(input.name, registered) : null;
  const answer = {
    pan_status: digits === "6666" ? "inactive" : "active",
    ...(name ? { registered_name: registered } : {}),
    holder_type: input.pan[3] === "P" ? "individual" : "non_individual",
    ...(name ? { name_match: name.match, name_match_score: name.score } : {}),
    ...(input.dob ? { dob_match: input.pan === RAVI.pan ? input.dob === RAVI.dob : true } : {}),
  };
  const found = { ...base, score: name?.score ?? null, result: answer };
  if (answer.pan_status === "inactive") return { ...found, status: "failed", errorCode: "pan_inactive" };
  if (name && !name.match) return { ...found, status: "failed", errorCode: "name_mismatch" };
  if (answer.dob_match === false) return { ...found, status: "failed", errorCode: "dob_mismatch" };
  return { ...found, status: "passed", errorCode: null };
}

function panAadhaarLink(input: TPanAadhaarLinkInput): ProviderResult {
  const digits = input.pan.slice(5, 9);
  if (digits === "9999") return { ...base, status: "failed", errorCode: "pan_not_found", result: { pan_status: "not_found" } };
  if (digits === "7777") throw timeout("PAN registry");
  if (digits === "6666") return { ...base, status: "failed", errorCode: "pan_inactive", result: { pan_status: "inactive", aadhaar_link_status: "unknown" } };
  if (digits === "8888") {
    return { ...base, status: "failed", errorCode: "pan_aadhaar_not_linked", result: { pan_status: "inoperative", aadhaar_link_status: "not_linked" } };
  }
  return { ...base, status: "passed", errorCode: null, result: { pan_status: "active", aadhaar_link_status: "linked" } };
}

/** GST portal "Constitution of Business" for the 4th letter of the holder's PAN. */
const CONSTITUTION: Record<string, string> = {
  individual: "Proprietorship",
  company: "Private Limited Company",
  firm: "Partnership",
  hindu_undivided_family: "Hindu Undivided Family",
  association_of_persons: "Society/ Club/ Trust/ AOP",
  trust: "Society/ Club/ Trust/ AOP",
  body_of_individuals: "Society/ Club/ Trust/ AOP",
  local_authority: "Local Authority",
  government: "Government Department",
  artificial_juridical_person: "Others",
};

function gstinVerify(input: TGstinVerifyInput): ProviderResult {
  const info = gstinInfo(input.gstin);
  const digits = input.gstin.slice(7, 11);
  if (digits === "9999") return { ...base, status: "failed", errorCode: "gstin_not_found", result: { gstin: input.gstin, gstin_status: "not_found" } };
  if (digits === "7777") throw timeout("GST Network");
  const status = digits === "6666" ? "Cancelled" : digits === "5555" ? "Suspended" : "Active";
  const legalName = input.name && digits !== "8888" ? input.name : "SANDBOX LEGAL NAME";
  const tradeName = "SANDBOX TRADE NAME";
  // the best score against the legal or the trade name, as the live provider scores it
  const nameScore = input.name ? Math.max(nameMatch(input.name, legalName).score, nameMatch(input.name, tradeName).score) : null;
  const answer = {
    gstin: input.gstin,
    gstin_status: status,
    legal_name: legalName,
    trade_name: tradeName,
    constitution: CONSTITUTION[panHolderType(info.pan) ?? ""] ?? "Others",
    taxpayer_type: "Regular",
    pan: info.pan,
    state_code: info.stateCode,
    state: info.state,
    registration_date: "2017-07-01",
    ...(status === "Cancelled" ? { cancellation_date: "2023-03-31" } : {}),
    ...(nameScore !== null ? { name_match: nameScore >= NAME_MATCH_THRESHOLD, name_match_score: nameScore } : {}),
  };
  const found = { ...base, score: nameScore, result: answer };
  if (status === "Cancelled") return { ...found, status: "failed", errorCode: "gstin_cancelled" };
  if (status === "Suspended") return { ...found, status: "failed", errorCode: "gstin_suspended" };
  if (answer.name_match === false) return { ...found, status: "failed", errorCode: "name_mismatch" };
  return { ...found, status: "passed", errorCode: null };
}

/** Sandbox company name suffix by CIN ownership class. */
function companyName(ownershipClass: CinOwnershipClass): string {
  if (ownershipClass === "OPC") return "SANDBOX (OPC) PRIVATE LIMITED";
  if (ownershipClass === "PTC" || ownershipClass === "FTC") return "SANDBOX PRIVATE LIMITED";
  if (ownershipClass === "NPL" || ownershipClass === "GAP" || ownershipClass === "GAT") return "SANDBOX FOUNDATION";
  if (ownershipClass === "ULL" || ownershipClass === "ULT") return "SANDBOX COMPANY";
  return "SANDBOX LIMITED";
}

/** The directors (designated partners) of every sandbox company (LLP) found: the KYB flow prefills its key people from them. */
const SANDBOX_DIRECTORS = [
  { din: "00000001", name: "ASHA VERMA" },
  { din: "00000002", name: "RAVI KUMAR" },
];

function cinVerify(input: TCinVerifyInput): ProviderResult {
  const id = input.cin ?? input.llpin ?? "";
  const digits = id.slice(-4);
  const identity = input.cin !== undefined ? { cin: input.cin, entity_type: "company" } : { llpin: input.llpin, entity_type: "llp" };
  if (digits === "9999") return { ...base, status: "failed", errorCode: "company_not_found", result: { ...identity, company_status: "not_found" } };
  if (digits === "7777") throw timeout("MCA21 registry");
  const cin = input.cin !== undefined ? cinInfo(input.cin) : null;
  const answer = {
    ...identity,
    company_name: cin ? companyName(cin.ownershipClass) : "SANDBOX LLP",
    company_status: digits === "6666" ? "Strike Off" : "Active",
    incorporation_date: `${cin?.incorporationYear ?? 2015}-01-01`,
    directors: SANDBOX_DIRECTORS.map((d) => ({ ...d, designation: cin ? "Director" : "Designated Partner" })),
    ...(cin ? { listed: cin.listed, ownership: cin.ownership, state_code: cin.stateCode, nic_code: cin.nicCode } : {}),
  };
  if (digits === "6666") return { ...base, status: "failed", errorCode: "company_struck_off", result: answer };
  return { ...base, status: "passed", errorCode: null, result: answer };
}

function udyamVerify(input: TUdyamVerifyInput): ProviderResult {
  const [, stateCode, districtCode] = input.udyam_number.split("-");
  const digits = input.udyam_number.slice(-4);
  if (digits === "9999")
    return { ...base, status: "failed", errorCode: "udyam_not_found", result: { udyam_number: input.udyam_number, registration_status: "not_found" } };
  if (digits === "7777") throw timeout("Udyam registry");
  const answer = {
    udyam_number: input.udyam_number,
    registration_status: digits === "6666" ? "Cancelled" : "Active",
    enterprise_name: "SANDBOX ENTERPRISE",
    enterprise_type: digits === "5555" ? "Small" : digits === "4444" ? "Medium" : "Micro",
    major_activity: "Services",
    state_code: stateCode,
    district_code: districtCode,
    registration_date: "2021-01-01",
  };
  if (digits === "6666") return { ...base, status: "failed", errorCode: "udyam_cancelled", result: answer };
  return { ...base, status: "passed", errorCode: null, result: answer };
}

async function bankAccountVerify(input: TBankAccountVerifyInput): Promise<ProviderResult> {
  const branch = await lookupIfsc(input.ifsc);
  const bank = { ifsc: input.ifsc, bank_code: branch.bank_code, bank_name: branch.bank_name };
  if (!branch.exists) return { ...base, status: "failed", errorCode: "ifsc_not_found", result: { ...bank, account_status: "unknown" } };
  const digits = input.account_number.slice(-4);
  if (digits === "9999") return { ...base, status: "failed", errorCode: "account_not_found", result: { ...bank, account_status: "not_found" } };
  if (digits === "7777") throw timeout("bank");
  if (digits === "6666") return { ...base, status: "failed", errorCode: "account_closed", result: { ...bank, account_status: "closed" } };
  const registered = digits === "8888" ? "SANDBOX ACCOUNT HOLDER" : input.name;
  const name = nameMatch(input.name, registered);
  const answer = {
    ...bank,
    account_status: "active",
    registered_name: registered,
    name_match: name.match,
    name_match_score: name.score,
    method: input.method ?? "penny_drop",
  };
  if (!answer.name_match) return { ...base, status: "failed", errorCode: "name_mismatch", score: name.score, result: answer };
  return { ...base, status: "passed", errorCode: null, score: name.score, result: answer };
}

// --- CKYC (issue 19 item 2) --------------------------------------------------------------------

/** The test-mode CKYC record's photo (public domain, server/providers/ckyc-sandbox/README.md). */
export const CKYC_SANDBOX_PHOTO_PATH = path.resolve(process.cwd(), "server/providers/ckyc-sandbox/sandbox-photo.jpg");
const CKYC_REFERENCE_PREFIX = "CKYCSBX-";
/** What every sandbox CKYC record holds besides its name and identifier. */
export const CKYC_SANDBOX_PERSON = {
  dob: "1990-01-01",
  gender: "M",
  pincode: "560001",
  mobile: "9876543210",
  address: { line1: "12 MG ROAD", line2: null, city: "BENGALURU", district: "BENGALURU URBAN", state: "KARNATAKA", pincode: "560001", country: "IN" },
  kyc_date: "2023-04-01",
} as const;

/** The sandbox record's name for an identifier: RAVI KUMAR for his PAN, like the PAN sandbox. */
const ckycName = (id: string) => (id === RAVI.pan ? RAVI.name : "SANDBOX CKYC PERSON");
const maskCkyc = (id: string) => `XXXXXXXXXX${id.replace(/\D/g, "").slice(-4).padStart(4, "0")}`;

function ckycSearch(input: TCkycSearchInput): ProviderResult {
  const digits = input.id_type === "pan" ? input.id_number.slice(5, 9) : input.id_number.slice(-4);
  if (digits === "9999") return { ...base, status: "failed", errorCode: "ckyc_record_not_found", result: { record_found: false } };
  if (digits === "7777") throw timeout("CKYC registry");
  const answer = {
    record_found: true,
    ckyc_number_masked: maskCkyc(input.id_number),
    ckyc_reference_id: `${CKYC_REFERENCE_PREFIX}${input.id_number}`,
    name: ckycName(input.id_number),
    kyc_date: CKYC_SANDBOX_PERSON.kyc_date,
    updated_date: CKYC_SANDBOX_PERSON.kyc_date,
  };
  return { ...base, status: "passed", errorCode: null, result: answer };
}

/** The test-mode one-time code of the CKYC download (`auth_factor: otp`); `CKYC_SANDBOX_EXPIRED_OTP` answers "expired". */
export const CKYC_SANDBOX_OTP = "123456";
export const CKYC_SANDBOX_EXPIRED_OTP = "000000";
/** How long a sandbox code is valid. */
const CKYC_SANDBOX_OTP_VALIDITY_MS = 10 * 60_000;

const ckycNotFound = (): ProviderResult => ({ ...base, status: "failed", errorCode: "ckyc_record_not_found", result: { record_found: false } });
const ckycAuthFailed = (input: TCkycDownloadInput): ProviderResult => ({
  ...base,
  status: "failed",
  errorCode: "ckyc_auth_failed",
  result: { record_found: true, auth_factor: input.auth_factor },
});

/**
 * The first phase of the OTP download (`auth_factor: otp`): "sends" the code when the reference is a
 * sandbox record's and the mobile number is the record's.
 * @throws AnsweredAtOnceError no such record, or the mobile number is not the record's.
 */
function ckycOtpBegin(input: TCkycDownloadInput, context: CheckContext): Record<string, unknown> {
  if (!input.ckyc_reference_id.startsWith(CKYC_REFERENCE_PREFIX)) throw new AnsweredAtOnceError(ckycNotFound());
  if (input.mobile?.slice(-10) !== CKYC_SANDBOX_PERSON.mobile) throw new AnsweredAtOnceError(ckycAuthFailed(input));
  return { record_found: true, ...ckycOtpSent(), request_id: `SBXOTP-${context.checkId ?? Date.now()}` };
}

/** Where the sandbox's code went and until when it is valid. */
function ckycOtpSent(): Record<string, unknown> {
  return { otp_sent_to: maskMobile(CKYC_SANDBOX_PERSON.mobile), otp_expires_at: new Date(Date.now() + CKYC_SANDBOX_OTP_VALIDITY_MS).toISOString() };
}

async function ckycDownload(input: TCkycDownloadInput, context?: CheckContext): Promise<ProviderResult> {
  if (!input.ckyc_reference_id.startsWith(CKYC_REFERENCE_PREFIX)) return ckycNotFound();
  const id = input.ckyc_reference_id.slice(CKYC_REFERENCE_PREFIX.length);
  const p = CKYC_SANDBOX_PERSON;
  if (input.auth_factor === "otp") {
    if (context?.otp === CKYC_SANDBOX_EXPIRED_OTP) return { ...base, status: "failed", errorCode: "otp_expired", result: { record_found: true } };
    if (context?.otp !== CKYC_SANDBOX_OTP) throw new AwaitingApplicantError("The sandbox's code is 123456.");
  }
  const authentic =
    input.auth_factor === "otp"
      ? true
      : input.auth_factor === "dob"
        ? input.dob === p.dob
        : input.auth_factor === "mobile"
          ? input.mobile?.slice(-10) === p.mobile
          : input.pincode === p.pincode && input.year_of_birth === p.dob.slice(0, 4);
  if (!authentic) return ckycAuthFailed(input);
  const pan = /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(id) ? id : null;
  const answer = {
    record_found: true,
    ckyc_number_masked: maskCkyc(id),
    ckyc_number: `3000000000${id.replace(/\D/g, "").slice(-4).padStart(4, "0")}`,
    name: ckycName(id),
    father_or_spouse_name: "SANDBOX FATHER",
    gender: p.gender,
    dob: p.dob,
    pan,
    address: p.address,
    mobile: p.mobile,
    email: null,
    kyc_date: p.kyc_date,
    identities: pan ? [{ type: "pan", number: pan, verified: true }] : [],
  };
  const photo = new Uint8Array(await readFile(CKYC_SANDBOX_PHOTO_PATH));
  return { ...base, status: "passed", errorCode: null, result: answer, evidence: [{ kind: "ckyc_photo", contentType: "image/jpeg", bytes: photo }] };
}

function ckycUpload(input: TCkycUploadInput): ProviderResult {
  const ckycNumber = input.ckyc_number ?? `300000000${(input.pan ?? "00000").slice(5, 9).padStart(5, "0")}`;
  return {
    ...base,
    status: "passed",
    errorCode: null,
    result: { upload_status: "accepted", ckyc_number: ckycNumber, reference: `SBXUPL-${input.session_id}` },
  };
}

/** The registry checks the sandbox answers, by country check key. */
const ANSWERS: Record<string, (input: never, context?: CheckContext) => ProviderResult | Promise<ProviderResult>> = {
  "in.pan.verify": panVerify,
  "in.pan.aadhaar_link": panAadhaarLink,
  "in.gstin.verify": gstinVerify,
  "in.cin.verify": cinVerify,
  "in.udyam.verify": udyamVerify,
  "in.bank_account.verify": bankAccountVerify,
  "in.ckyc.search": ckycSearch,
  "in.ckyc.download": ckycDownload,
  "in.ckyc.upload": ckycUpload,
};

/**
 * Answers the registry checks of the catalog in test mode. `verify` takes the parsed,
 * normalized and offline-valid input of the check (as stored on the Check).
 * @throws ProviderUnavailableError provider_timeout for the `7777` values;
 *   provider_not_configured for a check it does not answer.
 */
export const sandboxProvider: CheckProvider = {
  name: "sandbox",
  supports: (key) => Object.hasOwn(ANSWERS, key),
  async verify(key, input, context) {
    const answer = Object.hasOwn(ANSWERS, key) ? ANSWERS[key] : undefined;
    if (!answer) throw new ProviderUnavailableError("provider_not_configured", `The sandbox has no answers for '${key}'.`);
    return answer(input as never, context);
  },
  /** The CKYC download with an OTP: the code is always `CKYC_SANDBOX_OTP`. */
  async begin(key, input, context) {
    if (key !== "in.ckyc.download") throw new ProviderUnavailableError("provider_not_configured", `The sandbox has no two-phase '${key}'.`);
    return ckycOtpBegin(input as TCkycDownloadInput, context);
  },
  async resend(key) {
    if (key !== "in.ckyc.download") throw new ProviderUnavailableError("provider_not_configured", `The sandbox sends no code for '${key}'.`);
    return ckycOtpSent();
  },
};
