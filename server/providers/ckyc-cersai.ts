/**
 * Live adapter for the Central KYC Records Registry (CKYCR, CERSAI): `in.ckyc.search`,
 * `in.ckyc.download` and `in.ckyc.upload`, over the registry's signed and encrypted XML
 * (./ckyc-xml.ts gives the envelope). Requests are POSTed as `application/xml` from the FI's
 * registered IP address:
 * - Search (`<REQ_ROOT>`, default path `/Search/ckycverificationservice/verify`): PID_DATA
 *   `DATE_TIME, ID_TYPE, ID_NO`; `ID_TYPE` A passport, B voter id, C PAN, D driving licence,
 *   Z CKYC number. Answer: PID_DATA/SearchResponsePID `CKYC_NO` (masked since v1.3),
 *   `CKYC_REFERENCE_ID`, `NAME`, `FATHERS_NAME`, `AGE`, `KYC_DATE`, `UPDATED_DATE`, `REMARKS`;
 *   or `CKYC_INQ/ERROR` "No record found".
 * - Download (`<CKYC_DOWNLOAD_REQUEST>`, `/Search/ckycverificationservice/download`): PID_DATA
 *   `DATE_TIME, CKYC_NO` (the reference id or the CKYC number), `AUTH_FACTOR_TYPE` 01 date of
 *   birth (dd-MM-yyyy), 02 PIN code and year of birth, 03 registered mobile, `AUTH_FACTOR`.
 *   CKYC 1.3's OTP to the record's mobile (`auth_factor: otp`) is not in CERSAI's published
 *   format, so this adapter does not answer it (`provider_not_configured`; surepass-ckyc.ts does).
 *   Answer: PID_DATA `PERSONAL_DETAILS` (CKYC_NO, PREFIX, FNAME, MNAME, LNAME, FULLNAME,
 *   FATHER_FULLNAME, GENDER, DOB, PAN, PERM_LINE1-3, PERM_CITY, PERM_DIST, PERM_STATE, PERM_PIN,
 *   MOB_NUM, EMAIL, KYC_DATE), `IDENTITY_DETAILS/IDENTITY` (IDENT_TYPE, IDENT_NUM, IDVER_STATUS),
 *   `IMAGE_DETAILS/IMAGE` (IMAGE_TYPE, IMAGE_CODE, IMAGE_DATA; code 02 the photograph).
 * - Upload (`<CKYC_UPLOAD_REQUEST>`, `/Upload/ckycuploadservice/upload`): PID_DATA `DATE_TIME,
 *   CONSTI_TYPE` 01 individual, `CKYC_NO` (an update of a downloaded record), `PERSONAL_DETAILS`,
 *   `IDENTITY_DETAILS`, `IMAGE_DETAILS`; answer PID_DATA `UPLOAD_STATUS` (ACCEPTED, UNDER_PROCESS,
 *   REJECTED), `CKYC_NO`, `REF_NO`, `REMARKS`. A submission under process is asked for again by
 *   `<CKYC_STATUS_REQUEST>` (`/Upload/ckycuploadservice/status`, PID_DATA `DATE_TIME, REF_NO`).
 *   CERSAI's upload element names are less widely published than search and download: they
 *   follow the download record's names, and the paths are configurable.
 *
 * Errors: a timeout throws `ProviderUnavailableError("provider_timeout")`; a network error,
 * HTTP 5xx/408/429, an unsigned or undecryptable answer, or a registry error about load or an
 * unknown request throws `provider_unavailable` (retried by the caller); a registry error about
 * the FI's set-up (FI code, signature, IP address, certificate) or HTTP 401/403/404 throws
 * `provider_not_configured`. "No record found" and a wrong authentication factor are answers:
 * `failed` with `ckyc_record_not_found` / `ckyc_auth_failed`. The consent and purpose of the
 * call (server/checks/check-consent.ts) are recorded on the check; the registry's format has no
 * element for them, so they are not sent.
 */
import "server-only";
import type { KeyObject } from "node:crypto";
import { z } from "zod";
import {
  ZCkycDownloadInput,
  ZCkycSearchInput,
  ZCkycUploadInput,
  type TCkycDownloadInput,
  type TCkycSearchInput,
  type TCkycUploadInput,
} from "../checks/catalog";
import { randomBase62 } from "../ids";
import { ckycDate, isoFromCkycDate, list, openMessage, pidDateTime, sealMessage, text, buildXml, type XmlTree } from "./ckyc-xml";
import { ProviderUnavailableError, type CheckProvider, type ProviderResult } from "./provider";

/** Construction parameters of `createCkycProvider`. */
export interface CkycConfig {
  /** e.g. `https://www.ckycindia.in` (production) or `https://testbed.ckycindia.in`. */
  baseUrl: string;
  /** The FI code CKYCR gave the regulated entity. */
  fiCode: string;
  /** The FI's signing and decryption key (its certificate is registered with CKYCR). */
  fiPrivateKey: KeyObject;
  /** CERSAI's public key (from its certificate on the CKYC website): requests are encrypted for it, answers verified with it. */
  cersaiPublicKey: KeyObject;
  /** `VERSION` of the header (default "1.3"). */
  version?: string;
  /** Timeout of each request in milliseconds (default 15000). */
  timeoutMs?: number;
  /** Service paths; unset ones keep the documented defaults. */
  paths?: Partial<Record<"search" | "download" | "upload" | "status", string | undefined>>;
}

export const CKYC_CHECKS = ["in.ckyc.search", "in.ckyc.download", "in.ckyc.upload"] as const;

const DEFAULT_PATHS = {
  search: "/Search/ckycverificationservice/verify",
  download: "/Search/ckycverificationservice/download",
  upload: "/Upload/ckycuploadservice/upload",
  status: "/Upload/ckycuploadservice/status",
};

/** CKYCR `ID_TYPE` of each document searched by. */
const ID_TYPES: Record<TCkycSearchInput["id_type"], string> = { passport: "A", voter_id: "B", pan: "C", driving_licence: "D", ckyc_number: "Z" };
const AUTH_FACTOR_TYPES: Record<Exclude<TCkycDownloadInput["auth_factor"], "otp">, string> = { dob: "01", pincode_year_of_birth: "02", mobile: "03" };
/** CKYCR identity types of the record upload (IDENT_TYPE). */
const UPLOAD_IDENT_TYPES: Record<TCkycUploadInput["identities"][number]["type"], string> = {
  pan: "C",
  aadhaar_offline: "E",
  ckyc_download: "Z",
  document: "Z",
};
/** IMAGE_CODE of the photograph. */
const PHOTO_CODE = "02";

/** Registry errors that are answers, and errors that mean the FI's set-up is wrong. */
const NOT_FOUND = /no record|not found|does not exist/i;
const AUTH_FAILED = /auth(entication)? factor|date of birth|mobile|pin ?code|dob/i;
const NOT_CONFIGURED = /fi code|signature|ip address|whitelist|certificate|not authori[sz]ed|inactive user/i;

const ZUploadStatusInput = z.object({ reference: z.string().min(1) });

/**
 * Creates the CKYCR provider. `verify("in.ckyc.upload", record)` submits a record, or, with
 * `{ reference }` (an earlier submission still under process), asks its status; the answer's
 * `result.upload_status` is `accepted` (passed, `ckyc_number`), `under_process` (needs_review,
 * `reference`) or `rejected` (failed, `ckyc_upload_rejected`, `registry_message`).
 * @throws ProviderUnavailableError provider_timeout / provider_unavailable / provider_not_configured (see the file comment).
 */
export function createCkycProvider(config: CkycConfig): CheckProvider {
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  // an unset path keeps the default
  const paths = { ...DEFAULT_PATHS, ...Object.fromEntries(Object.entries(config.paths ?? {}).filter(([, v]) => v)) };
  const timeoutMs = config.timeoutMs ?? 15_000;

  /** One signed, encrypted exchange: the answer's PID as a tree, or the registry's error text. */
  async function exchange(path: string, root: string, pid: XmlTree): Promise<{ pid: XmlTree; error: string | null; requestId: string }> {
    const requestId = randomBase62(20);
    const body = sealMessage({
      root,
      header: { FI_CODE: config.fiCode, REQUEST_ID: requestId, VERSION: config.version ?? "1.3" },
      pidXml: buildXml("PID_DATA", pid),
      recipient: config.cersaiPublicKey,
      signer: config.fiPrivateKey,
    });
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let answer: string;
    try {
      res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/xml", accept: "application/xml" }, body, signal });
      answer = await res.text();
    } catch (err) {
      if (signal.aborted) throw new ProviderUnavailableError("provider_timeout", `CKYCR did not answer ${path} within ${timeoutMs} ms.`);
      throw new ProviderUnavailableError("provider_unavailable", `CKYCR could not be reached for ${path}: ${(err as Error).message}`);
    }
    if (res.status === 401 || res.status === 403 || res.status === 404)
      throw new ProviderUnavailableError("provider_not_configured", `CKYCR answered ${res.status} on ${path}.`);
    if (res.status >= 400) throw new ProviderUnavailableError("provider_unavailable", `CKYCR answered ${res.status} on ${path}.`);
    let opened;
    try {
      opened = openMessage(answer, config.cersaiPublicKey, config.fiPrivateKey);
    } catch (err) {
      throw new ProviderUnavailableError("provider_unavailable", `CKYCR's answer on ${path} could not be opened (${(err as Error).message}).`);
    }
    if (opened.error && NOT_CONFIGURED.test(opened.error))
      throw new ProviderUnavailableError("provider_not_configured", `CKYCR refused the request: ${opened.error}`);
    if (!opened.error && opened.pid === null)
      throw new ProviderUnavailableError("provider_unavailable", `CKYCR answered ${path} with neither a PID nor an error.`);
    return { pid: opened.pid, error: opened.error, requestId };
  }

  /** A registry error that is neither "no record" nor a wrong factor: retried. */
  const otherError = (path: string, error: string) => new ProviderUnavailableError("provider_unavailable", `CKYCR answered ${path}: ${error}`);
  const notFound = (requestId: string): ProviderResult => ({
    status: "failed",
    errorCode: "ckyc_record_not_found",
    score: null,
    verifiedBy: "source",
    result: { record_found: false, request_id: requestId },
  });

  async function search(raw: unknown): Promise<ProviderResult> {
    const input = ZCkycSearchInput.parse(raw);
    const { pid, error, requestId } = await exchange(paths.search, "REQ_ROOT", {
      DATE_TIME: pidDateTime(new Date()),
      ID_TYPE: ID_TYPES[input.id_type],
      ID_NO: input.id_number,
    });
    if (error) {
      if (NOT_FOUND.test(error)) return notFound(requestId);
      throw otherError(paths.search, error);
    }
    const hit = list(pid, "SearchResponsePID")[0] ?? pid;
    const number = text(hit, "CKYC_NO");
    if (!number) return notFound(requestId);
    const masked = /^[0-9]{14}$/.test(number) ? `XXXXXXXXXX${number.slice(-4)}` : number;
    return {
      status: "passed",
      errorCode: null,
      score: null,
      verifiedBy: "source",
      result: {
        record_found: true,
        ckyc_number_masked: masked,
        // before v1.3 the registry returned the full number, which then is the download reference
        ckyc_reference_id: text(hit, "CKYC_REFERENCE_ID") ?? number,
        name: text(hit, "NAME"),
        kyc_date: isoFromCkycDate(text(hit, "KYC_DATE")),
        updated_date: isoFromCkycDate(text(hit, "UPDATED_DATE")),
        request_id: requestId,
      },
    };
  }

  async function download(raw: unknown): Promise<ProviderResult> {
    const input = ZCkycDownloadInput.parse(raw);
    // CERSAI's published download takes the three factors above; its OTP exchange is not published: the OTP download goes through a vendor (surepass-ckyc.ts)
    if (input.auth_factor === "otp")
      throw new ProviderUnavailableError(
        "provider_not_configured",
        "CKYCR's published download API has no OTP factor; the OTP download needs a CKYC vendor (Surepass).",
      );
    const factor =
      input.auth_factor === "dob"
        ? ckycDate(input.dob!)
        : input.auth_factor === "mobile"
          ? input.mobile!.slice(-10)
          : `${input.pincode!}${input.year_of_birth!}`;
    const { pid, error, requestId } = await exchange(paths.download, "CKYC_DOWNLOAD_REQUEST", {
      DATE_TIME: pidDateTime(new Date()),
      CKYC_NO: input.ckyc_reference_id,
      AUTH_FACTOR_TYPE: AUTH_FACTOR_TYPES[input.auth_factor],
      AUTH_FACTOR: factor,
    });
    if (error) {
      if (NOT_FOUND.test(error)) return notFound(requestId);
      if (AUTH_FAILED.test(error)) {
        return {
          status: "failed",
          errorCode: "ckyc_auth_failed",
          score: null,
          verifiedBy: "source",
          result: { record_found: true, auth_factor: input.auth_factor, registry_message: error },
        };
      }
      throw otherError(paths.download, error);
    }
    const p = list(pid, "PERSONAL_DETAILS")[0] ?? null;
    const number = text(p, "CKYC_NO");
    if (!p || !number) throw new ProviderUnavailableError("provider_unavailable", "CKYCR released a record without PERSONAL_DETAILS/CKYC_NO.");
    const name = text(p, "FULLNAME") ?? [text(p, "FNAME"), text(p, "MNAME"), text(p, "LNAME")].filter(Boolean).join(" ");
    const photo = list(pid, "IMAGE_DETAILS", "IMAGE").find((img) => text(img, "IMAGE_CODE") === PHOTO_CODE);
    const photoData = text(photo, "IMAGE_DATA");
    const photoType = (text(photo, "IMAGE_TYPE") ?? "jpg").toLowerCase();
    return {
      status: "passed",
      errorCode: null,
      score: null,
      verifiedBy: "source",
      result: {
        record_found: true,
        ckyc_number_masked: `XXXXXXXXXX${number.slice(-4)}`,
        ckyc_number: number,
        name: name.toUpperCase(),
        father_or_spouse_name: text(p, "FATHER_FULLNAME"),
        gender: text(p, "GENDER"),
        dob: isoFromCkycDate(text(p, "DOB")),
        pan: text(p, "PAN"),
        address: {
          line1: text(p, "PERM_LINE1"),
          line2: [text(p, "PERM_LINE2"), text(p, "PERM_LINE3")].filter(Boolean).join(", ") || null,
          city: text(p, "PERM_CITY"),
          district: text(p, "PERM_DIST"),
          state: text(p, "PERM_STATE"),
          pincode: text(p, "PERM_PIN"),
          country: "IN",
        },
        mobile: text(p, "MOB_NUM"),
        email: text(p, "EMAIL"),
        kyc_date: isoFromCkycDate(text(p, "KYC_DATE")),
        identities: list(pid, "IDENTITY_DETAILS", "IDENTITY").map((i) => ({
          type: text(i, "IDENT_TYPE"),
          number: text(i, "IDENT_NUM"),
          verified: text(i, "IDVER_STATUS") === "01",
        })),
        request_id: requestId,
      },
      evidence: photoData
        ? [{ kind: "ckyc_photo", contentType: photoType === "png" ? "image/png" : "image/jpeg", bytes: new Uint8Array(Buffer.from(photoData, "base64")) }]
        : [],
    };
  }

  /** The answer of an upload or a status request. */
  function uploadAnswer(path: string, pid: XmlTree, error: string | null, requestId: string): ProviderResult {
    if (error) throw otherError(path, error);
    const status = (text(pid, "UPLOAD_STATUS") ?? "").toUpperCase();
    const base = { score: null, verifiedBy: "source" as const };
    const reference = text(pid, "REF_NO");
    if (status === "ACCEPTED") {
      const number = text(pid, "CKYC_NO");
      if (!number) throw new ProviderUnavailableError("provider_unavailable", "CKYCR accepted the upload without a CKYC number.");
      return { ...base, status: "passed", errorCode: null, result: { upload_status: "accepted", ckyc_number: number, reference, request_id: requestId } };
    }
    if (status === "UNDER_PROCESS") {
      if (!reference) throw new ProviderUnavailableError("provider_unavailable", "CKYCR has the upload under process without a REF_NO.");
      return {
        ...base,
        status: "needs_review",
        errorCode: "ckyc_upload_under_process",
        result: { upload_status: "under_process", reference, request_id: requestId },
      };
    }
    if (status === "REJECTED") {
      return {
        ...base,
        status: "failed",
        errorCode: "ckyc_upload_rejected",
        result: { upload_status: "rejected", reference, registry_message: text(pid, "REMARKS"), request_id: requestId },
      };
    }
    throw new ProviderUnavailableError("provider_unavailable", `CKYCR answered the upload with status '${status || "none"}'.`);
  }

  async function upload(raw: unknown): Promise<ProviderResult> {
    const pending = ZUploadStatusInput.safeParse(raw);
    if (pending.success) {
      const { pid, error, requestId } = await exchange(paths.status, "CKYC_STATUS_REQUEST", {
        DATE_TIME: pidDateTime(new Date()),
        REF_NO: pending.data.reference,
      });
      return uploadAnswer(paths.status, pid, error, requestId);
    }
    const r = ZCkycUploadInput.parse(raw);
    const { pid, error, requestId } = await exchange(paths.upload, "CKYC_UPLOAD_REQUEST", {
      DATE_TIME: pidDateTime(new Date()),
      CONSTI_TYPE: "01",
      CKYC_NO: r.ckyc_number,
      PERSONAL_DETAILS: {
        FULLNAME: r.name,
        FATHER_FULLNAME: r.father_or_spouse_name,
        GENDER: r.gender,
        DOB: ckycDate(r.dob),
        PAN: r.pan,
        PERM_LINE1: r.address.line1,
        PERM_LINE2: r.address.line2,
        PERM_CITY: r.address.city,
        PERM_DIST: r.address.district,
        PERM_STATE: r.address.state,
        PERM_COUNTRY: r.address.country,
        PERM_PIN: r.address.pincode,
        MOB_NUM: r.mobile,
        EMAIL: r.email,
        KYC_DATE: ckycDate(r.kyc_date),
      },
      IDENTITY_DETAILS: {
        IDENTITY: r.identities.map((i, n) => ({ SEQUENCE_NO: String(n + 1), IDENT_TYPE: UPLOAD_IDENT_TYPES[i.type], IDENT_NUM: i.number, IDVER_STATUS: "01" })),
      },
      IMAGE_DETAILS: r.photo_base64 ? { IMAGE: { SEQUENCE_NO: "1", IMAGE_TYPE: "jpg", IMAGE_CODE: PHOTO_CODE, IMAGE_DATA: r.photo_base64 } } : null,
    });
    return uploadAnswer(paths.upload, pid, error, requestId);
  }

  return {
    name: "cersai_ckyc",
    supports: (key) => (CKYC_CHECKS as readonly string[]).includes(key),
    async verify(key, input) {
      if (key === "in.ckyc.search") return search(input);
      if (key === "in.ckyc.download") return download(input);
      if (key === "in.ckyc.upload") return upload(input);
      throw new ProviderUnavailableError("provider_not_configured", `CKYCR does not answer '${key}'.`);
    },
  };
}
