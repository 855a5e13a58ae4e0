import { describe, expect, inject, it } from "vitest";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);

describe("GET /v1/ping", () => {
  it("authenticates and names the key's mode", async () => {
    expect((await demo("GET", "/v1/ping")).body).toEqual({ object: "ping", mode: "test" });
    expect((await api(fx.baseUrl, fx.demo.liveKey)("GET", "/v1/ping")).body).toEqual({ object: "ping", mode: "live" });
  });
});

describe("GET /v1/capabilities", () => {
  it("lists India's checks with their input schema and sandbox values", async () => {
    const res = await demo("GET", "/v1/capabilities?country=IN");
    expect(res.status).toBe(200);
    const india = res.body.countries[0];
    expect(india).toMatchObject({ country: "IN", name: "India", languages: ["en", "hi"] });
    const pan = india.checks.find((c: { key: string }) => c.key === "in.pan.verify");
    expect(pan).toMatchObject({ generic_key: "tax_id.verify", answered_by: "registry" });
    expect(pan.input.required).toEqual(["pan"]);
    expect(Object.keys(pan.input.properties)).toContain("name");
    expect(pan.sandbox).toContainEqual({ input: "PAN ABCPE1234F", outcome: expect.stringContaining("RAVI KUMAR") });
    expect(india.document_types).toContain("pan_card");
    const ckyc = india.checks.find((c: { key: string }) => c.key === "in.ckyc.download");
    expect(ckyc).toMatchObject({ generic_key: "kyc_record.download", answered_by: "registry", cache_ttl_seconds: 0 });
    expect(ckyc.sandbox).toContainEqual({ input: expect.stringContaining("CKYCSBX-"), outcome: expect.stringContaining("ckyc_photo") });
    expect(india.step_types).toContain("ckyc");
    expect((await demo("GET", "/v1/capabilities?country=US")).body.countries).toEqual([]);
  });

  it("names, per registry check, the live providers the project can use", async () => {
    const checks = (await demo("GET", "/v1/capabilities?country=IN")).body.countries[0].checks as {
      key: string;
      live_providers: { name: string; available: boolean }[];
    }[];
    const names = (key: string) => checks.find((c) => c.key === key)?.live_providers.map((p) => p.name);
    // whether the server holds each vendor's credentials (`available`, `order`) depends on the deployment
    expect(names("in.pan.verify")?.sort()).toEqual(["cashfree", "quicko_sandbox"]);
    expect(names("in.bank_account.verify")?.sort()).toEqual(["cashfree", "quicko_sandbox"]);
    expect(names("in.pan.aadhaar_link")).toEqual(["cashfree"]);
    expect(names("in.cin.verify")?.sort()).toEqual(["cashfree", "quicko_sandbox"]);
    expect(names("in.gstin.verify")?.sort()).toEqual(["cashfree", "quicko_sandbox"]);
    expect(names("in.udyam.verify")).toEqual(["cashfree"]);
    expect(names("in.ckyc.download")).toEqual(["cersai_ckyc", "surepass_ckyc"]);
    expect(names("in.ckyc.search")).toEqual(["cersai_ckyc", "surepass_ckyc"]);
    expect(names("in.ifsc.lookup")).toEqual([]);
    const pan = checks.find((c) => c.key === "in.pan.verify")!.live_providers[0];
    expect(pan).toEqual({ name: expect.any(String), label: expect.any(String), available: expect.any(Boolean), order: pan && pan.available ? 1 : null });
    expect((await demo("GET", "/v1/capabilities?country=IND")).body.error).toMatchObject({ param: "country" });
  });
});

describe("GET /v1/document-types", () => {
  it("lists document types with labelled, typed fields and hints", async () => {
    const res = await demo("GET", "/v1/document-types?country=IN");
    expect(res.body.object).toBe("list");
    const pan = res.body.data.find((d: { id: string }) => d.id === "in.pan_card");
    expect(pan).toMatchObject({ object: "document_type", country: "IN", name: "PAN card", sides: ["front"] });
    expect(pan.fields[0]).toEqual({
      key: "pan",
      label: "PAN",
      description: "Permanent Account Number",
      type: "string",
      hints: { pattern: "^[A-Z]{5}[0-9]{4}[A-Z]$", example: "ABCPE1234F" },
    });
    const aadhaar = res.body.data.find((d: { id: string }) => d.id === "in.aadhaar_card");
    expect(aadhaar.fields.map((f: { key: string }) => f.key)).not.toContain("aadhaar_number");
    expect((await demo("GET", "/v1/document-types?country=FR")).body.data).toEqual([]);
  });
});

describe("workflows", () => {
  it("lists published workflows and retrieves one in the documented shape", async () => {
    const list = await demo("GET", "/v1/workflows");
    expect(list.body).toMatchObject({ object: "list", has_more: false });
    const kyc = list.body.data.find((w: { id: string }) => w.id === fx.demo.workflows.kyc);
    expect(kyc).toEqual({
      id: fx.demo.workflows.kyc,
      object: "workflow",
      name: "India KYC",
      type: "kyc",
      country: "IN",
      version: 1,
      languages: ["en", "hi"],
      ttl_seconds: 604800,
      steps: [
        { name: "consent", type: "consent", required: true },
        { name: "pan", type: "pan", required: true },
      ],
      published_at: expect.any(String),
      created_at: expect.any(String),
    });
    expect((await demo("GET", `/v1/workflows/${fx.demo.workflows.kyc}`)).body).toEqual(kyc);
    const page = await demo("GET", "/v1/workflows?limit=1");
    expect(page.body.data).toHaveLength(1);
    expect(page.body.has_more).toBe(true);
    const next = await demo("GET", `/v1/workflows?limit=1&starting_after=${page.body.data[0].id}`);
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
    expect((await other("GET", `/v1/workflows/${fx.demo.workflows.kyc}`)).status).toBe(404);
  });
});

describe("events", () => {
  it("lists the tenant's events newest first with filters, and retrieves one", async () => {
    const s = (await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, reference_id: "events" })).body;
    await demo("POST", `/v1/sessions/${s.id}/cancel`);
    const list = await demo("GET", "/v1/events?limit=5");
    expect(list.body.object).toBe("list");
    const [cancelled, created] = list.body.data;
    expect(cancelled).toMatchObject({
      object: "event",
      type: "session.cancelled",
      api_version: "2026-10-01",
      mode: "test",
      data: { session: { id: s.id, reference_id: "events", status: "cancelled" } },
    });
    expect(Object.keys(cancelled)).toEqual(["id", "object", "type", "api_version", "created_at", "mode", "data"]);
    expect(created).toMatchObject({ type: "session.created", data: { session: { id: s.id } } });

    const typed = await demo("GET", "/v1/events?type=session.cancelled&limit=100");
    expect(typed.body.data.every((e: { type: string }) => e.type === "session.cancelled")).toBe(true);
    const after = await demo("GET", `/v1/events?limit=1&starting_after=${cancelled.id}`);
    expect(after.body.data[0].id).toBe(created.id);
    const future = await demo("GET", `/v1/events?created[gte]=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body.data).toEqual([]);
    const window = await demo(
      "GET",
      `/v1/events?limit=100&created[lte]=${encodeURIComponent(created.created_at)}&created[gte]=${encodeURIComponent(created.created_at)}`,
    );
    expect(window.body.data.map((e: { id: string }) => e.id)).toContain(created.id);

    expect((await demo("GET", `/v1/events/${cancelled.id}`)).body).toEqual(cancelled);
    expect((await other("GET", `/v1/events/${cancelled.id}`)).status).toBe(404);
    expect((await api(fx.baseUrl, fx.demo.liveKey)("GET", `/v1/events/${cancelled.id}`)).status).toBe(404);
    expect((await demo("GET", "/v1/events?created[gte]=yesterday")).body.error).toMatchObject({ param: "created[gte]" });
  });
});
