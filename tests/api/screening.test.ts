/**
 * Sanctions and PEP screening as an integrator sees it in test mode: the sandbox list's magic
 * subjects through `in.aml.screen` (no import needed), the candidates on the check, the magic
 * subjects listed in GET /v1/capabilities, the risk fields of a session, the risk_level filter,
 * and ending monitoring.
 */
import { describe, expect, inject, it } from "vitest";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);

describe("POST /v1/checks/in.aml.screen", () => {
  it("finds the sandbox sanctions subject with the candidate's score, matched fields, list entry, list and version", async () => {
    const res = await demo("POST", "/v1/checks/aml.screen", { country: "IN", name: "Zorawar Singh Blacklistwala", date_of_birth: "1970-01-01" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "check",
      check_key: "in.aml.screen",
      generic_key: "aml.screen",
      provider: "screening",
      status: "needs_review",
      verified_by: "source",
    });
    const [candidate, ...rest] = res.body.result.candidates;
    expect(rest).toEqual([]);
    expect(candidate).toMatchObject({
      list: "sandbox",
      category: "sanctions",
      score: 1,
      matched_fields: ["name", "dob"],
      entry: { external_id: "SANDBOX-SANCTIONS-1", name: "Zorawar Singh Blacklistwala", birth_dates: [{ date: "1970-01-01" }] },
      version: { seq: expect.any(Number) },
      review: null,
    });
    expect(candidate.version.id).toMatch(/^slv_/);
    expect((await other("GET", `/v1/checks/${res.body.id}`)).status).toBe(404);
  });

  it("reports the sandbox PEP and lets the near-namesake pass", async () => {
    const pep = await demo("POST", "/v1/checks/in.aml.screen", { name: "Meenakshi Pepwali Iyer" });
    expect(pep.body).toMatchObject({ status: "needs_review", result: { candidates: [{ category: "pep", entry: { external_id: "SANDBOX-PEP-1" } }] } });
    const near = await demo("POST", "/v1/checks/in.aml.screen", { name: "Zorawar Singh" });
    expect(near.body).toMatchObject({ status: "passed", score: null, result: { candidates: [] } });
  });

  it.each([
    [{}, "name", "parameter_missing"],
    [{ name: "A B", date_of_birth: "1970-02-30" }, "date_of_birth", "parameter_invalid"],
    [{ name: "A B", nationality: "IND" }, "nationality", "parameter_invalid"],
    [{ name: "A B", colour: "red" }, "colour", "parameter_unknown"],
  ])("%j is a 400 on %s", async (body, param, code) => {
    const res = await demo("POST", "/v1/checks/in.aml.screen", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code, param });
  });

  it("ends a direct check's monitoring, and only the project's own", async () => {
    const res = await demo("POST", "/v1/checks/in.aml.screen", { name: "Anita Desai", monitor: true });
    expect(res.body).toMatchObject({ status: "passed", result: { monitored: true } });
    expect((await other("DELETE", `/v1/checks/${res.body.id}/monitoring`)).status).toBe(404);
    const ended = await demo("DELETE", `/v1/checks/${res.body.id}/monitoring`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ id: res.body.id, object: "monitoring", monitored: false, ended: 1 });
  });
});

describe("screening in capabilities and sessions", () => {
  it("lists in.aml.screen with its magic subjects", async () => {
    const res = await demo("GET", "/v1/capabilities?country=IN");
    const check = res.body.countries[0].checks.find((c: { key: string }) => c.key === "in.aml.screen");
    expect(check).toMatchObject({ generic_key: "aml.screen", answered_by: "service" });
    expect(check.sandbox.map((s: { input: string }) => s.input).join(" | ")).toMatch(
      /Zorawar Singh Blacklistwala.*Meenakshi Pepwali Iyer.*Zorawar Singh \(a near-namesake/,
    );
    expect(res.body.countries[0].step_types).toContain("screening");
  });

  it("shows risk_level, risk_rules and next_review_at on sessions, filters by risk_level, and refuses an unknown level", async () => {
    const list = await demo("GET", "/v1/sessions?limit=5");
    expect(list.status).toBe(200);
    for (const s of list.body.data) {
      expect(s).toHaveProperty("risk_level");
      expect(s).toHaveProperty("next_review_at");
      expect(Array.isArray(s.risk_rules)).toBe(true);
    }
    const high = await demo("GET", "/v1/sessions?risk_level=high");
    expect(high.status).toBe(200);
    expect(high.body.data.every((s: { risk_level: string }) => s.risk_level === "high")).toBe(true);
    const bad = await demo("GET", "/v1/sessions?risk_level=extreme");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "parameter_invalid", param: "risk_level" });
  });

  it("ends a session's monitoring (404 for another project's)", async () => {
    const created = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    expect(created.status).toBe(201);
    expect((await other("DELETE", `/v1/sessions/${created.body.id}/monitoring`)).status).toBe(404);
    expect((await demo("DELETE", `/v1/sessions/${created.body.id}/monitoring`)).body).toEqual({
      id: created.body.id,
      object: "monitoring",
      monitored: false,
      ended: 0,
    });
  });
});
