/**
 * DigiLocker over HTTP as an applicant's browser and an integrator meet it (test mode): a
 * session of the seeded "India KYC (DigiLocker)" workflow, the flow's `flow.startDigilocker`, the
 * sandbox DigiLocker's consent page and its redirect, the flow's callback and its redirect back
 * to the flow, the step submitted with the authorization, a selfie of the sandbox person's face
 * taken with the template's liveness challenge (a 3D head rendered from that face doing the
 * actions, its frames posted as the flow's camera posts them); then the session's checks:
 * `in.aadhaar.digilocker` passed, the face matched against the Aadhaar photo, the challenge held.
 * Also the sandbox's documented error answers, and a callback state that works once.
 */
import { describe, expect, inject, it } from "vitest";
import { CONSENT_NOTICE_VERSION } from "../../server/steps/consent/consent.schemas";
import { api } from "./client";
import { callFlowProcedure } from "../fixtures/flow-procedure";
import { challengeFrames } from "../fixtures/liveness/e2e-frames";
import { FRAME_MS } from "../fixtures/liveness/sequences";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);

interface Session {
  id: string;
  client_token: string;
}

const flow = (s: Session, procedure: string, input: Record<string, unknown>, kind: "mutation" | "query" = "mutation") =>
  callFlowProcedure(fx.baseUrl, s.client_token, procedure, { sessionId: s.id, ...input }, kind);
const submit = (s: Session, step: string, values: unknown) => flow(s, "flow.submitStep", { step, values });
/** Uploads a file to the flow's selfie step as the page does (`fields`: the challenge's nonce and capture time of a frame); returns its id. */
async function upload(s: Session, kind: string, bytes: Uint8Array, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  form.append("step", "selfie");
  form.append("kind", kind);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([Buffer.from(bytes)], { type: "image/jpeg" }), `${kind}.jpg`);
  const res = await fetch(`${fx.baseUrl}/flow/${s.id}/upload`, { method: "POST", headers: { authorization: `Bearer ${s.client_token}` }, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * The selfie step with its liveness challenge, as the flow's camera does it: a challenge, the
 * rendered head of the sandbox person's face doing its actions (one noise byte per frame: a camera
 * never repeats bytes), the server's verdict, then the step submitted with the challenge.
 */
async function livenessSelfie(s: Session): Promise<{ verdict: unknown }> {
  const challenge = (await flow(s, "flow.livenessChallenge", { step: "selfie" })) as { id: string; nonce: string; actions: string[] };
  const frames = challengeFrames("collins-head", challenge.actions as never);
  const selfie = await upload(s, "selfie", frames[0]!);
  for (const [i, bytes] of frames.entries())
    await upload(s, "selfie_frame", Uint8Array.from([...bytes, i]), { challenge: challenge.nonce, captured_ms: String(200 + i * FRAME_MS) });
  const verdict = await flow(s, "flow.livenessVerdict", { step: "selfie", challenge_id: challenge.id, selfie_file_id: selfie });
  await submit(s, "selfie", { files: [selfie], challenge_id: challenge.id });
  return { verdict };
}

/** A GET of the app that does not follow redirects. */
const get = (pathAndQuery: string) => fetch(`${fx.baseUrl}${pathAndQuery}`, { redirect: "manual" });

async function digilockerSession(): Promise<Session> {
  const list = await demo("GET", "/v1/workflows?limit=100");
  const workflow = (list.body.data as { id: string; name: string }[]).find((w) => w.name === "India KYC (DigiLocker)");
  expect(workflow, "the seeded DigiLocker workflow").toBeDefined();
  const created = await demo("POST", "/v1/sessions", { workflow_id: workflow!.id });
  expect(created.status).toBe(201);
  const s = created.body as Session;
  await flow(s, "flow.start", {});
  await submit(s, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await flow(s, "flow.sendOtp", { step: "phone", values: { destination: "9876543210" } });
  await flow(s, "flow.verifyOtp", { step: "phone", values: { code: "123456" } });
  return s;
}

/** The applicant at the sandbox DigiLocker, choosing `choice`; returns the callback address DigiLocker sends the browser to. */
async function consentAt(s: Session, choice: { person: string } | { decision: "deny" }): Promise<string> {
  const { url } = (await flow(s, "flow.startDigilocker", { step: "digilocker" })) as { url: string };
  const authorize = new URL(url, fx.baseUrl);
  expect(authorize.pathname).toBe("/digilocker-sandbox/public/oauth2/1/authorize");
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  const page = await get(`${authorize.pathname}${authorize.search}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Allow as Ravi Kumar");
  const consent = await get(`/digilocker-sandbox/consent?${new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), ...choice })}`);
  expect(consent.status).toBe(303);
  const callback = new URL(consent.headers.get("location")!, fx.baseUrl);
  expect(callback.pathname).toBe("/flow/digilocker/callback");
  return `${callback.pathname}${callback.search}`;
}

describe("DigiLocker step (sandbox)", () => {
  it("takes the applicant through DigiLocker and matches the selfie with the Aadhaar photo", async () => {
    const s = await digilockerSession();
    const callback = await consentAt(s, { person: "ravi" });
    const back = await get(callback);
    expect(back.status).toBe(303);
    expect(back.headers.get("cache-control")).toBe("no-store");
    const location = new URL(back.headers.get("location")!, fx.baseUrl);
    expect(location.pathname).toBe(`/flow/${s.id}`);
    const authorization = location.searchParams.get("digilocker")!;
    expect(authorization).toMatch(/^dla_/);
    // the state works once
    expect((await get(callback)).status).toBe(400);

    await submit(s, "digilocker", { method: "digilocker", authorization_id: authorization });
    const state = (await flow(s, "flow.state", {}, "query")) as { steps: { name: string; values: unknown }[] };
    expect(state.steps.find((st) => st.name === "digilocker")?.values).toEqual({ method: "digilocker", documents: ["PAN Verification Record"] });

    // the template's selfie needs its liveness challenge: a selfie alone is refused
    await expect(submit(s, "selfie", { files: [await upload(s, "selfie", challengeFrames("collins-head", [])[0]!)] })).rejects.toThrow(
      /liveness_challenge_required/,
    );
    expect((await livenessSelfie(s)).verdict).toEqual({ status: "passed", error_code: null, attempt: 1, attempts_left: 2 });
    await submit(s, "review", { confirmed: true });

    await expect
      .poll(async () => (await demo("GET", `/v1/sessions/${s.id}`)).body.status, { timeout: 90_000, interval: 500 })
      .not.toMatch(/^(in_progress|processing)$/);
    const session = (await demo("GET", `/v1/sessions/${s.id}?expand=checks`)).body as {
      status: string;
      checks: { check_key: string; status: string; result: Record<string, unknown> }[];
    };
    const check = (key: string) => session.checks.find((c) => c.check_key === key);
    expect(check("in.aadhaar.digilocker")).toMatchObject({
      status: "passed",
      result: { document: "digilocker_eaadhaar", name: "Ravi Kumar", reference_id_last4: "1234", signature_valid: true },
    });
    expect(JSON.stringify(session.checks)).not.toContain("<KycRes");
    expect(check("in.face.match")).toMatchObject({ status: "passed", result: { reference: "aadhaar_photo" } });
    // the India DigiLocker template's liveness challenge held: approved
    expect(check("in.liveness.check")).toMatchObject({ status: "passed", result: { method: "active", challenge: { status: "passed", attempt: 1 } } });
    expect(session.status).toBe("approved");
  }, 180_000);

  it("sends a declined consent back to the flow, which then takes the step's fallback", async () => {
    const s = await digilockerSession();
    const back = await get(await consentAt(s, { decision: "deny" }));
    expect(back.status).toBe(303);
    const authorization = new URL(back.headers.get("location")!, fx.baseUrl).searchParams.get("digilocker")!;
    await expect(submit(s, "digilocker", { method: "digilocker", authorization_id: authorization })).rejects.toThrow(/digilocker_declined/);
  });

  it("answers the Authorized Partner API's errors", async () => {
    const token = await fetch(`${fx.baseUrl}/digilocker-sandbox/public/oauth2/1/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: "x",
        client_id: "nobody",
        client_secret: "x",
        redirect_uri: "x",
        code_verifier: "x",
      }),
    });
    expect(token.status).toBe(401);
    expect(await token.json()).toEqual({ error: "invalid_client_id", error_description: "The client_id parameter is invalid" });
    const xml = await get("/digilocker-sandbox/public/oauth2/2/xml/eaadhaar");
    expect(xml.status).toBe(401);
    expect(await xml.json()).toMatchObject({ error: "invalid_token" });
    expect((await get("/flow/digilocker/callback?state=forged&code=x")).status).toBe(400);
    expect((await get("/digilocker-sandbox/consent?client_id=sandbox_client&redirect_uri=https://evil.example/&person=ravi")).status).toBe(400);
  });
});
