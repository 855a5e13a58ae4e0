/**
 * KYB over HTTP as an integrator sees it: a session of the seeded "India KYB" workflow taken
 * through the hosted flow's procedures (business PAN, details, documents uploaded through the
 * upload route, one director, bank account), then `expand=business`, `related_sessions`, the
 * director's own session (`parent_session_id`), the `session.child_updated` events and the
 * business decided once the director is; and the erasure of a business's personal data.
 */
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { CONSENT_NOTICE_VERSION } from "../../server/steps/consent/consent.schemas";
import { api } from "./client";
import { waitForStatus } from "./flow";
import { callFlowProcedure } from "../fixtures/flow-procedure";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);

const flow = (token: string, procedure: string, input: unknown, kind?: "mutation" | "query") => callFlowProcedure(fx.baseUrl, token, procedure, input, kind);

async function upload(s: { id: string; client_token: string }, step: string, kind: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#eee" } })
    .png()
    .toBuffer();
  const body = new FormData();
  body.append("step", step);
  body.append("kind", kind);
  body.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "doc.png");
  const res = await fetch(`${fx.baseUrl}/flow/${s.id}/upload`, { method: "POST", headers: { authorization: `Bearer ${s.client_token}` }, body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const submit = (s: { id: string; client_token: string }, step: string, values: unknown) =>
  flow(s.client_token, "flow.submitStep", { sessionId: s.id, step, values });

/** A session of the India KYB workflow through business PAN, details, documents and one director (key_people). */
async function businessWithDirector(reference: string): Promise<{ id: string; client_token: string }> {
  const created = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyb, reference_id: reference });
  expect(created.status).toBe(201);
  const s = created.body as { id: string; client_token: string };
  await flow(s.client_token, "flow.start", { sessionId: s.id });
  await submit(s, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await submit(s, "business_pan", { pan: "ABCCE1234F", name: "Sandbox Private Limited", dob: "2015-01-01" });
  await submit(s, "business_details", {
    legal_name: "Sandbox Private Limited",
    constitution: "private_limited",
    gstin: "27ABCCE1234F1Z2",
    cin: "U72900KA2015PTC012345",
    address: { line1: "12 MG Road", city: "Mumbai", state: "Maharashtra", pincode: "400001" },
  });
  const files: Record<string, string> = {};
  for (const type of ["certificate_of_incorporation", "board_resolution", "gst_certificate"])
    files[type] = await upload(s, "business_documents", `${type}_document`);
  await submit(s, "business_documents", { files });
  await submit(s, "key_people", { people: [{ name: "Asha Verma", role: "director", email: "asha@example.com", phone: "9876543210", ownership_percent: 51 }] });
  return s;
}

describe("a KYB session", () => {
  it("shows the business profile with sources, lists the director's session, and is decided after it", async () => {
    const s = await businessWithDirector("api-kyb");
    // validated as typed and again by the server: field-level keys
    await expect(
      submit(s, "business_details", { legal_name: "Sandbox Private Limited", constitution: "private_limited", gstin: "27ABCCE1234F1Z3", cin: "", address: {} }),
    ).rejects.toThrow(/gstin_checksum_invalid/);
    await submit(s, "bank_account", { account_number: "50100012345678", account_number_confirm: "50100012345678", ifsc: "HDFC0000001" });

    const waiting = await demo("GET", `/v1/sessions/${s.id}?expand=business`);
    expect(waiting.body).toMatchObject({ type: "kyb", status: "in_progress", parent_session_id: null });
    expect(waiting.body.related_sessions).toEqual([{ id: expect.stringMatching(/^ses_/), role: "director", status: "created" }]);
    expect(waiting.body.business).toMatchObject({
      legal_name: { value: "SANDBOX PRIVATE LIMITED", source: "in.cin.verify" },
      status: { value: "Active", source: "in.cin.verify" },
      cin: { value: "U72900KA2015PTC012345", source: "in.cin.verify", verified: true },
      gstin: { value: "27ABCCE1234F1Z2", source: "in.gstin.verify", verified: true },
      directors: { value: [{ name: "ASHA VERMA" }, { name: "RAVI KUMAR" }], source: "in.cin.verify" },
    });
    const childId = waiting.body.related_sessions[0].id as string;
    expect((await other("GET", `/v1/sessions/${childId}`)).status).toBe(404);

    const child = await demo("GET", `/v1/sessions/${childId}`);
    expect(child.body).toMatchObject({ type: "kyc", parent_session_id: s.id, related_sessions: [{ id: s.id, role: "parent", status: "in_progress" }] });
    const { client_token } = (await demo("POST", `/v1/sessions/${childId}/client_token`)).body as { client_token: string };
    const kid = { id: childId, client_token };
    await flow(client_token, "flow.start", { sessionId: childId });
    await submit(kid, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await submit(kid, "pan", { pan: "AAAPV1234K", name: "Asha Verma", dob: "1990-01-01" });

    await waitForStatus(demo, s.id, "approved", 60_000);
    const decided = await demo("GET", `/v1/sessions/${s.id}?expand=business`);
    expect(decided.body).toMatchObject({
      decision: "approved",
      decision_source: "auto",
      related_sessions: [{ id: childId, role: "director", status: "approved" }],
    });
    expect(decided.body.business.bank_account).toMatchObject({ source: "in.bank_account.verify", verified: true });

    const events = await demo("GET", "/v1/events?type=session.child_updated&limit=100");
    const mine = (events.body.data as { data: { session: { id: string }; related_session: { id: string; role: string; status: string } } }[]).filter(
      (e) => e.data.session.id === s.id,
    );
    expect(mine.map((e) => e.data.related_session.status)).toEqual(expect.arrayContaining(["started", "in_progress", "processing", "approved"]));
    expect(mine.every((e) => e.data.related_session.id === childId && e.data.related_session.role === "director")).toBe(true);
  });

  it("gives each key person a link whose secret is in the fragment, asks before taking over a device, and lets the business replace or withdraw it", async () => {
    const s = await businessWithDirector("api-kyb-invite");
    const childId = (await demo("GET", `/v1/sessions/${s.id}`)).body.related_sessions[0].id as string;
    const input = { sessionId: s.id, childSessionId: childId };
    const { url } = (await flow(s.client_token, "flow.keyPersonLink", input)) as { url: string };
    const link = new URL(url);
    expect(link.pathname).toBe(`/flow/${childId}/invite`);
    expect(link.search).toBe("");
    const k = new URLSearchParams(link.hash.slice(1)).get("k")!;
    expect(k).toMatch(/^ki_[0-9a-f]{64}$/);
    // the page itself never reflects a secret nor sends a Referer
    const page = await fetch(`${fx.baseUrl}${link.pathname}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await page.text()).not.toContain(k);

    const open = (invite: string, takeOver?: boolean) =>
      flow("", "flow.openInvite", { sessionId: childId, invite, ...(takeOver ? { takeOver } : {}) }) as Promise<{ outcome: string; url?: string }>;
    const first = await open(k);
    expect(first).toMatchObject({ outcome: "opened", url: expect.stringContaining(`/flow/${childId}#t=st_`) });
    expect(await open(k)).toEqual({ outcome: "in_use", org: expect.any(String), locale: "en", testMode: true });
    const second = await open(k, true);
    expect(second.outcome).toBe("opened");
    const firstToken = first.url!.split("#t=")[1]!;
    await expect(flow(firstToken, "flow.state", { sessionId: childId }, "query")).rejects.toThrow(/client_token_invalid/);

    // the business replaces the link: the old one and the device using it stop working
    const rotated = (await flow(s.client_token, "flow.changeKeyPersonInvite", { ...input, change: "rotate" })) as { url: string };
    expect(rotated.url).not.toBe(url);
    expect(await open(k)).toMatchObject({ outcome: "problem", problem: { reason: "invalid" } });
    await expect(flow(second.url!.split("#t=")[1]!, "flow.state", { sessionId: childId }, "query")).rejects.toThrow(/client_token_invalid/);
    // withdrawn: no link works and none is shown until a new one is made
    await flow(s.client_token, "flow.changeKeyPersonInvite", { ...input, change: "revoke" });
    expect(await open(new URLSearchParams(new URL(rotated.url).hash.slice(1)).get("k")!)).toMatchObject({ outcome: "problem", problem: { reason: "invalid" } });
    await expect(flow(s.client_token, "flow.keyPersonLink", input)).rejects.toThrow(/invite_revoked/);
    // another business's applicant cannot touch it
    const stranger = await businessWithDirector("api-kyb-invite-other");
    await expect(
      flow(stranger.client_token, "flow.changeKeyPersonInvite", { sessionId: stranger.id, childSessionId: childId, change: "rotate" }),
    ).rejects.toThrow(/resource_missing/);
  });

  it("erases the business's personal data, its copy of the director's contact data included, but not the director's own session", async () => {
    const s = await businessWithDirector("api-kyb-erased");
    const waiting = await demo("GET", `/v1/sessions/${s.id}`);
    const childId = waiting.body.related_sessions[0].id as string;

    const erased = await demo("DELETE", `/v1/sessions/${s.id}/pii`);
    expect(erased).toMatchObject({ status: 200, body: { id: s.id, erased: true, files_deleted: 3 } });
    const parent = await demo("GET", `/v1/sessions/${s.id}?expand=business`);
    expect(parent.body).toMatchObject({
      status: "cancelled",
      business: null,
      pii_erased_at: expect.any(String),
      related_sessions: [{ id: childId, role: "director", status: "cancelled" }],
    });
    // the director is someone else: their session is cancelled with the business, not erased
    const child = await demo("GET", `/v1/sessions/${childId}`);
    expect(child.body).toMatchObject({ status: "cancelled", pii_erased_at: null, parent_session_id: s.id });
    // the business's flow link stops working, and says why
    await expect(flow(s.client_token, "flow.start", { sessionId: s.id })).rejects.toThrow(/session_cancelled/);
  });
});
