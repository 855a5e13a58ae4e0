/**
 * The DigiLocker client (./digilocker.ts) against a loopback HTTP server (node:http on
 * 127.0.0.1) that speaks DigiLocker's Authorized Partner API: the sandbox's handler
 * (./digilocker-sandbox.ts) behind a real socket, with the requests recorded, and DigiLocker's
 * outage answers (500 `repository_service_unresponsive`, 503, no answer) injected by path.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDigilockerClient, DigilockerError, newPkce, pkceChallenge, type DigilockerClient } from "./digilocker";
import { DIGILOCKER_SANDBOX_CLIENT, DIGILOCKER_SANDBOX_REDIRECT_URI, handleDigilockerSandbox, sandboxConsentRedirect } from "./digilocker-sandbox";
import { ProviderUnavailableError } from "./provider";

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let base: string;
const recorded: Recorded[] = [];
/** Path prefix -> what the server does instead of answering like DigiLocker. */
const outages = new Map<string, "500" | "503" | "hang">();

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = req.url ?? "/";
      recorded.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      const outage = [...outages].find(([prefix]) => path.startsWith(prefix))?.[1];
      if (outage === "hang") return; // never answers: the client's timeout
      if (outage) {
        res.writeHead(Number(outage), { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            error: outage === "500" ? "repository_service_unresponsive" : "repository_service_unpublished",
            error_description: "Internal server error",
          }),
        );
        return;
      }
      const answer = await handleDigilockerSandbox(
        new Request(`http://127.0.0.1${path}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: req.method === "POST" ? body : undefined,
        }),
      );
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/public`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = (over: Partial<Parameters<typeof createDigilockerClient>[0]> = {}): DigilockerClient =>
  createDigilockerClient({ baseUrl: base, ...DIGILOCKER_SANDBOX_CLIENT, redirectUri: DIGILOCKER_SANDBOX_REDIRECT_URI, timeoutMs: 1500, ...over });

/** What the applicant's browser brings back from the consent page for `person`: the code, and the verifier the service kept. */
function consent(person: string | null): { code: string | null; error: string | null; state: string | null; verifier: string } {
  const { verifier, challenge } = newPkce();
  const authorize = new URL(client().authorizationUrl({ state: "st-123", codeChallenge: challenge }));
  const back = new URL(sandboxConsentRedirect(Object.fromEntries(authorize.searchParams), person)!, "http://applicant.example");
  expect(back.pathname).toBe("/flow/digilocker/callback");
  return { code: back.searchParams.get("code"), error: back.searchParams.get("error"), state: back.searchParams.get("state"), verifier };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

describe("DigiLocker Authorized Partner API client", () => {
  it("derives the S256 code challenge as RFC 7636 (appendix B) and DigiLocker's specification say", () => {
    expect(pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    const { verifier, challenge } = newPkce();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(challenge).toBe(pkceChallenge(verifier));
  });

  it("builds the documented authorization request", () => {
    const url = new URL(client().authorizationUrl({ state: "abc", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" }));
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/oauth2/1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "sandbox_client",
      redirect_uri: DIGILOCKER_SANDBOX_REDIRECT_URI,
      state: "abc",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
  });

  it("exchanges the code with the PKCE verifier, then reads the e-Aadhaar, the issued documents and a file", async () => {
    const back = consent("ravi");
    expect(back).toMatchObject({ state: "st-123", error: null });
    recorded.length = 0;
    const dl = client();
    const account = await dl.exchangeCode(back.code!, back.verifier);
    expect(account).toEqual({ accessToken: expect.any(String), eaadhaar: true, digilockerId: "sandbox-ravi" });
    const token = recorded[0]!;
    expect(token).toMatchObject({ method: "POST", path: "/public/oauth2/1/token" });
    expect(token.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: "authorization_code",
      code: back.code,
      client_id: "sandbox_client",
      client_secret: "sandbox_secret",
      redirect_uri: DIGILOCKER_SANDBOX_REDIRECT_URI,
      code_verifier: back.verifier,
    });

    const xml = await dl.eaadhaarXml(account.accessToken);
    expect(xml).toMatch(/^<\?xml[^>]*\?><KycRes [^>]*ret="Y"/);
    expect(xml).toContain('uid="xxxxxxxx1234"');
    expect(recorded.at(-1)).toMatchObject({ method: "GET", path: "/public/oauth2/2/xml/eaadhaar" });
    expect(recorded.at(-1)!.headers.authorization).toBe(`Bearer ${account.accessToken}`);

    const docs = await dl.issuedDocuments(account.accessToken);
    expect(recorded.at(-1)).toMatchObject({ path: "/public/oauth2/2/files/issued" });
    expect(docs).toEqual([
      expect.objectContaining({ doctype: "PANCR", issuer: "Income Tax Department", issuerId: "in.gov.pan", uri: "in.gov.pan-PANCR-ABCPE1234F" }),
      expect.objectContaining({ doctype: "DRVLC", issuerId: "in.gov.transport", uri: "in.gov.transport-DRVLC-KA0120200001234" }),
    ]);
    const file = await dl.issuedFile(account.accessToken, docs[0]!.uri);
    expect(recorded.at(-1)).toMatchObject({ path: "/public/oauth2/1/file/in.gov.pan-PANCR-ABCPE1234F" });
    expect(file.contentType).toBe("image/png");
    expect(Buffer.from(file.bytes.subarray(0, 8)).toString("hex")).toBe("89504e470d0a1a0a");
  });

  it("maps DigiLocker's refusals to stable codes", async () => {
    const back = consent("ravi");
    // a verifier that is not the code's: invalid_grant
    const wrongVerifier = (await rejection(client().exchangeCode(back.code!, newPkce().verifier))) as DigilockerError;
    expect(wrongVerifier).toBeInstanceOf(DigilockerError);
    expect(wrongVerifier).toMatchObject({ code: "digilocker_code_invalid", vendorError: "invalid_grant" });
    // the project's secret is wrong: a settings problem, not the applicant's
    expect(await rejection(client({ clientSecret: "nope" }).exchangeCode(back.code!, back.verifier))).toMatchObject({
      code: "digilocker_client_invalid",
      vendorError: "invalid_client_id",
    });
    expect(await rejection(client().exchangeCode("forged.code", back.verifier))).toMatchObject({ code: "digilocker_code_invalid" });

    const { accessToken } = await client().exchangeCode(back.code!, back.verifier);
    expect(await rejection(client().issuedFile(accessToken, "in.gov.pan-PANCR-NOPE"))).toMatchObject({
      code: "digilocker_document_not_found",
      vendorError: "invalid_uri",
    });
    expect(await rejection(client().eaadhaarXml("not-a-token"))).toMatchObject({ code: "digilocker_token_invalid", vendorError: "invalid_token" });
    expect(await rejection(client().issuedDocuments("not-a-token"))).toMatchObject({ code: "digilocker_token_invalid" });
  });

  it("tells an account without Aadhaar (eaadhar N, 404 aadhaar_not_linked)", async () => {
    const back = consent("no_aadhaar");
    const account = await client().exchangeCode(back.code!, back.verifier);
    expect(account.eaadhaar).toBe(false);
    expect(await rejection(client().eaadhaarXml(account.accessToken))).toMatchObject({ code: "digilocker_no_aadhaar", vendorError: "aadhaar_not_linked" });
    expect(consent(null)).toMatchObject({ code: null, error: "access_denied", state: "st-123" });
  });

  it("reports outages as provider_unavailable and silence as provider_timeout", async () => {
    const back = consent("ravi");
    const { accessToken } = await client().exchangeCode(back.code!, back.verifier);
    outages.set("/public/oauth2/2/xml/eaadhaar", "500");
    outages.set("/public/oauth2/1/file/", "503");
    outages.set("/public/oauth2/2/files/issued", "hang");
    try {
      const e500 = await rejection(client().eaadhaarXml(accessToken));
      expect(e500).toBeInstanceOf(ProviderUnavailableError);
      expect(e500).toMatchObject({ errorCode: "provider_unavailable", message: expect.stringContaining("500 repository_service_unresponsive") });
      expect(await rejection(client().issuedFile(accessToken, "x"))).toMatchObject({ errorCode: "provider_unavailable" });
      expect(await rejection(client({ timeoutMs: 200 }).issuedDocuments(accessToken))).toMatchObject({ errorCode: "provider_timeout" });
    } finally {
      outages.clear();
    }
    expect(
      await rejection(createDigilockerClient({ baseUrl: "http://127.0.0.1:1/public", ...DIGILOCKER_SANDBOX_CLIENT, redirectUri: "x" }).eaadhaarXml("t")),
    ).toMatchObject({
      errorCode: "provider_unavailable",
    });
  });

  it("never redirects the browser anywhere but the flow's callback", () => {
    const { challenge } = newPkce();
    const request = Object.fromEntries(new URL(client().authorizationUrl({ state: "s", codeChallenge: challenge })).searchParams);
    expect(sandboxConsentRedirect({ ...request, redirect_uri: "https://evil.example/cb" }, "ravi")).toBeNull();
    expect(sandboxConsentRedirect({ ...request, client_id: "other" }, "ravi")).toBeNull();
    expect(sandboxConsentRedirect(request, "nobody")).toBeNull();
  });
});
