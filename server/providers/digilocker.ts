/**
 * DigiLocker Authorized Partner API client (the live adapter of the `digilocker` step), after
 * DigiLocker's published specification ("Authorized Partner API Specification" v1.0.0, API Setu
 * `authpartner.yaml`): OAuth 2.0 authorization code with PKCE (RFC 7636, S256), then the
 * applicant's e-Aadhaar XML and issued documents with the access token.
 *
 * | call | request | answer |
 * |---|---|---|
 * | authorize (browser) | `GET <base>/oauth2/1/authorize?response_type=code&client_id&redirect_uri&state&code_challenge&code_challenge_method=S256` | redirect to `redirect_uri?code&state`, or `?error=access_denied&error_description&state` |
 * | token | `POST <base>/oauth2/1/token` form: `grant_type=authorization_code, code, client_id, client_secret, redirect_uri, code_verifier` | `AccessResponse`: `access_token, expires_in, token_type, scope, digilocker_id, name, dob (DDMMYYYY), gender, eaadhar (Y/N), reference_key` |
 * | issued documents | `GET <base>/oauth2/2/files/issued` (Bearer) | `{ items: [{ name, type, size, date, parent, mime, uri, doctype, description, issuerid, issuer }], resource }` |
 * | e-Aadhaar | `GET <base>/oauth2/2/xml/eaadhaar` (Bearer) | `application/xml` (UIDAI's signed `KycRes`) |
 * | issued file | `GET <base>/oauth2/1/file/{uri}` (Bearer) | the file (`application/pdf`, `image/jpeg`, `image/png`) |
 *
 * Errors are JSON `{ error, error_description }`: `invalid_token` (401), `aadhaar_not_linked` /
 * `aadhaar_not_available` (404 on the e-Aadhaar), `invalid_uri` (404 on a file), `uri_missing`
 * (400), `invalid_client_id` (401), `invalid_grant` and the like (400 on the token), and
 * `unexpected_error` / `repository_service_*` (500, 503).
 *
 * What this client throws: {@link DigilockerError} for answers about the request (its `code` is
 * stable snake_case); `ProviderUnavailableError` `provider_timeout` (no answer within
 * `timeoutMs`) or `provider_unavailable` (network error, 5xx, 429, an unreadable answer).
 */
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { appUrl } from "../env";
import { ProviderUnavailableError } from "./provider";

/** This deployment's DigiLocker callback route (app/flow/digilocker/callback): the redirect URI to register with DigiLocker. */
export const digilockerCallbackUrl = (): string => `${appUrl()}/flow/digilocker/callback`;

export interface DigilockerConfig {
  /** API base with its `/public` prefix, e.g. `https://digilocker.meripehchaan.gov.in/public`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Registered with DigiLocker for the client id; must point at the service's callback route. */
  redirectUri: string;
  /** Per call; default 10 s. */
  timeoutMs?: number;
  /** Default the global fetch (test mode passes the in-process sandbox). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/** Why DigiLocker refused a request (not an outage). */
export type DigilockerErrorCode =
  /** The code is unknown, used or expired, or the PKCE verifier does not match (`invalid_grant`, 400 on the token). */
  | "digilocker_code_invalid"
  /** DigiLocker refused the client id / secret / redirect URI (401 `invalid_client_id`, or 400 on them): a settings problem. */
  | "digilocker_client_invalid"
  /** The access token is invalid or expired (401 `invalid_token`). */
  | "digilocker_token_invalid"
  /** The account has no e-Aadhaar (404 `aadhaar_not_linked` / `aadhaar_not_available`). */
  | "digilocker_no_aadhaar"
  /** No issued file at that URI (404 `invalid_uri`, 400 `uri_missing`). */
  | "digilocker_document_not_found"
  /** DigiLocker answered something the specification does not describe. */
  | "digilocker_answer_invalid";

export class DigilockerError extends Error {
  constructor(
    readonly code: DigilockerErrorCode,
    /** DigiLocker's own `error` value, when it sent one. */
    readonly vendorError: string | null,
    message: string,
  ) {
    super(message);
    this.name = "DigilockerError";
  }
}

/** A PKCE pair (RFC 7636 §4.1-4.2): a 64-character verifier and its S256 challenge. */
export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** `BASE64URL(SHA256(verifier))` without padding (RFC 7636 §4.2, the `code_challenge` DigiLocker documents). */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

const ZAccessResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().optional(),
  digilocker_id: z.string().optional(),
  name: z.string().optional(),
  dob: z.coerce.string().optional(),
  gender: z.string().optional(),
  eaadhar: z.enum(["Y", "N"]).optional(),
});

/** The token answer the step uses. */
export interface DigilockerAccount {
  accessToken: string;
  /** `eaadhar` of the token answer: whether DigiLocker holds an e-Aadhaar for the account (unknown when absent). */
  eaadhaar: boolean | null;
  digilockerId: string | null;
}

const ZIssuedDocument = z.object({
  name: z.string(),
  type: z.string().optional(),
  date: z.string().optional(),
  mime: z.union([z.string(), z.array(z.string())]).optional(),
  uri: z.string().min(1),
  doctype: z.string().optional(),
  description: z.string().optional(),
  issuerid: z.string().optional(),
  issuer: z.string().optional(),
});
const ZIssuedList = z.object({ items: z.array(ZIssuedDocument).default([]) });

/** One issued document of the account (`items[]` of "Issued Documents"). */
export interface IssuedDocument {
  name: string;
  uri: string;
  /** DigiLocker's 5-character document type, e.g. `PANCR`, `DRVLC`; empty when not sent. */
  doctype: string;
  description: string | null;
  issuer: string | null;
  issuerId: string | null;
  date: string | null;
  mime: string[];
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Largest file fetched (DigiLocker's own upload limit is 10 MB). */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

export interface DigilockerClient {
  /** The authorization page for the applicant's browser (same tab). */
  authorizationUrl(params: { state: string; codeChallenge: string }): string;
  /** Exchanges the authorization code (with the PKCE verifier) for an access token. */
  exchangeCode(code: string, codeVerifier: string): Promise<DigilockerAccount>;
  /** The account's issued documents. */
  issuedDocuments(accessToken: string): Promise<IssuedDocument[]>;
  /** The e-Aadhaar XML as DigiLocker sent it. @throws DigilockerError digilocker_no_aadhaar */
  eaadhaarXml(accessToken: string): Promise<string>;
  /** An issued document's file. @throws DigilockerError digilocker_document_not_found */
  issuedFile(accessToken: string, uri: string): Promise<{ bytes: Uint8Array; contentType: string }>;
}

/** Creates a client for one project's DigiLocker credentials. */
export function createDigilockerClient(config: DigilockerConfig): DigilockerClient {
  const base = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = config.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));

  async function call(path: string, init: RequestInit): Promise<Response> {
    const signal = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal, redirect: "error" });
    } catch (err) {
      if (signal.aborted) throw new ProviderUnavailableError("provider_timeout", `DigiLocker did not answer ${path} within ${timeoutMs} ms.`);
      throw new ProviderUnavailableError("provider_unavailable", `DigiLocker could not be reached for ${path}: ${(err as Error).message}`);
    }
    if (res.status >= 500 || res.status === 429 || res.status === 408) {
      const { error } = await errorOf(res);
      throw new ProviderUnavailableError("provider_unavailable", `DigiLocker answered ${res.status}${error ? ` ${error}` : ""} on ${path}.`);
    }
    return res;
  }

  async function read(res: Response, path: string): Promise<Uint8Array> {
    try {
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.length > MAX_FILE_BYTES)
        throw new DigilockerError("digilocker_answer_invalid", null, `DigiLocker sent more than ${MAX_FILE_BYTES} bytes on ${path}.`);
      return bytes;
    } catch (err) {
      if (err instanceof DigilockerError) throw err;
      throw new ProviderUnavailableError("provider_unavailable", `DigiLocker's answer on ${path} could not be read.`);
    }
  }

  /** A 4xx answer of a Bearer call as the error it means. */
  async function refused(res: Response, path: string, notFound: DigilockerErrorCode): Promise<never> {
    const { error, description } = await errorOf(res);
    const detail = `DigiLocker answered ${res.status}${error ? ` ${error}` : ""}${description ? ` (${description})` : ""} on ${path}.`;
    if (res.status === 401) {
      throw new DigilockerError(error === "invalid_client_id" ? "digilocker_client_invalid" : "digilocker_token_invalid", error, detail);
    }
    if (res.status === 404 || (res.status === 400 && error === "uri_missing")) throw new DigilockerError(notFound, error, detail);
    throw new DigilockerError("digilocker_answer_invalid", error, detail);
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    authorizationUrl({ state, codeChallenge }) {
      const url = new URL(`${base}/oauth2/1/authorize`);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      return url.toString();
    },

    async exchangeCode(code, codeVerifier) {
      const path = "/oauth2/1/token";
      const res = await call(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          redirect_uri: config.redirectUri,
          code_verifier: codeVerifier,
        }).toString(),
      });
      if (res.status !== 200) {
        const { error, description } = await errorOf(res);
        const detail = `DigiLocker refused the token request (${res.status}${error ? ` ${error}` : ""}${description ? `: ${description}` : ""}).`;
        const client = res.status === 401 || (error !== null && /client|redirect/.test(error));
        throw new DigilockerError(client ? "digilocker_client_invalid" : "digilocker_code_invalid", error, detail);
      }
      const parsed = ZAccessResponse.safeParse(await jsonOf(res));
      if (!parsed.success) throw new DigilockerError("digilocker_answer_invalid", null, "DigiLocker's token answer has no access_token.");
      const t = parsed.data;
      return { accessToken: t.access_token, eaadhaar: t.eaadhar === undefined ? null : t.eaadhar === "Y", digilockerId: t.digilocker_id ?? null };
    },

    async issuedDocuments(accessToken) {
      const path = "/oauth2/2/files/issued";
      const res = await call(path, { headers: { ...bearer(accessToken), accept: "application/json" } });
      if (res.status !== 200) return refused(res, path, "digilocker_answer_invalid");
      const parsed = ZIssuedList.safeParse(await jsonOf(res));
      if (!parsed.success) throw new DigilockerError("digilocker_answer_invalid", null, "DigiLocker's issued documents answer is not the documented list.");
      return parsed.data.items.map((i) => ({
        name: i.name,
        uri: i.uri,
        doctype: i.doctype ?? "",
        description: i.description ?? null,
        issuer: i.issuer ?? null,
        issuerId: i.issuerid ?? null,
        date: i.date ?? null,
        mime: (Array.isArray(i.mime) ? i.mime : i.mime ? [i.mime] : []).filter(Boolean),
      }));
    },

    async eaadhaarXml(accessToken) {
      const path = "/oauth2/2/xml/eaadhaar";
      const res = await call(path, { headers: { ...bearer(accessToken), accept: "application/xml" } });
      if (res.status !== 200) return refused(res, path, "digilocker_no_aadhaar");
      return new TextDecoder("utf-8").decode(await read(res, path));
    },

    async issuedFile(accessToken, uri) {
      const path = `/oauth2/1/file/${encodeURIComponent(uri)}`;
      const res = await call(path, { headers: bearer(accessToken) });
      if (res.status !== 200) return refused(res, path, "digilocker_document_not_found");
      const contentType = (res.headers.get("content-type") ?? "application/octet-stream").split(";")[0]!.trim().toLowerCase();
      return { bytes: await read(res, path), contentType };
    },
  };
}

/** The body as JSON, or null. */
async function jsonOf(res: Response): Promise<unknown> {
  try {
    return JSON.parse(await res.text()) as unknown;
  } catch {
    return null;
  }
}

/** DigiLocker's `{ error, error_description }`, when the body is that. */
async function errorOf(res: Response): Promise<{ error: string | null; description: string | null }> {
  const body = await jsonOf(res);
  const obj = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return {
    error: typeof obj.error === "string" ? obj.error : null,
    description: typeof obj.error_description === "string" ? obj.error_description : null,
  };
}
