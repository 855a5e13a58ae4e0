/**
 * Live registry adapter for Sandbox by Quicko (api.sandbox.co.in), a commercial gateway to the
 * Income Tax Department's PAN verification (Protean/NSDL), the GST Network's public taxpayer search,
 * the Ministry of Corporate Affairs' master data (MCA21) and IMPS bank account verification.
 *
 * Vendor documentation (the request and response shapes below follow it):
 * - Authenticate: https://developer.sandbox.co.in/api-reference/authenticate
 *   `POST /authenticate`, headers `x-api-key`, `x-api-secret`, `x-api-version`;
 *   answers `{ code: 200, data: { access_token }, timestamp, transaction_id }`. The JWT is valid
 *   for 24 hours and goes in the `authorization` header of later calls WITHOUT `Bearer`
 *   (https://developer.sandbox.co.in/guides/get-started/quickstart). Bad credentials: 403.
 * - Verify PAN: https://developer.sandbox.co.in/api-reference/kyc/pan/endpoints/verify_pan_details
 *   `POST /kyc/pan/verify` with `{ "@entity": "in.co.sandbox.kyc.pan_verification.request", pan,
 *   name_as_per_pan, date_of_birth: "DD/MM/YYYY", consent: "Y", reason }` (all required); answers `data` =
 *   `{ "@entity": "in.co.sandbox.kyc.pan_verification.response", pan, category, status: "valid" |
 *   "invalid", remarks: null | "Deleted" | "Marked as Deactivated" | "Holder is Deceased" | ...,
 *   name_as_per_pan_match, date_of_birth_match, aadhaar_seeding_status: "y" | "n" | "na" }`;
 *   422 for an invalid PAN pattern or missing consent.
 * - Search GSTIN: https://developer.sandbox.co.in/api-reference/gst/compliance/endpoints/public/search_gstin
 *   `POST /gst/compliance/public/gstin/search` with `{ gstin }`; answers `data.data` = the GSTN
 *   taxpayer record (`lgnm` legal name, `tradeNam`, `sts` Active / Cancelled / Suspended / Inactive,
 *   `ctb` constitution, `dty` taxpayer type, `rgdt` / `cxdt` DD/MM/YYYY, `pradr.addr`), or the GSTN
 *   error `FO8000` "No records found" (`data.error.error_cd`, or `data.error_cd` / `data.message`).
 * - Company / LLP master data: https://developer.sandbox.co.in/api-reference/kyc/mca/company_master_data
 *   `POST /mca/company/master-data/search` with `{ "@entity": "in.co.sandbox.kyc.mca.master_data.request",
 *   id (CIN or LLPIN), consent: "y", reason }`; answers `data` = `{ "@entity": "in.co.sandbox.kyc.mca.company",
 *   company_master_data: { cin, company_name, "company_status(for_efiling)", date_of_incorporation
 *   (DD/MM/YYYY), whether_listed_or_not, class_of_company, registered_address, ... },
 *   "directors/signatory_details": [{ "din/pan", name, designation?, begin_date, end_date }] }` or, for an
 *   LLPIN, `"@entity": "in.co.sandbox.kyc.mca.llp"` with `llp_master_data: { llpin, llp_name, llp_status,
 *   date_of_incorporation, ... }`; 422 with a message for an id the MCA does not know ("No record found").
 * - Bank account verification (penny drop): https://developer.sandbox.co.in/api-reference/kyc/bank/endpoints/penny_drop
 *   `GET /bank/{ifsc}/accounts/{account_number}/verify?name=&mobile=`; answers `data` = `{ "@entity":
 *   "@in.co.sandbox.bank.account.penny_drop_verification_response", message, account_exists,
 *   name_at_bank, utr, amount_deposited }` with HTTP 200 also when the account or IFSC is invalid
 *   (`account_exists: false`, message e.g. "Invalid account number or IFSC provided", "Account is
 *   blocked", "IFSC is invalid", "Beneficiary bank offline", "NPCI Unavailable"); 422 for a malformed
 *   IFSC or account number; 500 "Failed at bank" / "Transaction Failed".
 * - Bank account verification (penny-less): https://developer.sandbox.co.in/api-reference/kyc/bank/endpoints/penny_less
 *   `GET /bank/{ifsc}/accounts/{account_number}/penniless-verify` (a list of supported banks); the same
 *   `data` fields (`account_exists`, `name_at_bank`, `message`) without a transfer.
 * - Not covered: Sandbox's PAN–Aadhaar link status (`POST /kyc/pan-aadhaar/status`) needs the Aadhaar
 *   number, which `in.pan.aadhaar_link` never takes; Cashfree answers it from the PAN alone
 *   (server/providers/cashfree-verification.ts).
 *
 * Errors: a timeout (AbortSignal.timeout, `timeoutMs`, default 8 s per request) throws
 * `ProviderUnavailableError("provider_timeout")`; a network error, 5xx, 408/429 or an unreadable
 * answer throws `provider_unavailable`; rejected credentials (after one refresh) or a 404 (wrong
 * base URL) throw `provider_not_configured`. The caller (server/checks/run-check.ts) retries the
 * first two; this adapter only retries the idempotent authentication itself. 400/422 (the vendor
 * refused the input) become a `failed` check with a `*_invalid` error code.
 */
import "server-only";
import { z } from "zod";
import { nameMatch, NAME_MATCH_THRESHOLD, normalizeName } from "../checks/name-match";
import { lookupIfsc } from "./offline-dataset";
import { companyStatusError, gstinStatusError, isoDate } from "./registry-answers";
import { isObject, vendorRequest, type VendorAnswer } from "./vendor-http";
import { ProviderUnavailableError, type CheckContext, type CheckProvider, type ProviderResult } from "./provider";

/** Construction parameters of `createQuickoSandboxProvider`. */
export interface QuickoSandboxConfig {
  /** `https://api.sandbox.co.in` (production) or `https://test-api.sandbox.co.in` (vendor's test environment). */
  baseUrl: string;
  /** `key_live_...` / `key_test_...` */
  apiKey: string;
  /** `secret_live_...` / `secret_test_...`; sent only to /authenticate. */
  apiSecret: string;
  /** Timeout of each HTTP request in milliseconds (default 8000). */
  timeoutMs?: number;
  /** Minimum `nameMatch` score for a name to match (default 0.8). */
  nameThreshold?: number;
  /** `reason` sent with PAN verification when the check records no purpose (the vendor requires one). */
  reason?: string;
  /** `x-api-version` header (default "1.0"). */
  apiVersion?: string;
  /** Extra attempts of the authentication request on timeout / 5xx / network error (default 1). */
  authRetries?: number;
}

export const QUICKO_SANDBOX_CHECKS = ["in.pan.verify", "in.gstin.verify", "in.cin.verify", "in.bank_account.verify"] as const;

const DEFAULT_TIMEOUT_MS = 8_000;
/** Documented token validity. */
const TOKEN_TTL_MS = 24 * 3600 * 1000;
/** Renew this long before the token expires (at most a tenth of its lifetime), so a token never dies in flight. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;
const DEFAULT_REASON = "KYC verification of a customer with consent";

const ZPanInput = z.object({ pan: z.string().min(1), name: z.string().min(1).optional(), dob: z.string().optional() });
/**
 * `name_as_per_pan` when the check has no name: the vendor requires the field, and its answer's
 * name flag is then ignored (decisions.md 2026-11-24: without a name, existence and status only).
 */
const NO_NAME = "NOT PROVIDED";
/** `in.gstin.verify` input as this adapter reads it; `name` (legal or trade name, optional) is compared with the registry's. */
const ZGstinInput = z.object({ gstin: z.string().min(1), name: z.string().optional() });
const ZCinInput = z.object({ cin: z.string().min(1).optional(), llpin: z.string().min(1).optional() });
const ZBankInput = z.object({
  account_number: z.string().min(1),
  ifsc: z.string().min(1),
  name: z.string().min(1),
  method: z.enum(["penny_drop", "penny_less"]).optional(),
});

/** Penny-drop messages (HTTP 200, `account_exists: false`) that say the bank or the network could not answer: an outage, not an answer. */
const BANK_OUTAGE = /offline|unavailable|declined|imps mode fail|failed at (beneficiary )?bank|timed? ?out|not supported/i;

/** Sandbox's PAN categories -> our holder types (server/checks/pan.ts PAN_HOLDER_TYPES). */
const HOLDER_TYPES: Record<string, string> = {
  individual: "individual",
  company: "company",
  huf: "hindu_undivided_family",
  firm: "firm",
  association_of_persons: "association_of_persons",
  trust: "trust",
  body_of_individuals: "body_of_individuals",
  local_authority: "local_authority",
  artificial_judicial_person: "artificial_juridical_person",
  government: "government",
};

type HttpAnswer = VendorAnswer;

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" && v.trim().toUpperCase() !== "NA" ? v.trim() : null);

/** `YYYY-MM-DD` -> `DD/MM/YYYY` as the PAN API wants it. */
function panDate(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
}

/** Expiry (ms since epoch) of a JWT from its `exp` claim, or null when it has none. */
function jwtExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as unknown;
    return isObject(payload) && typeof payload.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The vendor's error message, if its body has one. */
function vendorMessage(body: Record<string, unknown> | null): string | null {
  if (!body) return null;
  if (typeof body.message === "string") return body.message;
  if (isObject(body.data) && typeof body.data.message === "string") return body.data.message;
  return null;
}

/**
 * Creates the Sandbox by Quicko provider for `QUICKO_SANDBOX_CHECKS`.
 * One instance holds one access token (fetched on first use, shared by concurrent calls,
 * reused until shortly before it expires, refreshed once when a call gets 401/403).
 *
 * `verify("in.pan.verify", { pan, name?, dob? })` -> `result` `{ pan_status: active | inactive |
 * not_found, holder_type, name_match, name_match_source, dob_match?, aadhaar_linked, pan_remarks,
 * registered_name?, transaction_id }`; error codes `pan_not_found`, `pan_inactive`,
 * `name_mismatch`, `dob_mismatch`, `dob_required` (the vendor needs a date of birth),
 * `pan_format_invalid` / `dob_format_invalid` / `name_invalid` (422). `score`: the name score
 * (`nameMatch` when the vendor returns the registered name, else 1 / 0 from its own match flag).
 * Without `name`: no `name_match`, `name_match_source` or `registered_name`, `score` null.
 *
 * `verify("in.gstin.verify", { gstin, name? })` -> `result` `{ gstin, gstin_status (GSTN's
 * `sts`: Active, Cancelled, Suspended, ... or not_found), legal_name, trade_name, constitution,
 * taxpayer_type, pan, state_code, state, registration_date, cancellation_date?, pincode, address,
 * name_match?, transaction_id }` (the test-mode sandbox's field names); error codes
 * `gstin_not_found`, `gstin_cancelled`, `gstin_suspended`, `gstin_inactive`, `name_mismatch`,
 * `gstin_format_invalid` (422). `score`: the best `nameMatch` score of the name against the legal
 * and the trade name, null when no name is given.
 *
 * `verify("in.cin.verify", { cin } | { llpin })` -> `result` `{ cin | llpin, entity_type, company_name,
 * company_status (MCA's, e.g. Active, Strike Off, Under Liquidation, or not_found), incorporation_date,
 * directors: [{ din, name, designation }] (current ones), listed?, registered_address, transaction_id }`;
 * error codes `company_not_found`, `company_struck_off`, `company_inactive` (any other status than
 * Active), `cin_format_invalid` / `llpin_format_invalid` (422).
 *
 * `verify("in.bank_account.verify", { account_number, ifsc, name, method? })` (penny drop, or penny-less
 * with `method: penny_less`) -> `result` `{ ifsc, bank_code, bank_name (offline RBI list), account_status:
 * active | closed | not_found, registered_name, name_match, name_match_score, utr, method, transaction_id }`; error codes
 * `account_not_found`, `account_closed` (blocked / frozen), `account_nre`, `ifsc_not_found`,
 * `name_mismatch`, `account_number_invalid` (422). `score`: `nameMatch` of the name against the name at
 * the bank. A bank or network failure (beneficiary bank offline, NPCI unavailable) is an outage.
 *
 * @throws ProviderUnavailableError provider_timeout / provider_unavailable / provider_not_configured (see the file comment).
 */
export function createQuickoSandboxProvider(config: QuickoSandboxConfig): CheckProvider {
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const threshold = config.nameThreshold ?? NAME_MATCH_THRESHOLD;
  const apiVersion = config.apiVersion ?? "1.0";
  const authRetries = config.authRetries ?? 1;
  let token: { value: string; expiresAt: number } | null = null;
  let pendingAuth: Promise<string> | null = null;
  /** The vendor's `reason`: the purpose the check records (issue 19 item 5), else the configured one. */
  const reasonOf = (context?: CheckContext) => context?.purpose ?? config.reason ?? DEFAULT_REASON;

  /** One HTTP exchange with the vendor (server/providers/vendor-http.ts). */
  const send = (method: "GET" | "POST", path: string, headers: Record<string, string>, body?: unknown): Promise<HttpAnswer> =>
    vendorRequest({ vendor: "Sandbox", baseUrl, method, path, headers: { "x-api-version": apiVersion, ...headers }, body, timeoutMs });

  async function authenticate(): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await send("POST", "/authenticate", { "x-api-key": config.apiKey, "x-api-secret": config.apiSecret });
        if (res.status === 401 || res.status === 403) {
          throw new ProviderUnavailableError("provider_not_configured", `Sandbox rejected the API key and secret (${res.status}).`);
        }
        const data = isObject(res.body?.data) ? res.body.data : res.body;
        const value = res.status === 200 ? str(data?.access_token) : null;
        if (!value) throw new ProviderUnavailableError("provider_unavailable", `Sandbox /authenticate answered ${res.status} without an access token.`);
        const now = Date.now();
        const lifetime = Math.min(jwtExpiry(value) ?? Infinity, now + TOKEN_TTL_MS) - now;
        token = { value, expiresAt: now + lifetime - Math.min(TOKEN_MARGIN_MS, lifetime / 10) };
        return value;
      } catch (err) {
        const retryable = err instanceof ProviderUnavailableError && err.errorCode !== "provider_not_configured";
        if (!retryable || attempt >= authRetries) throw err;
      }
    }
  }

  /** The cached token, or a new one (one /authenticate call however many requests wait for it). */
  function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return Promise.resolve(token.value);
    pendingAuth ??= authenticate().finally(() => {
      pendingAuth = null;
    });
    return pendingAuth;
  }

  /** Calls an API with the token; on 401/403 drops the token, authenticates again and retries once. */
  async function call(path: string, body: unknown, method: "GET" | "POST" = "POST"): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const used = await accessToken();
      const res = await send(method, path, { authorization: used, "x-api-key": config.apiKey }, body);
      if (res.status !== 401 && res.status !== 403) return res;
      if (token?.value === used) token = null;
      if (attempt >= 1) throw new ProviderUnavailableError("provider_not_configured", `Sandbox refused ${path} with a fresh token (${res.status}).`);
    }
  }

  /** The `data` of a 200 answer; other statuses than 400/422 were thrown by `send`. */
  function dataOf(res: HttpAnswer, path: string): Record<string, unknown> {
    const data = res.body?.data;
    if (res.status !== 200 || !isObject(data))
      throw new ProviderUnavailableError("provider_unavailable", `Sandbox answered ${res.status} on ${path} without data.`);
    return data;
  }

  /** 400/422: the vendor refused the input; a failed check, not an outage. */
  function rejected(res: HttpAnswer, errorCode: string): ProviderResult {
    return {
      status: "failed",
      errorCode,
      score: null,
      verifiedBy: null,
      result: { registry_message: vendorMessage(res.body), registry_http_status: res.status },
    };
  }

  async function verifyPan(raw: unknown, context?: CheckContext): Promise<ProviderResult> {
    const input = ZPanInput.parse(raw);
    if (!input.dob) {
      const result = { registry_message: "The PAN registry needs the date of birth or incorporation." };
      return { status: "failed", errorCode: "dob_required", score: null, verifiedBy: null, result };
    }
    const dateOfBirth = panDate(input.dob);
    if (!dateOfBirth) return { status: "failed", errorCode: "dob_format_invalid", score: null, verifiedBy: null, result: {} };
    const path = "/kyc/pan/verify";
    const res = await call(path, {
      "@entity": "in.co.sandbox.kyc.pan_verification.request",
      pan: input.pan.toUpperCase(),
      // the registry compares strictly: send the name without honorifics, punctuation or a relation clause
      name_as_per_pan: input.name === undefined ? NO_NAME : normalizeName(input.name).join(" ") || input.name,
      date_of_birth: dateOfBirth,
      consent: "Y",
      reason: reasonOf(context),
    });
    if (res.status === 400 || res.status === 422) {
      const msg = vendorMessage(res.body) ?? "";
      return rejected(res, /birth|date|dob/i.test(msg) ? "dob_format_invalid" : /name/i.test(msg) ? "name_invalid" : "pan_format_invalid");
    }
    if (res.status !== 200) throw new ProviderUnavailableError("provider_unavailable", `Sandbox answered ${res.status} on ${path}.`);
    const data = dataOf(res, path);
    const remarks = str(data.remarks);
    const valid = str(data.status)?.toLowerCase() === "valid";
    const panStatus = !valid && (!remarks || /invalid/i.test(remarks)) ? "not_found" : remarks ? "inactive" : "active";
    const named = input.name !== undefined;
    const registeredName = named ? str(data.full_name) : null;
    const byUs = registeredName ? nameMatch(input.name!, registeredName, threshold) : null;
    const nameOk = byUs ? byUs.match : data.name_as_per_pan_match === true;
    const seeding = str(data.aadhaar_seeding_status)?.toLowerCase();
    const category = str(data.category)?.toLowerCase();
    const result: Record<string, unknown> = {
      pan_status: panStatus,
      holder_type: category ? (HOLDER_TYPES[category] ?? category) : null,
      ...(registeredName ? { registered_name: registeredName } : {}),
      ...(named ? { name_match: nameOk, name_match_source: byUs ? "name_match" : "registry" } : {}),
      ...(typeof data.date_of_birth_match === "boolean" ? { dob_match: data.date_of_birth_match } : {}),
      aadhaar_linked: seeding === "y" ? true : seeding === "n" ? false : null,
      pan_remarks: remarks,
      transaction_id: str(res.body?.transaction_id),
    };
    const base = { verifiedBy: "source" as const, result };
    if (panStatus === "not_found") {
      return { ...base, status: "failed", errorCode: "pan_not_found", score: null, result: { pan_status: "not_found", transaction_id: result.transaction_id } };
    }
    const score = !named ? null : byUs ? byUs.score : nameOk ? 1 : 0;
    if (panStatus === "inactive") return { ...base, status: "failed", errorCode: "pan_inactive", score };
    if (named && !nameOk) return { ...base, status: "failed", errorCode: "name_mismatch", score };
    if (result.dob_match === false) return { ...base, status: "failed", errorCode: "dob_mismatch", score };
    return { ...base, status: "passed", errorCode: null, score };
  }

  async function verifyGstin(raw: unknown): Promise<ProviderResult> {
    const input = ZGstinInput.parse(raw);
    const gstin = input.gstin.replace(/\s+/g, "").toUpperCase();
    const path = "/gst/compliance/public/gstin/search";
    const res = await call(path, { gstin });
    if (res.status === 400 || res.status === 422) return rejected(res, "gstin_format_invalid");
    if (res.status !== 200) throw new ProviderUnavailableError("provider_unavailable", `Sandbox answered ${res.status} on ${path}.`);
    const outer = dataOf(res, path);
    const transactionId = str(res.body?.transaction_id);
    const error = isObject(outer.error) ? outer.error : null;
    const errorCd = str(error?.error_cd) ?? str(outer.error_cd) ?? str(outer.error_code);
    const record = isObject(outer.data) ? outer.data : null;
    const message = str(error?.message) ?? str(outer.message);
    if (!record || errorCd || outer.status_cd === "0") {
      const notFound = errorCd === "FO8000" || errorCd === "NOGSTIN" || (!errorCd && (outer.status_cd === "0" || /no record/i.test(message ?? "")));
      if (!notFound) throw new ProviderUnavailableError("provider_unavailable", `GSTN answered ${errorCd ?? "no record"}: ${message ?? "no message"}.`);
      return {
        status: "failed",
        errorCode: "gstin_not_found",
        score: null,
        verifiedBy: "source",
        result: { gstin, gstin_status: "not_found", transaction_id: transactionId },
      };
    }
    const registration = str(record.sts);
    const errorCode = gstinStatusError(registration);
    const legalName = str(record.lgnm);
    const tradeName = str(record.tradeNam);
    const addr = isObject(record.pradr) && isObject(record.pradr.addr) ? record.pradr.addr : {};
    const addressParts = ["bnm", "bno", "flno", "st", "loc", "locality", "dst", "stcd", "pncd"].map((k) => str(addr[k])).filter(Boolean);
    let score: number | null = null;
    if (input.name) {
      const candidates = [legalName, tradeName].filter((n): n is string => !!n);
      score = candidates.reduce((best, n) => Math.max(best, nameMatch(input.name!, n, threshold).score), 0);
    }
    const nameOk = score === null ? null : score >= threshold;
    const number = str(record.gstin) ?? gstin;
    const cancelled = isoDate(record.cxdt);
    // same field names as the test-mode sandbox's answer (server/providers/sandbox.ts)
    const result: Record<string, unknown> = {
      gstin: number,
      gstin_status: registration ?? "unknown",
      legal_name: legalName,
      trade_name: tradeName,
      constitution: str(record.ctb),
      taxpayer_type: str(record.dty),
      pan: number.slice(2, 12),
      state_code: number.slice(0, 2),
      state: str(addr.stcd),
      registration_date: isoDate(record.rgdt),
      ...(cancelled ? { cancellation_date: cancelled } : {}),
      pincode: str(addr.pncd),
      address: addressParts.length ? addressParts.join(", ") : null,
      ...(nameOk === null ? {} : { name_match: nameOk }),
      transaction_id: transactionId,
    };
    const base = { verifiedBy: "source" as const, score, result };
    if (errorCode) return { ...base, status: "failed", errorCode };
    if (nameOk === false) return { ...base, status: "failed", errorCode: "name_mismatch" };
    return { ...base, status: "passed", errorCode: null };
  }

  async function verifyCin(raw: unknown, context?: CheckContext): Promise<ProviderResult> {
    const input = ZCinInput.parse(raw);
    const id = (input.cin ?? input.llpin ?? "").toUpperCase();
    const identity = input.cin !== undefined ? { cin: id, entity_type: "company" } : { llpin: id, entity_type: "llp" };
    const path = "/mca/company/master-data/search";
    const res = await call(path, { "@entity": "in.co.sandbox.kyc.mca.master_data.request", id, consent: "Y", reason: reasonOf(context) });
    if (res.status === 400 || res.status === 422) {
      const message = vendorMessage(res.body) ?? "";
      if (!/no record|not found|does not match/i.test(message)) return rejected(res, input.cin !== undefined ? "cin_format_invalid" : "llpin_format_invalid");
      const result = { ...identity, company_status: "not_found", transaction_id: str(res.body?.transaction_id) };
      return { status: "failed", errorCode: "company_not_found", score: null, verifiedBy: "source", result };
    }
    if (res.status !== 200) throw new ProviderUnavailableError("provider_unavailable", `Sandbox answered ${res.status} on ${path}.`);
    const data = dataOf(res, path);
    const master = isObject(data.company_master_data) ? data.company_master_data : isObject(data.llp_master_data) ? data.llp_master_data : null;
    if (!master) throw new ProviderUnavailableError("provider_unavailable", `Sandbox answered ${path} without master data.`);
    const status = str(master["company_status(for_efiling)"]) ?? str(master.llp_status);
    const people = Array.isArray(data["directors/signatory_details"]) ? data["directors/signatory_details"] : [];
    const directors = people.filter(isObject).flatMap((d) => {
      const din = str(d["din/pan"]);
      const name = str(d.name);
      const ended = str(d.end_date);
      // current directors only: MCA writes "-" (or nothing) as the end date of a current one
      if (!din || !name || (ended && ended !== "-")) return [];
      return [{ din, name, designation: str(d.designation) ?? (input.cin !== undefined ? "Director" : "Designated Partner") }];
    });
    const listed = str(master.whether_listed_or_not);
    // same field names as the test-mode sandbox's answer (server/providers/sandbox.ts)
    const result: Record<string, unknown> = {
      ...identity,
      company_name: str(master.company_name) ?? str(master.llp_name),
      company_status: status ?? "unknown",
      incorporation_date: isoDate(master.date_of_incorporation),
      directors,
      ...(listed ? { listed: /^listed/i.test(listed) } : {}),
      registered_address: str(master.registered_address),
      transaction_id: str(res.body?.transaction_id),
    };
    const base = { verifiedBy: "source" as const, score: null, result };
    const errorCode = companyStatusError(status);
    return errorCode ? { ...base, status: "failed", errorCode } : { ...base, status: "passed", errorCode: null };
  }

  async function verifyBankAccount(raw: unknown): Promise<ProviderResult> {
    const input = ZBankInput.parse(raw);
    const ifsc = input.ifsc.toUpperCase();
    const branch = await lookupIfsc(ifsc);
    const bank = { ifsc, bank_code: branch.bank_code, bank_name: branch.bank_name };
    const method = input.method ?? "penny_drop";
    const account = `/bank/${encodeURIComponent(ifsc)}/accounts/${encodeURIComponent(input.account_number)}`;
    const path = method === "penny_less" ? `${account}/penniless-verify` : `${account}/verify?${new URLSearchParams({ name: input.name.slice(0, 100) })}`;
    const res = await call(path, undefined, "GET");
    if (res.status === 400 || res.status === 422) {
      return rejected(res, /ifsc/i.test(vendorMessage(res.body) ?? "") ? "ifsc_not_found" : "account_number_invalid");
    }
    if (res.status !== 200) throw new ProviderUnavailableError("provider_unavailable", `Sandbox answered ${res.status} on the penny drop.`);
    const data = dataOf(res, path);
    const message = str(data.message) ?? "";
    const transactionId = str(res.body?.transaction_id);
    if (data.account_exists !== true) {
      if (BANK_OUTAGE.test(message)) throw new ProviderUnavailableError("provider_unavailable", `The penny drop did not reach the bank: ${message}.`);
      const closed = /blocked|frozen|closed|dormant/i.test(message);
      const errorCode = closed
        ? "account_closed"
        : /nre/i.test(message)
          ? "account_nre"
          : /ifsc is invalid|invalid ifsc/i.test(message)
            ? "ifsc_not_found"
            : "account_not_found";
      const result = { ...bank, account_status: closed ? "closed" : "not_found", registry_message: message, transaction_id: transactionId };
      return { status: "failed", errorCode, score: null, verifiedBy: "source", result };
    }
    const registered = str(data.name_at_bank);
    const name = registered ? nameMatch(input.name, registered, threshold) : null;
    const result: Record<string, unknown> = {
      ...bank,
      account_status: "active",
      registered_name: registered,
      name_match: name?.match ?? false,
      name_match_score: name?.score ?? 0,
      utr: str(data.utr),
      method,
      transaction_id: transactionId,
    };
    const base = { verifiedBy: "source" as const, score: name?.score ?? 0, result };
    if (!name?.match) return { ...base, status: "failed", errorCode: "name_mismatch" };
    return { ...base, status: "passed", errorCode: null };
  }

  return {
    name: "quicko_sandbox",
    supports: (key) => (QUICKO_SANDBOX_CHECKS as readonly string[]).includes(key),
    async verify(key, input, context) {
      if (key === "in.pan.verify") return verifyPan(input, context);
      if (key === "in.gstin.verify") return verifyGstin(input);
      if (key === "in.cin.verify") return verifyCin(input, context);
      if (key === "in.bank_account.verify") return verifyBankAccount(input);
      throw new ProviderUnavailableError("provider_not_configured", `Sandbox by Quicko does not answer '${key}'.`);
    },
  };
}
