/**
 * Live adapter for Surepass's CKYC API (a CKYC vendor over CKYCR): `in.ckyc.search` and the CKYC
 * 1.3 download of an individual's record with a one-time code the registry sends to the mobile
 * number on the record (`in.ckyc.download`, `auth_factor: otp`, two phases: `begin`, then `verify`
 * with the applicant's code, or `resend`).
 *
 * Vendor documentation (the request and response shapes below follow it; "CKYC v3" realtime flow):
 * https://e338ebdbb06e0ec4ec7d11b7a53702dc.apidog.io/api-flow-realtime-6709198f0 (the flow),
 * .../ckyc-individual-search-31551784e0, .../ckyc-individual-download-initiate-31532410e0 and
 * .../ckyc-individual-download-31551038e0 (Surepass's API reference, published on apidog).
 * - Base URL `https://kyc-api.surepass.app` (production) or `https://sandbox.surepass.app`; every call
 *   carries `Authorization: Bearer <JWT>` and `Content-Type: application/json`. Every answer is the
 *   envelope `{ data, status_code, success, message, message_code }`.
 * - Search: `POST /api/v1/ckyc/v3/search/individual` `{ id_type, id_number }` (`id_type` pan, passport,
 *   voter_id, driving_license, ckyc_number, ...); answers `data: { client_id, records: [...],
 *   record_count }`, each record carrying the `ckyc_identifier` the download takes (the CKYC reference
 *   id when CERSAI returns one, else the CKYC number; the flow page names it `records.record.ckyc_identifier`,
 *   the download page `records[].ckyc_identifier`: both are read). No match: no records.
 * - Download initiate: `POST /api/v1/ckyc/v3/download/individual/initiate` `{ ckyc_identifier,
 *   mobile_number }` (both required; the 10-digit mobile number registered with the record, which the
 *   registry sends the code to); answers `data: { client_id, request_id, status: otp_sent | otp_resent
 *   | downloaded, ckyc_download_data? }`.
 * - Download: `POST /api/v1/ckyc/v3/download/individual` `{ request_id, otp }` (a 6-digit code) or
 *   `{ request_id, resend: true }`, never both; answers `data: { client_id, request_id, status:
 *   otp_resent | downloaded, ckyc_download_data }`. The record (`ckyc_download_data`, as in Surepass's
 *   other CKYC download pages): `personal_details` (`ckyc_no`, `full_name`, `first_name`, `last_name`,
 *   `father_full_name`, `gender` MALE/FEMALE, `dob`, `pan`, `perm_line1`..`perm_line3`, `perm_city`,
 *   `perm_dist`, `perm_state`, `perm_pin`, `mob_num`, `email`, `kyc_date`), `identity_details`
 *   (`ident_type`, `ident_num`, `idver_status`), `image_details` (`image_type`, `image_code`,
 *   `image_data` base64; code 02 the photograph), possibly under `personal_identifiable_data`.
 * - Errors: the envelope with `success: false`, a `message` and a `message_code`; HTTP 401 (token),
 *   403, 422 (validation and registry answers: e.g. `mobile_number_not_matched`,
 *   `mobile_does_not_exist_ckyc`, `mobile_not_registered` on the older OTP page), 429, 5xx. The pages
 *   do not list the codes of a wrong, expired or exhausted OTP or of a record not found, so those are
 *   read from `message_code` and `message` by their words (below).
 *
 * Mapping: a timeout `provider_timeout`; a network error, 5xx, 408, 429 or an answer about the
 * account's credits `provider_unavailable` (retried, or failed over to CKYCR itself); 401/403/404
 * `provider_not_configured`. Answers: no record `failed` `ckyc_record_not_found`; a mobile number that
 * is not the record's `failed` `ckyc_auth_failed` (at `begin`: no code is sent); a wrong code
 * `AwaitingApplicantError` (the check waits for another, server/checks/check-otp.ts counts the
 * attempts); an expired code `failed` `otp_expired`; attempts exhausted at the registry `failed`
 * `ckyc_auth_failed`. The code is sent to Surepass and nowhere else (never logged). The download by
 * date of birth / PIN code / mobile is CKYCR's own (ckyc-cersai.ts): asked for it, this adapter
 * answers `provider_not_configured`. Consent and purpose: the API takes neither; the check keeps them.
 */
import "server-only";
import { ZCkycDownloadInput, ZCkycSearchInput, type TCkycDownloadInput, type TCkycSearchInput } from "../checks/catalog";
import { maskMobile } from "../checks/otp-request";
import {
  AnsweredAtOnceError,
  AwaitingApplicantError,
  ProviderUnavailableError,
  type CheckContext,
  type CheckProvider,
  type ProviderEvidence,
  type ProviderResult,
} from "./provider";
import { isObject, vendorRequest, type VendorAnswer } from "./vendor-http";

/** Construction parameters of `createSurepassCkycProvider`. */
export interface SurepassCkycConfig {
  /** `https://kyc-api.surepass.app` or `https://sandbox.surepass.app`. */
  baseUrl: string;
  /** The JWT Surepass issued for that environment. */
  token: string;
  /** Timeout of each request in milliseconds (default 15000). */
  timeoutMs?: number;
  /** How long the registry's code is taken, in seconds (default 600): the check's `otp_expires_at`. */
  otpValiditySeconds?: number;
}

export const SUREPASS_CKYC_CHECKS = ["in.ckyc.search", "in.ckyc.download"] as const;

const PATHS = {
  search: "/api/v1/ckyc/v3/search/individual",
  initiate: "/api/v1/ckyc/v3/download/individual/initiate",
  download: "/api/v1/ckyc/v3/download/individual",
};

/** Surepass's `id_type` of each document searched by. */
const ID_TYPES: Record<TCkycSearchInput["id_type"], string> = {
  pan: "pan",
  passport: "passport",
  voter_id: "voter_id",
  driving_licence: "driving_license",
  ckyc_number: "ckyc_number",
};

/** The words of `message_code` / `message` that say what an error answer means (see the file comment). */
const NOT_FOUND = /no[_ ]?record|not[_ ]found|does[_ ]not[_ ]exist(?!.*mobile)|record[_ ]not/i;
const MOBILE_MISMATCH = /mobile/i;
const OTP_EXPIRED = /expire/i;
const OTP_EXHAUSTED = /attempt|exceed|limit|block/i;
const OTP_WRONG = /otp|code/i;
const CREDITS = /credit|balance|quota|wallet/i;

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null);
const objects = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isObject) : isObject(v) ? [v] : []);

/** `DD-MM-YYYY`, `DD/MM/YYYY` or `YYYY-MM-DD` -> `YYYY-MM-DD`; null otherwise. */
function isoDate(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(s)) return s.slice(0, 10);
  const m = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(s);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** MALE / FEMALE / TRANSGENDER (or M / F / T) -> M / F / T. */
function gender(v: unknown): string | null {
  const g = str(v)?.toUpperCase()[0];
  return g === "M" || g === "F" || g === "T" ? g : null;
}

/** What an error answer says, for matching: its `message_code` and `message`. */
function words(answer: VendorAnswer): string {
  return `${str(answer.body?.message_code) ?? ""} ${str(answer.body?.message) ?? ""}`.trim();
}

/**
 * Creates the Surepass CKYC provider.
 * @throws ProviderUnavailableError provider_timeout / provider_unavailable / provider_not_configured (see the file comment).
 */
export function createSurepassCkycProvider(config: SurepassCkycConfig): CheckProvider {
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 15_000;
  const validityMs = (config.otpValiditySeconds ?? 600) * 1000;

  /** One call; a non-2xx answer that is an account or set-up problem is thrown, the others are returned for the caller to read. */
  async function call(path: string, body: Record<string, unknown>): Promise<VendorAnswer> {
    const answer = await vendorRequest({
      vendor: "Surepass",
      baseUrl,
      method: "POST",
      path,
      headers: { authorization: `Bearer ${config.token}` },
      body,
      timeoutMs,
    });
    if (answer.status === 401 || answer.status === 403)
      throw new ProviderUnavailableError(
        "provider_not_configured",
        `Surepass refused the token on ${path} (${answer.status}): ${words(answer) || "no message"}.`,
      );
    if (answer.status === 402 || (answer.status >= 400 && CREDITS.test(words(answer))))
      throw new ProviderUnavailableError("provider_unavailable", `Surepass cannot bill ${path} now: ${words(answer) || answer.status}.`);
    if (answer.status >= 300 && answer.status < 400)
      throw new ProviderUnavailableError("provider_unavailable", `Surepass answered ${answer.status} on ${path}.`);
    return answer;
  }

  const ok = (a: VendorAnswer) => a.status < 300 && a.body?.success !== false && isObject(a.body?.data);
  const unexpected = (path: string, a: VendorAnswer) =>
    new ProviderUnavailableError("provider_unavailable", `Surepass answered ${path} with ${a.status}: ${words(a) || "no usable data"}.`);
  const answer = (
    status: ProviderResult["status"],
    errorCode: string | null,
    result: Record<string, unknown>,
    evidence?: ProviderEvidence[],
  ): ProviderResult => ({
    status,
    errorCode,
    score: null,
    verifiedBy: "source",
    result,
    ...(evidence ? { evidence } : {}),
  });
  const notFound = () => answer("failed", "ckyc_record_not_found", { record_found: false });

  async function search(raw: unknown): Promise<ProviderResult> {
    const input = ZCkycSearchInput.parse(raw);
    const res = await call(PATHS.search, { id_type: ID_TYPES[input.id_type], id_number: input.id_number });
    if (!ok(res)) {
      if (res.status < 500 && NOT_FOUND.test(words(res))) return notFound();
      throw unexpected(PATHS.search, res);
    }
    const data = res.body!.data as Record<string, unknown>;
    const records = objects(data.records).map((r) => (isObject(r.record) ? r.record : r));
    const hit = records.find((r) => str(r.ckyc_identifier));
    if (!hit) return notFound();
    const identifier = str(hit.ckyc_identifier)!;
    const number = str(hit.ckyc_number) ?? str(hit.ckyc_no) ?? identifier;
    return answer("passed", null, {
      record_found: true,
      ckyc_number_masked: /^[0-9]{14}$/.test(number) ? `XXXXXXXXXX${number.slice(-4)}` : number,
      ckyc_reference_id: identifier,
      name: str(hit.full_name) ?? str(hit.name),
      kyc_date: isoDate(hit.kyc_date),
      updated_date: isoDate(hit.updated_date),
      request_id: str(data.client_id),
    });
  }

  /** The released record in the catalog's download answer (as ckyc-cersai.ts answers it), with the photo as evidence. */
  function record(data: Record<string, unknown>, requestId: string | null): ProviderResult {
    const d = isObject(data.ckyc_download_data) ? data.ckyc_download_data : {};
    const pid = isObject(d.personal_identifiable_data) ? d.personal_identifiable_data : d;
    const p = isObject(pid.personal_details) ? pid.personal_details : null;
    const number = str(p?.ckyc_no) ?? str(p?.ckyc_number);
    if (!p || !number) throw new ProviderUnavailableError("provider_unavailable", "Surepass released a record without personal_details.ckyc_no.");
    const name = str(p.full_name) ?? [str(p.first_name), str(p.middle_name), str(p.last_name)].filter(Boolean).join(" ");
    const identities = isObject(pid.identity_details) ? objects(pid.identity_details.identity) : objects(pid.identity_details);
    const images = isObject(pid.image_details) && !("image_data" in pid.image_details) ? objects(pid.image_details.image) : objects(pid.image_details);
    const photo = images.find((img) => str(img.image_code)?.padStart(2, "0") === "02");
    const photoData = str(photo?.image_data);
    const photoType = (str(photo?.image_type) ?? "jpg").toLowerCase();
    const mobile = str(p.mob_num);
    return answer(
      "passed",
      null,
      {
        record_found: true,
        ckyc_number_masked: `XXXXXXXXXX${number.slice(-4)}`,
        ckyc_number: number,
        name: name.toUpperCase(),
        father_or_spouse_name: str(p.father_full_name) ?? str(p.fathers_name),
        gender: gender(p.gender),
        dob: isoDate(p.dob),
        pan: str(p.pan),
        address: {
          line1: str(p.perm_line1),
          line2: [str(p.perm_line2), str(p.perm_line3)].filter(Boolean).join(", ") || null,
          city: str(p.perm_city),
          district: str(p.perm_dist),
          state: str(p.perm_state),
          pincode: str(p.perm_pin),
          country: "IN",
        },
        mobile: mobile ? mobile.replace(/\D/g, "").slice(-10) : null,
        email: str(p.email),
        kyc_date: isoDate(p.kyc_date),
        identities: identities.map((i) => ({ type: str(i.ident_type), number: str(i.ident_num), verified: str(i.idver_status) === "01" })),
        request_id: requestId,
      },
      photoData
        ? [{ kind: "ckyc_photo", contentType: photoType === "png" ? "image/png" : "image/jpeg", bytes: new Uint8Array(Buffer.from(photoData, "base64")) }]
        : [],
    );
  }

  /** The pending check's request once a code was sent: where it went, until when, and the registry's request id. */
  const sent = (mobile: string, requestId: string) => ({
    record_found: true,
    otp_sent_to: maskMobile(mobile),
    otp_expires_at: new Date(Date.now() + validityMs).toISOString(),
    request_id: requestId,
  });

  function otpInput(raw: unknown): TCkycDownloadInput & { mobile: string } {
    const input = ZCkycDownloadInput.parse(raw);
    if (input.auth_factor !== "otp" || !input.mobile)
      throw new ProviderUnavailableError(
        "provider_not_configured",
        "Surepass downloads an individual's record with the registry's OTP only; the other factors go to CKYCR (cersai_ckyc).",
      );
    return input as TCkycDownloadInput & { mobile: string };
  }

  /** The registry's request id of a pending check (what `begin` stored). */
  function requestIdOf(context: CheckContext | undefined): string {
    const id = str(context?.request?.request_id);
    if (!id) throw new ProviderUnavailableError("provider_unavailable", "The check holds no Surepass request_id: it was not begun with Surepass.");
    return id;
  }

  async function begin(raw: unknown): Promise<Record<string, unknown>> {
    const input = otpInput(raw);
    const mobile = input.mobile.replace(/\D/g, "").slice(-10);
    const res = await call(PATHS.initiate, { ckyc_identifier: input.ckyc_reference_id, mobile_number: mobile });
    if (!ok(res)) {
      const w = words(res);
      if (res.status < 500 && MOBILE_MISMATCH.test(w))
        throw new AnsweredAtOnceError(answer("failed", "ckyc_auth_failed", { record_found: true, auth_factor: "otp" }));
      if (res.status < 500 && NOT_FOUND.test(w)) throw new AnsweredAtOnceError(notFound());
      throw unexpected(PATHS.initiate, res);
    }
    const data = res.body!.data as Record<string, unknown>;
    const requestId = str(data.request_id);
    // the registry may release a record it had already released for this request
    if (data.status === "downloaded" && isObject(data.ckyc_download_data)) throw new AnsweredAtOnceError(record(data, requestId));
    if (!requestId || (data.status !== "otp_sent" && data.status !== "otp_resent")) throw unexpected(PATHS.initiate, res);
    return sent(mobile, requestId);
  }

  async function download(raw: unknown, context: CheckContext | undefined): Promise<ProviderResult> {
    otpInput(raw);
    const otp = context?.otp;
    if (!otp) throw new AwaitingApplicantError("The registry's code has not been entered yet.");
    const requestId = requestIdOf(context);
    const res = await call(PATHS.download, { request_id: requestId, otp });
    if (!ok(res)) {
      const w = words(res);
      if (res.status >= 500) throw unexpected(PATHS.download, res);
      if (OTP_EXPIRED.test(w)) return answer("failed", "otp_expired", { record_found: true });
      if (OTP_EXHAUSTED.test(w)) return answer("failed", "ckyc_auth_failed", { record_found: true, auth_factor: "otp" });
      if (OTP_WRONG.test(w)) throw new AwaitingApplicantError("The registry did not accept the code.");
      if (NOT_FOUND.test(w)) return notFound();
      throw unexpected(PATHS.download, res);
    }
    const data = res.body!.data as Record<string, unknown>;
    if (data.status !== "downloaded") throw unexpected(PATHS.download, res);
    return record(data, requestId);
  }

  async function resend(raw: unknown, context: CheckContext): Promise<Record<string, unknown>> {
    const input = otpInput(raw);
    const res = await call(PATHS.download, { request_id: requestIdOf(context), resend: true });
    const data = ok(res) ? (res.body!.data as Record<string, unknown>) : null;
    if (!data || (data.status !== "otp_resent" && data.status !== "otp_sent")) throw unexpected(PATHS.download, res);
    const { otp_sent_to, otp_expires_at } = sent(input.mobile.replace(/\D/g, "").slice(-10), requestIdOf(context));
    return { otp_sent_to, otp_expires_at };
  }

  const only = (key: string) => {
    if (key !== "in.ckyc.download") throw new ProviderUnavailableError("provider_not_configured", `Surepass has no two-phase '${key}'.`);
  };
  return {
    name: "surepass_ckyc",
    supports: (key) => (SUREPASS_CKYC_CHECKS as readonly string[]).includes(key),
    async verify(key, input, context) {
      if (key === "in.ckyc.search") return search(input);
      if (key === "in.ckyc.download") return download(input, context);
      throw new ProviderUnavailableError("provider_not_configured", `Surepass's CKYC adapter does not answer '${key}'.`);
    },
    async begin(key, input) {
      only(key);
      return begin(input);
    },
    async resend(key, input, context) {
      only(key);
      return resend(input, context);
    },
  };
}
