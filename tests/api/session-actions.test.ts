import { describe, expect, inject, it } from "vitest";
import { storeEvidence } from "../../server/evidence/evidence";
import { closeDb, getDb } from "../../server/db";
import { api } from "./client";
import { completeFlow, sessionInReview, waitForStatus } from "./flow";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);
const create = async (extra: object = {}) => (await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, ...extra })).body;

describe("POST /v1/sessions/{id}/cancel", () => {
  it("cancels an active session and its link stops working", async () => {
    const s = await create();
    const res = await demo("POST", `/v1/sessions/${s.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: s.id, status: "cancelled" });
    expect((await demo("GET", `/v1/sessions/${s.id}`)).body).toMatchObject({ status: "cancelled" });
    await expect(completeFlow(fx.baseUrl, s)).rejects.toThrow(/401|expired/);

    const again = await demo("POST", `/v1/sessions/${s.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ type: "conflict_error", code: "session_not_cancellable" });
  });

  it("is 409 for a decided session and 404 for another project", async () => {
    const s = await create();
    await completeFlow(fx.baseUrl, s);
    await waitForStatus(demo, s.id, "approved");
    expect((await demo("POST", `/v1/sessions/${s.id}/cancel`)).body.error.code).toBe("session_not_cancellable");
    expect((await other("POST", `/v1/sessions/${s.id}/cancel`)).status).toBe(404);
  });
});

describe("POST /v1/sessions/{id}/client_token", () => {
  it("issues a fresh token that revokes the earlier one; the flow resumes", async () => {
    const s = await create();
    const res = await demo("POST", `/v1/sessions/${s.id}/client_token`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["client_token", "url"]);
    expect(res.body.client_token).toMatch(/^st_/);
    expect(res.body.client_token).not.toBe(s.client_token);
    expect(res.body.url).toContain(`/flow/${s.id}#t=${res.body.client_token}`);

    await expect(completeFlow(fx.baseUrl, s)).rejects.toThrow(/401|expired/);
    await completeFlow(fx.baseUrl, { id: s.id, client_token: res.body.client_token });
    await waitForStatus(demo, s.id, "approved");

    const late = await demo("POST", `/v1/sessions/${s.id}/client_token`);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ type: "conflict_error", code: "session_not_resumable" });
  });
});

describe("POST /v1/sessions/{id}/decision", () => {
  it("decides a session in review, requests resubmission of named steps, and rejects unknown steps", async () => {
    const id = await sessionInReview(fx.baseUrl, demo, fx.demo.workflows.kyc);
    const unknown = await demo("POST", `/v1/sessions/${id}/decision`, {
      outcome: "resubmission_requested",
      reason_code: "document_invalid",
      steps: ["selfie"],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ param: "steps" });

    const res = await demo("POST", `/v1/sessions/${id}/decision`, { outcome: "resubmission_requested", reason_code: "document_invalid", steps: ["pan"] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, status: "resubmission_requested", outcome: "resubmission_requested" });
    const s = (await demo("GET", `/v1/sessions/${id}`)).body;
    expect(s.steps.pan).toMatchObject({ status: "pending", attempts: 1 });
    expect(s.steps.consent.status).toBe("passed");
  });

  it("overrides a final decision", async () => {
    const id = await sessionInReview(fx.baseUrl, demo, fx.demo.workflows.kyc);
    expect((await demo("POST", `/v1/sessions/${id}/decision`, { outcome: "approved", reason_code: "identity_confirmed" })).status).toBe(200);
    const override = await demo("POST", `/v1/sessions/${id}/decision`, { outcome: "declined", reason_code: "suspected_fraud", note: "Second look" });
    expect(override.body).toEqual({ id, status: "declined", outcome: "declined" });
    expect((await demo("GET", `/v1/sessions/${id}`)).body).toMatchObject({
      status: "declined",
      decision: "declined",
      decision_source: "manual",
      reason_code: "suspected_fraud",
    });
  });
});

describe("evidence and PII erasure", () => {
  it("serves an evidence file through a short-lived audited address, then erases it", async () => {
    const s = await create({ reference_id: "pii-user", metadata: { plan: "gold" }, prefill: { full_name: "Ravi Kumar", email: "ravi@example.com" } });
    await completeFlow(fx.baseUrl, s);
    await waitForStatus(demo, s.id, "approved");
    const db = await getDb();
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const image = await storeEvidence(db, {
      projectId: fx.demo.projectId,
      sessionId: s.id,
      step: "pan",
      kind: "pan_card_front",
      contentType: "image/png",
      data: png,
    });
    const doc = await storeEvidence(db, {
      projectId: fx.demo.projectId,
      sessionId: s.id,
      step: "pan",
      kind: "statement",
      contentType: "application/pdf",
      data: pdf,
    });
    await closeDb();

    const address = await demo("GET", `/v1/sessions/${s.id}/evidence/${image}`);
    expect(address.status).toBe(200);
    expect(Object.keys(address.body).sort()).toEqual(["expires_at", "url"]);
    const ttl = Date.parse(address.body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    const download = await fetch(address.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toBe("inline");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);

    const pdfAddress = await demo("GET", `/v1/sessions/${s.id}/evidence/${doc}`);
    const attachment = await fetch(pdfAddress.body.url);
    expect(attachment.headers.get("content-type")).toBe("application/octet-stream");
    expect(attachment.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(attachment.headers.get("content-security-policy")).toContain("sandbox");

    const tampered = await fetch(address.body.url.replace(/.$/, (c: string) => (c === "A" ? "B" : "A")));
    expect(tampered.status).toBe(404);
    expect((await other("GET", `/v1/sessions/${s.id}/evidence/${image}`)).status).toBe(404);
    expect((await demo("GET", `/v1/sessions/${s.id}/evidence/file_doesnotexist000000000000`)).body.error).toMatchObject({
      code: "resource_missing",
      param: "evidence_id",
    });

    const erased = await demo("DELETE", `/v1/sessions/${s.id}/pii`);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ id: s.id, erased: true, files_deleted: 2 });
    expect((await fetch(address.body.url)).status).toBe(404);
    const after = (await demo("GET", `/v1/sessions/${s.id}?expand=checks,applicant`)).body;
    expect(after).toMatchObject({ status: "approved", decision: "approved", reference_id: "pii-user", metadata: { plan: "gold" }, applicant: null });
    expect(after.pii_erased_at).not.toBeNull();
    expect(after.checks[0]).toMatchObject({ check_key: "in.pan.verify", status: "passed", result: null });

    const again = await demo("DELETE", `/v1/sessions/${s.id}/pii`);
    expect(again.body).toMatchObject({ erased: true, files_deleted: 0 });
    const events = await demo("GET", `/v1/events?type=session.pii_erased&limit=100`);
    expect(events.body.data.filter((e: { data: { session: { id: string } } }) => e.data.session.id === s.id)).toHaveLength(1);
    expect((await other("DELETE", `/v1/sessions/${s.id}/pii`)).status).toBe(404);
  });
});
