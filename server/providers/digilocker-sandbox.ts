/**
 * The sandbox DigiLocker that test mode uses (README "DigiLocker"): the Authorized Partner API
 * of ./digilocker.ts (token, issued documents, e-Aadhaar XML, issued file), errors included, over
 * a few invented people, and the consent page's decision. The e-Aadhaar XML is signed by the
 * sandbox UIDAI signer (./uidai-sandbox/, whose private key is public), which test mode trusts
 * and live mode never does.
 *
 * Served two ways: in-process (`sandboxFetch`, what the test-mode client calls) and over HTTP
 * under `/digilocker-sandbox/public/...` (app/digilocker-sandbox/), with the consent page at
 * `/digilocker-sandbox/public/oauth2/1/authorize`.
 *
 * Codes and access tokens are stateless: HMAC-SHA256 (key derived from the app secret) over the
 * person, the PKCE challenge and an expiry, so the token endpoint checks PKCE as DigiLocker does.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { z } from "zod";
import { authSecret } from "../auth/auth-secret";
import { signEnveloped } from "../checks/aadhaar/uidai-xmldsig";
import { appUrl } from "../env";
import { pkceChallenge } from "./digilocker";

/** The sandbox's client credentials (Settings are not needed in test mode). */
export const DIGILOCKER_SANDBOX_CLIENT = { clientId: "sandbox_client", clientSecret: "sandbox_secret" } as const;

/** The sandbox API base, the `/public` prefix included. */
export const digilockerSandboxBaseUrl = (): string => `${appUrl()}/digilocker-sandbox/public`;

/**
 * The only redirect URI the sandbox sends browsers back to: the flow's callback, relative, so the
 * applicant stays on the origin they opened the flow on (their client token is kept per origin).
 */
export const DIGILOCKER_SANDBOX_REDIRECT_URI = "/flow/digilocker/callback";

interface SandboxDocument {
  doctype: string;
  name: string;
  issuer: string;
  issuerId: string;
  uri: string;
  lines: string[];
}

interface SandboxPerson {
  id: string;
  name: string;
  /** `DD-MM-YYYY`, as UIDAI writes it. */
  dob: string;
  gender: "M" | "F" | "T";
  last4: string;
  /** Hours before now at which the e-Aadhaar was generated; null = DigiLocker holds no e-Aadhaar (`eaadhar: N`). */
  eaadhaarAgeHours: number | null;
  outcome: string;
  documents: SandboxDocument[];
}

const PAN_RAVI: SandboxDocument = {
  doctype: "PANCR",
  name: "PAN Verification Record",
  issuer: "Income Tax Department",
  issuerId: "in.gov.pan",
  uri: "in.gov.pan-PANCR-ABCPE1234F",
  lines: ["PAN VERIFICATION RECORD (SANDBOX)", "PAN: ABCPE1234F", "NAME: RAVI KUMAR", "DATE OF BIRTH: 01/01/1990"],
};
const DL_RAVI: SandboxDocument = {
  doctype: "DRVLC",
  name: "Driving License",
  issuer: "Ministry of Road Transport and Highways",
  issuerId: "in.gov.transport",
  uri: "in.gov.transport-DRVLC-KA0120200001234",
  lines: ["DRIVING LICENCE (SANDBOX)", "DL NO: KA01 20200001234", "NAME: RAVI KUMAR", "DOB: 01-01-1990"],
};

/**
 * The sandbox people, shown on the consent page (README "DigiLocker" lists them with their
 * outcomes). Ravi Kumar is the PAN sandbox's person (ABCPE1234F), so a session can pass both.
 */
export const DIGILOCKER_SANDBOX_PEOPLE: readonly SandboxPerson[] = [
  {
    id: "ravi",
    name: "Ravi Kumar",
    dob: "01-01-1990",
    gender: "M",
    last4: "1234",
    eaadhaarAgeHours: 0,
    outcome: "e-Aadhaar (signed now, with a photo that matches the selfie-collins test face), PAN and driving licence: the Aadhaar check passes",
    documents: [PAN_RAVI, DL_RAVI],
  },
  {
    id: "no_aadhaar",
    name: "Asha Verma",
    dob: "15-08-1991",
    gender: "F",
    last4: "5678",
    eaadhaarAgeHours: null,
    outcome: "no Aadhaar linked to the DigiLocker account (eaadhar N, 404 aadhaar_not_linked): the step offers its fallback",
    documents: [{ ...PAN_RAVI, uri: "in.gov.pan-PANCR-ABCPV5678Q", lines: ["PAN VERIFICATION RECORD (SANDBOX)", "PAN: ABCPV5678Q", "NAME: ASHA VERMA"] }],
  },
  {
    id: "stale",
    name: "Kiran Rao",
    dob: "02-02-1985",
    gender: "T",
    last4: "9012",
    eaadhaarAgeHours: 24 * 5,
    outcome: "an e-Aadhaar generated 5 days ago: the Aadhaar check fails aadhaar_ekyc_stale",
    documents: [],
  },
];

const TOKEN_TTL_S = 600;

function macKey(): Buffer {
  return createHmac("sha256", authSecret()).update("digilocker-sandbox-v1").digest();
}

function sealClaims(claims: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${createHmac("sha256", macKey()).update(payload).digest("base64url")}`;
}

const ZCodeClaims = z.object({ k: z.literal("code"), p: z.string(), c: z.string(), e: z.number() });
const ZTokenClaims = z.object({ k: z.literal("token"), p: z.string(), e: z.number() });

function openClaims<T>(value: string, schema: z.ZodType<T>): T | null {
  const [payload, mac] = value.split(".");
  if (!payload || !mac) return null;
  const expected = Buffer.from(createHmac("sha256", macKey()).update(payload).digest("base64url"));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success && (parsed.data as { e: number }).e > Date.now() / 1000 ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The authorization request the consent page shows, when it is one the sandbox answers. */
export const ZSandboxAuthorize = z.object({
  response_type: z.literal("code"),
  client_id: z.literal(DIGILOCKER_SANDBOX_CLIENT.clientId),
  redirect_uri: z.string(),
  state: z.string().min(1).max(200),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal("S256"),
});
export type TSandboxAuthorize = z.infer<typeof ZSandboxAuthorize>;

/**
 * Where the consent page sends the browser (relative to its origin): the callback with a code for
 * `personId`, or with `error=access_denied` when the applicant declines (`personId` null).
 * @returns null when the request is not one the sandbox answers (another client or redirect URI: never an open redirect).
 */
export function sandboxConsentRedirect(query: Record<string, string | undefined>, personId: string | null): string | null {
  const parsed = ZSandboxAuthorize.safeParse(query);
  if (!parsed.success || parsed.data.redirect_uri !== DIGILOCKER_SANDBOX_REDIRECT_URI) return null;
  const { redirect_uri, state, code_challenge } = parsed.data;
  if (personId === null) {
    return `${redirect_uri}?${new URLSearchParams({ error: "access_denied", error_description: "The user denied the authorization request.", state })}`;
  }
  if (!DIGILOCKER_SANDBOX_PEOPLE.some((p) => p.id === personId)) return null;
  const code = sealClaims({ k: "code", p: personId, c: code_challenge, e: Math.floor(Date.now() / 1000) + TOKEN_TTL_S });
  return `${redirect_uri}?${new URLSearchParams({ code, state })}`;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const fail = (status: number, error: string, description: string) => json(status, { error, error_description: description });

const SANDBOX_KEY_PATH = path.resolve(process.cwd(), "server/providers/uidai-sandbox/sandbox-key.pem");
const PHOTO_PATH = path.resolve(process.cwd(), "server/providers/digilocker-sandbox/photo-collins.jpg");

const xmlAttr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** `at` as UIDAI writes `ts`: local IST time with its offset. */
function istTimestamp(at: Date): string {
  return `${new Date(at.getTime() + 330 * 60 * 1000).toISOString().replace("Z", "")}+05:30`;
}

/** The person's e-Aadhaar: a `KycRes` as the specification describes it, signed by the sandbox signer. */
export function sandboxEaadhaarXml(person: SandboxPerson, now = new Date()): string {
  const generated = new Date(now.getTime() - (person.eaadhaarAgeHours ?? 0) * 3600 * 1000);
  const photo = readFileSync(PHOTO_PATH).toString("base64");
  const xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
    `<KycRes code="sandbox-${person.id}" ret="Y" ts="${istTimestamp(generated)}" ttl="${istTimestamp(new Date(generated.getTime() + 365 * 86400000))}" txn="UKC:sandbox:${person.id}">` +
    `<Rar>U0FOREJPWA==</Rar>` +
    `<UidData tkn="sandbox-token-${person.id}" uid="xxxxxxxx${person.last4}">` +
    `<Poi dob="${person.dob}" gender="${person.gender}" name="${xmlAttr(person.name)}"/>` +
    `<Poa co="C/O Sandbox Parent" country="India" dist="Bengaluru Urban" house="12" lm="Near Sandbox Park" loc="Indiranagar" pc="560038" po="Indiranagar" state="Karnataka" street="100 Feet Road" subdist="Bengaluru East" vtc="Bengaluru"/>` +
    `<LData co="" country="" dist="" house="" lang="06" lm="" loc="" name="${xmlAttr(person.name)}" pc="560038" po="" state="" street="" subdist="" vtc=""/>` +
    `<Pht>${photo}</Pht>` +
    `<Prn type="pdf">U0FOREJPWA==</Prn>` +
    `</UidData>` +
    `</KycRes>`;
  return signEnveloped(xml, readFileSync(SANDBOX_KEY_PATH, "utf8"));
}

/** A picture of an issued document (PNG): its lines on a card. */
async function documentImage(doc: SandboxDocument): Promise<Uint8Array> {
  const text = doc.lines.map((l, i) => `<text x="30" y="${60 + i * 40}" font-family="sans-serif" font-size="24">${xmlAttr(l)}</text>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${100 + doc.lines.length * 40}"><rect width="100%" height="100%" fill="#f4f6f8"/>${text}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

function personOf(req: Request): SandboxPerson | null {
  const auth = req.headers.get("authorization") ?? "";
  const token = auth.startsWith("Bearer ") ? auth.slice(7) : "";
  const claims = openClaims(token, ZTokenClaims);
  return (claims && DIGILOCKER_SANDBOX_PEOPLE.find((p) => p.id === claims.p)) ?? null;
}

/** DDMMYYYY, as the token answer writes `dob`. */
const compactDob = (dob: string) => dob.replace(/-/g, "");

/**
 * Answers one API request; `req.url`'s path ends with the documented path (`.../public/oauth2/1/token`).
 * Unknown paths are 404 `{ error: "invalid_path" }`.
 */
export async function handleDigilockerSandbox(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  const route = pathname.replace(/^.*?\/public(?=\/oauth2\/)/, "");

  if (route === "/oauth2/1/token" && req.method === "POST") {
    const form = new URLSearchParams(await req.text());
    if (form.get("client_id") !== DIGILOCKER_SANDBOX_CLIENT.clientId || form.get("client_secret") !== DIGILOCKER_SANDBOX_CLIENT.clientSecret) {
      return fail(401, "invalid_client_id", "The client_id parameter is invalid");
    }
    if (form.get("grant_type") !== "authorization_code") return fail(400, "invalid_grant_type", "The grant_type parameter is invalid");
    if (form.get("redirect_uri") !== DIGILOCKER_SANDBOX_REDIRECT_URI) return fail(400, "invalid_redirect_uri", "The redirect_uri parameter is invalid");
    const code = openClaims(form.get("code") ?? "", ZCodeClaims);
    if (!code) return fail(400, "invalid_grant", "The authorization code is invalid or expired");
    if (pkceChallenge(form.get("code_verifier") ?? "") !== code.c) return fail(400, "invalid_grant", "The code_verifier does not match the code_challenge");
    const person = DIGILOCKER_SANDBOX_PEOPLE.find((p) => p.id === code.p)!;
    return json(200, {
      access_token: sealClaims({ k: "token", p: person.id, e: Math.floor(Date.now() / 1000) + TOKEN_TTL_S }),
      expires_in: TOKEN_TTL_S,
      token_type: "Bearer",
      scope: "files.issueddocs",
      refresh_token: "sandbox-refresh-not-supported",
      digilocker_id: `sandbox-${person.id}`,
      name: person.name,
      dob: compactDob(person.dob),
      gender: person.gender,
      eaadhar: person.eaadhaarAgeHours === null ? "N" : "Y",
      reference_key: `sandbox-${person.id}`,
    });
  }

  if (req.method !== "GET") return fail(404, "invalid_path", "No such API");
  const person = personOf(req);
  if (route === "/oauth2/2/files/issued" || route === "/oauth2/2/xml/eaadhaar" || route.startsWith("/oauth2/1/file/")) {
    if (!person) return fail(401, "invalid_token", "The access token is invalid");
  }
  if (!person) return fail(404, "invalid_path", "No such API");

  if (route === "/oauth2/2/files/issued") {
    return json(200, {
      items: person.documents.map((d) => ({
        name: d.name,
        type: "file",
        size: "",
        date: "2024-04-01T10:00:00Z",
        parent: "",
        mime: ["image/png"],
        uri: d.uri,
        doctype: d.doctype,
        description: d.name,
        issuerid: d.issuerId,
        issuer: d.issuer,
      })),
      resource: "issued",
    });
  }
  if (route === "/oauth2/2/xml/eaadhaar") {
    if (person.eaadhaarAgeHours === null) return fail(404, "aadhaar_not_linked", "Aadhaar is not linked to the account");
    return new Response(sandboxEaadhaarXml(person), { status: 200, headers: { "content-type": "application/xml" } });
  }
  const uri = decodeURIComponent(route.slice("/oauth2/1/file/".length));
  if (!uri) return fail(400, "uri_missing", "URI parameter missing");
  const doc = person.documents.find((d) => d.uri === uri);
  if (!doc) return fail(404, "invalid_uri", "No file found for given URI");
  return new Response(Buffer.from(await documentImage(doc)), { status: 200, headers: { "content-type": "image/png" } });
}

/** The sandbox as a `fetch` for the test-mode client (no network). */
export const sandboxFetch = (input: string, init: RequestInit): Promise<Response> => handleDigilockerSandbox(new Request(input, init));
