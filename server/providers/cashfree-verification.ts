/**
 * Live registry adapter for Cashfree's Verification Suite (Secure ID), the second vendor for the most
 * used checks (PAN, PAN–Aadhaar link, bank account), so a project can fail over between it and
 * Sandbox by Quicko (server/providers/registry.ts).
 *
 * Vendor documentation (the request and response shapes below follow it):
 * - Base URL `https://api.cashfree.com/verification` (production) or
 *   `https://sandbox.cashfree.com/verification` (vendor's test environment). Every call carries the
 *   headers `x-client-id`, `x-client-secret` and `x-api-version` (a date; the Aadhaar seeding status is
 *   only returned for versions after 2022-09-12). There is no token exchange.
 * - Verify PAN: https://www.cashfree.com/docs/api-reference/vrs/v2/pan/verify-pan-sync
 *   `POST /pan` with `{ pan, name }`; answers `{ pan, type, reference_id, name_provided,
 *   registered_name, valid, message, name_match_score, name_match_result, aadhaar_seeding_status:
 *   "Y" | "N" | "NA", aadhaar_seeding_status_desc, last_updated_at, name_pan_card, pan_status }`.
 * - Bank Account Verification Sync V2: https://www.cashfree.com/docs/api-reference/vrs/v2/bav-v2/bank-account-verification-sync-v2
 *   `POST /bank-account/sync` with `{ bank_account, ifsc, name, phone? }`; answers `{ reference_id,
 *   name_at_bank, bank_name, city, branch, micr, name_match_score, name_match_result, account_status:
 *   VALID | INVALID, account_status_code: ACCOUNT_IS_VALID | INVALID_ACCOUNT_FAIL | ACCOUNT_BLOCKED |
 *   INVALID_IFSC_FAIL | NRE_ACCOUNT_FAIL | ..., utr, ifsc_details }`; bank-side failures
 *   (`FAILED_AT_BANK`, `BENEFICIARY_BANK_OFFLINE`, `NPCI_UNAVAILABLE`, `SOURCE_BANK_DECLINED`,
 *   `IMPS_MODE_FAIL`) are outages.
 * - Reverse penny drop (`in.bank_account.reverse_penny_drop`, two phases, `begin` then `verify`):
 *   Create Reverse Penny Drop Request, https://www.cashfree.com/docs/api-reference/vrs/v2/reverse-penny-drop/create-reverse-penny-drop-request
 *   `POST /reverse-penny-drop` with `{ verification_id, name }` (verification_id: ours, at most 50
 *   characters of `A-Za-z0-9._-`; we send the check's id); answers `{ verification_id, ref_id,
 *   valid_upto, upi_link, gpay, bhim, paytm, phonepe, qr_code (PNG, base64), url? }`; the link is
 *   valid for 10 minutes. `valid_upto` comes as ISO 8601 (`2024-02-13T13:01:44.000Z`) or, in older
 *   examples, as `2023-11-08 09:32:52` without a zone, read as IST. Errors listed there: 400
 *   `verification_id_value_invalid`, 401 `authentication_failed`, 422 `insufficient_balance`, 500.
 *   Get Reverse Penny Drop Request Details, https://www.cashfree.com/docs/api-reference/vrs/v2/reverse-penny-drop/get-reverse-penny-drop-request-details
 *   `GET /remitter/status?verification_id=` answers `{ bank_account, ifsc, upi, name_at_bank,
 *   verification_id, ref_id, utr, status: CREATED | SUCCESS | FAILURE | EXPIRED, name_match_score,
 *   name_match_result, added_on, processed_on, penny_collected_on, reversal_status: PENDING |
 *   TRANSFER_INITIATED | TRANSFER_SUCCESS | FAILED, account_type }`; 400 "Please enter a valid
 *   verification_id" for a request Cashfree does not know (https://docs.cashfree.com/reference/get-details-rpd).
 *   Webhooks, https://www.cashfree.com/docs/api-reference/vrs/v2/reverse-penny-drop/webhooks-reverse-penny
 *   `{ signature, event_type: RPD_BANK_ACCOUNT_VERIFICATION_SUCCESS | _EXPIRED | _FAILURE,
 *   event_time, version, data: { the status fields } }`, signed as Secure ID webhooks are
 *   (https://www.cashfree.com/docs/api-reference/vrs/signature-verification): the values of `data`
 *   sorted by key and concatenated, HMAC-SHA256 with the client secret, base64 (`verifyCashfreeWebhook`).
 * - Errors (https://www.cashfree.com/docs/payouts/payouts/integrations/error-handling,
 *   https://www.cashfree.com/docs/api-reference/rate-limits): a JSON body `{ type, code, message }`;
 *   400/422 the input (`validation_error`), 401 authentication failure, 403 forbidden (IP not
 *   allow-listed, signature missing), 404, 429 throttled, 5xx.
 *
 * Mapping: a timeout throws `provider_timeout`; a network error, 5xx, 408 or 429 `provider_unavailable`
 * (the caller retries or fails over to the next provider); 401/403/404 `provider_not_configured`;
 * 400/422 a `failed` check with a `*_invalid` error code.
 *
 * Consent and purpose: Cashfree's PAN, bank and reverse penny drop APIs take neither; the check keeps
 * them (issue 19 item 5).
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { nameMatch, NAME_MATCH_THRESHOLD } from "../checks/name-match";
import { lookupIfsc } from "./offline-dataset";
import { ProviderUnavailableError, type CheckContext, type CheckProvider, type ProviderResult } from "./provider";
import { type PaymentReport, type PaymentRequest, REVERSE_PENNY_DROP_AMOUNT, reversePennyDropResult } from "./reverse-penny-drop";
import { vendorRequest, type VendorAnswer } from "./vendor-http";

/** Construction parameters of `createCashfreeVerificationProvider`. */
export interface CashfreeVerificationConfig {
  /** `https://api.cashfree.com/verification` or `https://sandbox.cashfree.com/verification`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Timeout of each HTTP request in milliseconds (default 8000). */
  timeoutMs?: number;
  /** `x-api-version` (default 2023-12-18, the version of the documented contract). */
  apiVersion?: string;
  /** Minimum `nameMatch` score for a name to match (default 0.8). */
  nameThreshold?: number;
}

export const CASHFREE_VERIFICATION_CHECKS = ["in.pan.verify", "in.pan.aadhaar_link", "in.bank_account.verify", "in.bank_account.reverse_penny_drop"] as const;

const DEFAULT_TIMEOUT_MS = 8_000;
/** `name` sent when the check has none (the PAN–Aadhaar link): the vendor's name match is then ignored. */
const NO_NAME = "NOT PROVIDED";

const ZPanInput = z.object({ pan: z.string().min(1), name: z.string().min(1).optional() });
const ZBankInput = z.object({
  account_number: z.string().min(1),
  ifsc: z.string().min(1),
  name: z.string().min(1),
  method: z.enum(["penny_drop", "penny_less"]).optional(),
});

/** Cashfree's PAN `type` -> our holder types (server/checks/pan.ts PAN_HOLDER_TYPES). */
const HOLDER_TYPES: Record<string, string> = {
  individual: "individual",
  company: "company",
  firm: "firm",
  huf: "hindu_undivided_family",
  "hindu undivided family": "hindu_undivided_family",
  trust: "trust",
  "association of persons": "association_of_persons",
  "body of individuals": "body_of_individuals",
  government: "government",
  "local authority": "local_authority",
  "artificial juridical person": "artificial_juridical_person",
};

/** `account_status_code` of an INVALID account -> our error code; codes not listed (bank or network failures) are outages. */
const ACCOUNT_FAILURES: Record<string, { errorCode: string; accountStatus: string }> = {
  INVALID_ACCOUNT_FAIL: { errorCode: "account_not_found", accountStatus: "not_found" },
  INVALID_BANK_ACCOUNT: { errorCode: "account_not_found", accountStatus: "not_found" },
  ACCOUNT_BLOCKED: { errorCode: "account_closed", accountStatus: "closed" },
  ACCOUNT_CLOSED: { errorCode: "account_closed", accountStatus: "closed" },
  ACCOUNT_FROZEN: { errorCode: "account_closed", accountStatus: "closed" },
  INVALID_IFSC_FAIL: { errorCode: "ifsc_not_found", accountStatus: "unknown" },
  INVALID_IFSC: { errorCode: "ifsc_not_found", accountStatus: "unknown" },
  NRE_ACCOUNT_FAIL: { errorCode: "account_nre", accountStatus: "active" },
  NRE_ACCOUNT: { errorCode: "account_nre", accountStatus: "active" },
};

const ZRpdInput = z.object({ name: z.string().min(1) });

/** `status` of a reverse penny drop request -> the payment's state. */
const RPD_STATUS: Record<string, PaymentReport["status"]> = { CREATED: "created", SUCCESS: "paid", FAILURE: "failed", EXPIRED: "expired" };
/** `reversal_status` -> the refund's state. */
const RPD_REFUND: Record<string, NonNullable<PaymentReport["refund"]>> = {
  PENDING: "pending",
  TRANSFER_INITIATED: "initiated",
  TRANSFER_SUCCESS: "refunded",
  FAILED: "failed",
};

/** `valid_upto` as ISO 8601; a time without a zone (`2023-11-08 09:32:52`) is IST. */
function cashfreeTime(v: string): string | null {
  const withZone = /[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v.replace(" ", "T")}+05:30`;
  const t = Date.parse(withZone);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" && v.trim().toUpperCase() !== "NA" ? v.trim() : null);
const reference = (body: Record<string, unknown>) => (body.reference_id === undefined || body.reference_id === null ? null : String(body.reference_id));

/**
 * Creates the Cashfree Verification Suite provider for `CASHFREE_VERIFICATION_CHECKS`.
 *
 * `verify("in.pan.verify", { pan, name? })` -> `result` `{ pan_status: active | inactive | not_found,
 * holder_type, registered_name?, name_match?, name_match_score?, aadhaar_linked, reference_id }`
 * (`registered_name` and the name match only when a name is given); error codes `pan_not_found`,
 * `pan_inactive`, `name_mismatch`, `pan_format_invalid` (400/422). Cashfree does not compare the
 * date of birth: no `dob_match`. `score`: `nameMatch` of the name against the registered name.
 *
 * `verify("in.pan.aadhaar_link", { pan })` -> `result` `{ pan_status, aadhaar_link_status: linked |
 * not_linked | unknown, reference_id }`; `passed` when linked, `failed` `pan_aadhaar_not_linked`,
 * `pan_not_found`, `pan_inactive`, or `needs_review` when the registry gives no seeding status.
 *
 * `verify("in.bank_account.verify", { account_number, ifsc, name })` -> `result` `{ ifsc, bank_code,
 * bank_name, account_status, registered_name, name_match, name_match_score, utr, reference_id }`;
 * error codes as Sandbox by Quicko's (`account_not_found`, `account_closed`, `account_nre`,
 * `ifsc_not_found`, `name_mismatch`, `account_number_invalid`). Penny drop only: `method: penny_less`
 * throws `provider_not_configured`.
 *
 * @throws ProviderUnavailableError provider_timeout / provider_unavailable / provider_not_configured (see the file comment).
 */
export function createCashfreeVerificationProvider(config: CashfreeVerificationConfig): CheckProvider {
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const threshold = config.nameThreshold ?? NAME_MATCH_THRESHOLD;
  const headers = { "x-client-id": config.clientId, "x-client-secret": config.clientSecret, "x-api-version": config.apiVersion ?? "2023-12-18" };

  /** POSTs `body`; 401/403 mean the credentials (or the allow-listed IP) are wrong. */
  async function post(path: string, body: unknown): Promise<VendorAnswer> {
    const res = await vendorRequest({ vendor: "Cashfree", baseUrl, method: "POST", path, headers, body, timeoutMs });
    if (res.status === 401 || res.status === 403) {
      const message = str(res.body?.message) ?? "no message";
      throw new ProviderUnavailableError("provider_not_configured", `Cashfree refused the client id and secret (${res.status}: ${message}).`);
    }
    return res;
  }

  /** 400/422: Cashfree refused the input; a failed check, not an outage. */
  function rejected(res: VendorAnswer, errorCode: string): ProviderResult {
    const result = { registry_message: str(res.body?.message), registry_code: str(res.body?.code), registry_http_status: res.status };
    return { status: "failed", errorCode, score: null, verifiedBy: null, result };
  }

  function answered(res: VendorAnswer, path: string): Record<string, unknown> {
    if (res.status !== 200 || !res.body)
      throw new ProviderUnavailableError("provider_unavailable", `Cashfree answered ${res.status} on ${path} without a body.`);
    return res.body;
  }

  /** One PAN lookup: the registry's view of the PAN, shared by the PAN and the PAN–Aadhaar link checks. */
  async function lookupPan(pan: string, name: string | undefined) {
    const path = "/pan";
    const res = await post(path, { pan: pan.toUpperCase(), name: name ?? NO_NAME });
    if (res.status === 400 || res.status === 422) return { rejected: rejected(res, "pan_format_invalid") };
    const body = answered(res, path);
    const panStatus = str(body.pan_status)?.toUpperCase();
    const found = body.valid === true;
    // `pan_status` VALID (PAN Lite: E, existing and valid) is an active PAN; anything else found is not
    const status = !found ? "not_found" : panStatus === "VALID" || panStatus === "E" || panStatus === undefined ? "active" : "inactive";
    const seeding = str(body.aadhaar_seeding_status)?.toUpperCase();
    return {
      rejected: null,
      body,
      status,
      aadhaarLinked: seeding === "Y" ? true : seeding === "N" ? false : null,
      referenceId: reference(body),
    };
  }

  async function verifyPan(raw: unknown): Promise<ProviderResult> {
    const input = ZPanInput.parse(raw);
    const pan = await lookupPan(input.pan, input.name);
    if (pan.rejected) return pan.rejected;
    if (pan.status === "not_found") {
      return {
        status: "failed",
        errorCode: "pan_not_found",
        score: null,
        verifiedBy: "source",
        result: { pan_status: "not_found", reference_id: pan.referenceId },
      };
    }
    const registered = input.name !== undefined ? (str(pan.body.registered_name) ?? str(pan.body.name_pan_card)) : null;
    const name = registered ? nameMatch(input.name!, registered, threshold) : null;
    const type = str(pan.body.type)?.toLowerCase();
    const result: Record<string, unknown> = {
      pan_status: pan.status,
      holder_type: type ? (HOLDER_TYPES[type] ?? type) : null,
      ...(input.name !== undefined ? { registered_name: registered, name_match: name?.match ?? false, name_match_score: name?.score ?? 0 } : {}),
      aadhaar_linked: pan.aadhaarLinked,
      reference_id: pan.referenceId,
    };
    const score = input.name === undefined ? null : (name?.score ?? 0);
    const base = { verifiedBy: "source" as const, score, result };
    if (pan.status === "inactive") return { ...base, status: "failed", errorCode: "pan_inactive" };
    if (input.name !== undefined && !name?.match) return { ...base, status: "failed", errorCode: "name_mismatch" };
    return { ...base, status: "passed", errorCode: null };
  }

  async function verifyAadhaarLink(raw: unknown): Promise<ProviderResult> {
    const input = ZPanInput.parse(raw);
    const pan = await lookupPan(input.pan, undefined);
    if (pan.rejected) return pan.rejected;
    const base = { score: null, verifiedBy: "source" as const };
    if (pan.status === "not_found")
      return { ...base, status: "failed", errorCode: "pan_not_found", result: { pan_status: "not_found", reference_id: pan.referenceId } };
    const linkStatus = pan.aadhaarLinked === true ? "linked" : pan.aadhaarLinked === false ? "not_linked" : "unknown";
    const result = {
      // an individual's PAN not linked with Aadhaar is inoperative (Income-tax Act s. 139AA)
      pan_status: pan.status === "inactive" ? "inactive" : linkStatus === "not_linked" ? "inoperative" : "active",
      aadhaar_link_status: linkStatus,
      reference_id: pan.referenceId,
    };
    if (pan.status === "inactive") return { ...base, status: "failed", errorCode: "pan_inactive", result };
    if (linkStatus === "not_linked") return { ...base, status: "failed", errorCode: "pan_aadhaar_not_linked", result };
    if (linkStatus === "unknown") return { ...base, status: "needs_review", errorCode: null, result };
    return { ...base, status: "passed", errorCode: null, result };
  }

  async function verifyBankAccount(raw: unknown): Promise<ProviderResult> {
    const input = ZBankInput.parse(raw);
    if (input.method === "penny_less") {
      throw new ProviderUnavailableError(
        "provider_not_configured",
        "Cashfree's documented bank account verification is a penny drop; penny-less goes to Sandbox by Quicko.",
      );
    }
    const ifsc = input.ifsc.toUpperCase();
    const path = "/bank-account/sync";
    const res = await post(path, { bank_account: input.account_number, ifsc, name: input.name });
    const branch = await lookupIfsc(ifsc);
    const bank = { ifsc, bank_code: branch.bank_code, bank_name: branch.bank_name };
    if (res.status === 400 || res.status === 422) {
      const what = `${str(res.body?.code) ?? ""} ${str(res.body?.message) ?? ""}`;
      return rejected(res, /ifsc/i.test(what) ? "ifsc_not_found" : "account_number_invalid");
    }
    const body = answered(res, path);
    const statusCode = str(body.account_status_code)?.toUpperCase() ?? "";
    const referenceId = reference(body);
    if (str(body.account_status)?.toUpperCase() !== "VALID") {
      const failure = ACCOUNT_FAILURES[statusCode];
      if (!failure) throw new ProviderUnavailableError("provider_unavailable", `The bank could not answer Cashfree (${statusCode || "no status code"}).`);
      const result = { ...bank, account_status: failure.accountStatus, registry_code: statusCode, reference_id: referenceId };
      return { status: "failed", errorCode: failure.errorCode, score: null, verifiedBy: "source", result };
    }
    const registered = str(body.name_at_bank);
    const name = registered ? nameMatch(input.name, registered, threshold) : null;
    const result = {
      ...bank,
      account_status: "active",
      registered_name: registered,
      name_match: name?.match ?? false,
      name_match_score: name?.score ?? 0,
      utr: str(body.utr),
      method: "penny_drop",
      reference_id: referenceId,
    };
    const base = { verifiedBy: "source" as const, score: name?.score ?? 0, result };
    if (!name?.match) return { ...base, status: "failed", errorCode: "name_mismatch" };
    return { ...base, status: "passed", errorCode: null };
  }

  /** Creates the reverse penny drop request of check `context.checkId` (its `verification_id`). */
  async function beginReversePennyDrop(raw: unknown, context: CheckContext): Promise<PaymentRequest> {
    const input = ZRpdInput.parse(raw);
    if (!context.checkId) throw new Error("A reverse penny drop needs the check's id (its verification_id).");
    const path = "/reverse-penny-drop";
    const res = await post(path, { verification_id: context.checkId, name: input.name });
    if (res.status === 422 || res.status === 400) {
      const what = `${str(res.body?.code) ?? res.status}: ${str(res.body?.message) ?? "no message"}`;
      throw new ProviderUnavailableError("provider_not_configured", `Cashfree refused the reverse penny drop request (${what}).`);
    }
    const body = answered(res, path);
    const link = str(body.upi_link);
    const validUpto = str(body.valid_upto);
    const expires = validUpto ? cashfreeTime(validUpto) : null;
    // the documented 200 answers `invalid_verification_id` / `verification_id_missing` carry no link
    if (!link || !expires) throw new ProviderUnavailableError("provider_unavailable", `Cashfree created no payment link (${str(body.code) ?? "no code"}).`);
    return {
      upi_link: link,
      valid_upto: expires,
      amount: REVERSE_PENNY_DROP_AMOUNT,
      currency: "INR",
      reference_id: reference({ reference_id: body.ref_id }),
      created_at: new Date().toISOString(),
      payment_status: "created",
    };
  }

  /** Reads the request's status; `AwaitingApplicantError` while it is CREATED and valid (reverse-penny-drop.ts). */
  async function verifyReversePennyDrop(raw: unknown, context: CheckContext | undefined): Promise<ProviderResult> {
    const input = ZRpdInput.parse(raw);
    const request = context?.request as PaymentRequest | null | undefined;
    const missing: ProviderResult = { status: "failed", errorCode: "payment_request_missing", score: null, verifiedBy: null, result: {} };
    if (!context?.checkId || !request?.valid_upto) return missing;
    const path = `/remitter/status?verification_id=${encodeURIComponent(context.checkId)}`;
    const res = await vendorRequest({ vendor: "Cashfree", baseUrl, method: "GET", path, headers, timeoutMs });
    if (res.status === 401 || res.status === 403) {
      throw new ProviderUnavailableError(
        "provider_not_configured",
        `Cashfree refused the client id and secret (${res.status}: ${str(res.body?.message) ?? "no message"}).`,
      );
    }
    if (res.status === 400) return missing;
    const body = answered(res, path);
    const status = RPD_STATUS[str(body.status)?.toUpperCase() ?? ""];
    if (!status)
      throw new ProviderUnavailableError("provider_unavailable", `Cashfree answered an unknown reverse penny drop status (${str(body.status) ?? "none"}).`);
    const collected = str(body.penny_collected_on);
    return reversePennyDropResult(
      input.name,
      request,
      {
        status,
        payerName: str(body.name_at_bank),
        accountNumber: str(body.bank_account),
        ifsc: str(body.ifsc),
        accountType: str(body.account_type)?.toLowerCase() ?? null,
        utr: str(body.utr),
        refund: RPD_REFUND[str(body.reversal_status)?.toUpperCase() ?? ""] ?? null,
        paidAt: collected ? cashfreeTime(collected) : null,
      },
      threshold,
    );
  }

  return {
    name: "cashfree",
    supports: (key) => (CASHFREE_VERIFICATION_CHECKS as readonly string[]).includes(key),
    async verify(key, input, context) {
      if (key === "in.pan.verify") return verifyPan(input);
      if (key === "in.pan.aadhaar_link") return verifyAadhaarLink(input);
      if (key === "in.bank_account.verify") return verifyBankAccount(input);
      if (key === "in.bank_account.reverse_penny_drop") return verifyReversePennyDrop(input, context);
      throw new ProviderUnavailableError("provider_not_configured", `Cashfree does not answer '${key}'.`);
    },
    async begin(key, input, context) {
      if (key === "in.bank_account.reverse_penny_drop") return { ...(await beginReversePennyDrop(input, context)) };
      throw new ProviderUnavailableError("provider_not_configured", `Cashfree has no two-phase '${key}'.`);
    },
  };
}

/** A reverse penny drop webhook whose signature verified: the event and the request's `verification_id` (our check id). */
export interface CashfreeRpdWebhook {
  eventType: string;
  verificationId: string;
}

/**
 * Verifies a Secure ID webhook (reverse penny drop) as Cashfree documents it (file comment): the
 * body's `signature` must equal base64(HMAC-SHA256(client secret, the values of `data` sorted by key,
 * concatenated; null as "")).
 * @returns the event, or null when the body is not JSON, has no `data` object or `verification_id`,
 *   or the signature is missing or wrong.
 */
export function verifyCashfreeWebhook(rawBody: string, clientSecret: string): CashfreeRpdWebhook | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { signature, event_type, data } = body as { signature?: unknown; event_type?: unknown; data?: unknown };
  if (typeof signature !== "string" || typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const expected = Buffer.from(cashfreeWebhookSignature(data as Record<string, unknown>, clientSecret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const verificationId = (data as Record<string, unknown>).verification_id;
  if (typeof verificationId !== "string" || !verificationId) return null;
  return { eventType: typeof event_type === "string" ? event_type : "", verificationId };
}

/** The Secure ID webhook signature of `data` (see `verifyCashfreeWebhook`); the loopback fixture signs with it too. */
export function cashfreeWebhookSignature(data: Record<string, unknown>, clientSecret: string): string {
  const postData = Object.keys(data)
    .sort()
    .map((k) => (data[k] === null || data[k] === undefined ? "" : String(data[k])))
    .join("");
  return createHmac("sha256", clientSecret).update(postData).digest("base64");
}
