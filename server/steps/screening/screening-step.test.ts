/**
 * The `screening` step in a session on the embedded database: it waits for the identity checks,
 * screens the verified name, sends a sandbox sanctions subject to review with its candidate, and
 * a reviewer's confirmed match declines the session by the workflow's `sanctions_match` rule.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { panStep, publishEngineWorkflow, sessionInProcessing } from "~/tests/fixtures/engine-fixtures";
import { demoDb } from "~/tests/fixtures/demo-db";
import type { Db } from "../../db";
import { resolveScreeningCandidate } from "../../screening/resolve-candidate";
import type { ScreenCheckResult } from "../../screening/screen-check";
import { applyAutomaticDecision, runSessionChecks } from "../../sessions/process-session";
import { getSession } from "../../sessions/session.dto";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;
const screening = { name: "screening", type: "screening" as const, required: true, settings: {} };

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  workflowId = await publishEngineWorkflow(db, tenant.projectId, "Screened KYC", [panStep(), screening]);
});

async function processed(name: string, pan: string) {
  const { id } = await sessionInProcessing(db, tenant, workflowId, {
    pan: { data: { pan, name, dob: "1970-01-01" } },
    screening: { data: { acknowledged: true } },
  });
  await runSessionChecks(db, id, { attempts: 4, baseDelayMs: 1 });
  return { id, status: await applyAutomaticDecision(db, id) };
}

describe("screening step", () => {
  it("approves an applicant no list holds", async () => {
    const { id, status } = await processed("Kiran Rao", "ABCPE2345G");
    expect(status).toBe("approved");
    const s = await getSession(db, tenant, id, ["checks"]);
    expect(s.checks!.find((c) => c.check_key === "in.aml.screen")).toMatchObject({ step: "screening", status: "passed" });
  });

  it("sends a listed applicant to review with the candidate, and declines by rule once a reviewer confirms it", async () => {
    const { id, status } = await processed("Zorawar Singh Blacklistwala", "ABCPE2346H");
    expect(status).toBe("review");
    const row = await db.session.findUniqueOrThrow({ where: { id }, select: { reviewReasons: true } });
    expect(row.reviewReasons).toEqual(["screening_candidates"]);
    const check = (await getSession(db, tenant, id, ["checks"])).checks!.find((c) => c.check_key === "in.aml.screen")!;
    const result = check.result as unknown as ScreenCheckResult;
    expect(result.names_screened).toBe(1);
    expect(result.candidates.map((c) => c.entry.external_id)).toEqual(["SANDBOX-SANCTIONS-1"]);

    const out = await resolveScreeningCandidate(
      db,
      tenant,
      { type: "user", id: "usr_reviewer" },
      {
        checkId: check.id,
        entryId: result.candidates[0]!.entry_id,
        match: true,
        note: "Same name and date of birth as the listing",
      },
    );
    expect(out).toEqual({ checkId: check.id, status: "failed", open: 0, sessionStatus: "declined" });
    expect(await getSession(db, tenant, id)).toMatchObject({
      status: "declined",
      decision: "declined",
      decision_source: "auto",
      reason_code: "sanctions_match",
    });
  });
});
