/**
 * Risk levels and periodic re-KYC: the rules as data (pure), the review dates by level, and on
 * the embedded database a session's `risk_level`, `risk_rules` and `next_review_at` through
 * approval, a confirmed PEP raising the level, and `session.review_due` once the date passes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { panStep, publishEngineWorkflow, sessionInProcessing } from "~/tests/fixtures/engine-fixtures";
import { demoDb } from "~/tests/fixtures/demo-db";
import type { Db } from "../db";
import { resolveScreeningCandidate } from "../screening/resolve-candidate";
import type { ScreenCheckResult } from "../screening/screen-check";
import { decideSession } from "../sessions/decide-session";
import { listSessions } from "../sessions/list-sessions";
import { applyAutomaticDecision, runSessionChecks } from "../sessions/process-session";
import { getSession } from "../sessions/session.dto";
import { indiaRiskRules } from "../workflows/india-workflows";
import { evaluateRisk, type RiskFacts } from "./evaluate-risk";
import { getRiskReviewYears, setRiskReviewYears } from "../projects/risk-review-years";
import { emitReviewsDue } from "./review-due";
import { DEFAULT_RISK_REVIEW_YEARS, nextReviewDate, reviewYears } from "./review-schedule";

const facts = (over: Partial<RiskFacts> = {}): RiskFacts => ({ checks: [], screening: [], metadata: {}, sessionType: "kyc", country: "IN", ...over });

describe("evaluateRisk", () => {
  it("takes the highest level among the rules that hold, else `otherwise`", () => {
    expect(evaluateRisk(indiaRiskRules, facts())).toEqual({ level: "low", fired: [] });
    expect(evaluateRisk(indiaRiskRules, facts({ metadata: { risk_category: "medium" } })).level).toBe("medium");
    const pep = evaluateRisk(indiaRiskRules, facts({ metadata: { risk_category: "medium" }, screening: [{ category: "pep", state: "confirmed" }] }));
    expect(pep.level).toBe("high");
    expect(pep.fired.map((f) => [f.name, f.level])).toEqual([
      ["pep", "high"],
      ["project_medium_risk", "medium"],
    ]);
    expect(evaluateRisk(indiaRiskRules, facts({ screening: [{ category: "pep", state: "dismissed" }] })).level).toBe("low");
    expect(
      evaluateRisk({ rules: [{ name: "abroad", when: { type: "geography", countries: ["AE"] }, level: "medium" }], otherwise: "low" }, facts({ country: "AE" }))
        .level,
    ).toBe("medium");
  });

  it("schedules reviews 2 / 8 / 10 years after approval by default, a project's own years when set", () => {
    const from = new Date("2026-11-24T10:00:00Z");
    expect(nextReviewDate("high", DEFAULT_RISK_REVIEW_YEARS, from).toISOString()).toBe("2028-11-24T10:00:00.000Z");
    expect(nextReviewDate("medium", DEFAULT_RISK_REVIEW_YEARS, from).toISOString()).toBe("2034-11-24T10:00:00.000Z");
    expect(nextReviewDate("low", DEFAULT_RISK_REVIEW_YEARS, from).toISOString()).toBe("2036-11-24T10:00:00.000Z");
    expect(reviewYears({ high: 1, medium: 5, low: 7 })).toEqual({ high: 1, medium: 5, low: 7 });
    expect(reviewYears({ high: 0 })).toEqual(DEFAULT_RISK_REVIEW_YEARS);
  });
});

describe("session risk level and re-KYC", () => {
  let db: Db;
  let tenant: { projectId: string; mode: "test" };
  let workflowId: string;

  beforeAll(async () => {
    const demo = await demoDb();
    db = demo.db;
    tenant = { projectId: demo.seed.projectId, mode: "test" };
    workflowId = await publishEngineWorkflow(db, tenant.projectId, "Risk KYC", [
      panStep(),
      { name: "screening", type: "screening", required: true, settings: {} },
    ]);
  });

  async function processed(name: string, pan: string) {
    const { id } = await sessionInProcessing(db, tenant, workflowId, {
      pan: { data: { pan, name, dob: "1965-05-05" } },
      screening: { data: { acknowledged: true } },
    });
    await runSessionChecks(db, id, { attempts: 4, baseDelayMs: 1 });
    await applyAutomaticDecision(db, id);
    return id;
  }

  it("an approved low-risk applicant is reviewed in 10 years; a confirmed PEP is high risk and reviewed in 2; review_due once due", async () => {
    const low = await processed("Kiran Rao", "ABCPE4567P");
    const s = await getSession(db, tenant, low);
    expect(s).toMatchObject({ status: "approved", risk_level: "low", risk_rules: [] });
    expect(new Date(s.next_review_at!).getUTCFullYear() - new Date(s.completed_at!).getUTCFullYear()).toBe(10);

    const pep = await processed("Meenakshi Pepwali Iyer", "ABCPE4568Q");
    expect(await getSession(db, tenant, pep)).toMatchObject({ status: "review", risk_level: "high", next_review_at: null });
    const check = (await getSession(db, tenant, pep, ["checks"])).checks!.find((c) => c.check_key === "in.aml.screen")!;
    const candidate = (check.result as unknown as ScreenCheckResult).candidates[0]!;
    const reviewer = { type: "user" as const, id: "usr_reviewer" };
    await resolveScreeningCandidate(db, tenant, reviewer, { checkId: check.id, entryId: candidate.entry_id, match: true, note: "Sitting MP" });
    await decideSession(db, tenant, pep, { outcome: "approved", reason_code: "edd_done" }, reviewer);
    const approved = await getSession(db, tenant, pep);
    expect(approved).toMatchObject({ status: "approved", risk_level: "high" });
    expect(approved.risk_rules.map((r) => r.name)).toContain("pep");
    expect(new Date(approved.next_review_at!).getUTCFullYear() - new Date(approved.completed_at!).getUTCFullYear()).toBe(2);

    expect((await listSessions(db, tenant, { limit: 10, risk_level: "high" })).data.map((x) => x.id)).toEqual([pep]);
    const inThreeYears = new Date(Date.now() + 3 * 366 * 86_400_000);
    expect((await listSessions(db, tenant, { limit: 10, review_due: true }, inThreeYears)).data.map((x) => x.id)).toEqual([pep]);
    expect(await emitReviewsDue(db, inThreeYears)).toEqual({ emitted: 1 });
    expect(await emitReviewsDue(db, inThreeYears)).toEqual({ emitted: 0 });
    const event = await db.event.findFirstOrThrow({ where: { type: "session.review_due" }, select: { payload: true } });
    expect(event.payload).toMatchObject({
      data: { session: { id: pep, status: "approved" }, review: { risk_level: "high", next_review_at: approved.next_review_at } },
    });
  });

  it("uses the project's own intervals for sessions approved after a change", async () => {
    const owner = { type: "user" as const, id: "usr_owner" };
    expect(await getRiskReviewYears(db, tenant.projectId)).toEqual(DEFAULT_RISK_REVIEW_YEARS);
    expect(await setRiskReviewYears(db, tenant.projectId, { high: 1, medium: 3, low: 5 }, owner)).toEqual({ high: 1, medium: 3, low: 5 });
    await expect(setRiskReviewYears(db, tenant.projectId, { high: 0, medium: 3, low: 5 }, owner)).rejects.toThrow();
    const id = await processed("Lata Iyer", "ABCPE4569R");
    const s = await getSession(db, tenant, id);
    expect(s.risk_level).toBe("low");
    expect(new Date(s.next_review_at!).getUTCFullYear() - new Date(s.completed_at!).getUTCFullYear()).toBe(5);
    await setRiskReviewYears(db, tenant.projectId, DEFAULT_RISK_REVIEW_YEARS, owner);
  });
});
