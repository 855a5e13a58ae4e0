/**
 * `in.aml.screen` through the direct-check path on the embedded database: the sandbox list's
 * magic subjects in test mode (never in live mode), the candidate's list entry and version, a
 * reviewer's false match remembered for the subject, a confirmed sanctions match failing the check.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import { runDirectCheck } from "../checks/direct-check";
import type { Db } from "../db";
import { resolveScreeningCandidate } from "./resolve-candidate";
import type { ScreenCheckResult } from "./screen-check";

let db: Db;
let projectId: string;
const reviewer = { type: "user" as const, id: "usr_test" };

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
});

const screen = async (body: Record<string, unknown>, mode: "test" | "live" = "test") => {
  const { check } = await runDirectCheck(db, { projectId, mode }, "aml.screen", { country: "IN", ...body }, { async: false });
  return { ...check, result: check.result as unknown as ScreenCheckResult };
};

describe("in.aml.screen", () => {
  it("finds the sandbox sanctions subject with its list entry and version, and lets the near-namesake pass", async () => {
    const hit = await screen({ name: "Zorawar Singh Blacklistwala", date_of_birth: "1970-01-01", nationality: "in" });
    expect(hit).toMatchObject({ check_key: "in.aml.screen", generic_key: "aml.screen", provider: "screening", status: "needs_review", score: 1 });
    expect(hit.result.candidates).toHaveLength(1);
    expect(hit.result.candidates[0]).toMatchObject({
      list: "sandbox",
      category: "sanctions",
      matched_fields: ["name", "dob", "nationality"],
      entry: { external_id: "SANDBOX-SANCTIONS-1", name: "Zorawar Singh Blacklistwala" },
      version: { seq: 1 },
      review: null,
    });
    expect(hit.result.lists).toContainEqual(expect.objectContaining({ list: "sandbox", seq: 1 }));

    const near = await screen({ name: "Zorawar Singh" });
    expect(near).toMatchObject({ status: "passed", score: null });
    expect(near.result.candidates).toEqual([]);

    const pep = await screen({ name: "Meenakshi Pepwali Iyer" });
    expect(pep.status).toBe("needs_review");
    expect(pep.result.candidates[0]).toMatchObject({ category: "pep", entry: { external_id: "SANDBOX-PEP-1" } });
  });

  it("never screens the sandbox list in live mode, and ends in error while no list is imported there", async () => {
    expect(await screen({ name: "Zorawar Singh Blacklistwala" }, "live")).toMatchObject({ status: "error", error_code: "provider_not_configured" });
  });

  it("refuses a bad input with the field named", async () => {
    await expect(
      runDirectCheck(db, { projectId, mode: "test" }, "in.aml.screen", { name: "", date_of_birth: "1970-13-01" }, { async: false }),
    ).rejects.toMatchObject({
      code: "parameter_invalid",
    });
  });

  it("remembers a false match for the subject and fails the check on a confirmed sanctions match", async () => {
    const first = await screen({ name: "Zoru Blacklistwala", date_of_birth: "1971" });
    expect(first.status).toBe("needs_review");
    const entryId = first.result.candidates[0]!.entry_id;
    await expect(
      resolveScreeningCandidate(db, { projectId, mode: "live" }, reviewer, { checkId: first.id, entryId, match: false, note: "other person" }),
    ).rejects.toMatchObject({
      code: "resource_missing",
    });
    expect(
      await resolveScreeningCandidate(db, { projectId, mode: "test" }, reviewer, {
        checkId: first.id,
        entryId,
        match: false,
        note: "born 1971, listed 1970; another person",
      }),
    ).toEqual({
      checkId: first.id,
      status: "passed",
      open: 0,
      sessionStatus: null,
    });
    await expect(
      resolveScreeningCandidate(db, { projectId, mode: "test" }, reviewer, { checkId: first.id, entryId, match: false, note: "again" }),
    ).rejects.toMatchObject({
      code: "candidate_resolved",
    });
    // the same subject again: the dismissed entry is not reported
    expect((await screen({ name: "Zoru Blacklistwala", date_of_birth: "1971" })).status).toBe("passed");

    const other = await screen({ name: "Zorawar Singh Blacklistwala", date_of_birth: "1970-01-01" });
    const done = await resolveScreeningCandidate(db, { projectId, mode: "test" }, reviewer, {
      checkId: other.id,
      entryId: other.result.candidates[0]!.entry_id,
      match: true,
      note: "same person, same date of birth",
    });
    expect(done.status).toBe("failed");
    const stored = await db.check.findUniqueOrThrow({ where: { id: other.id }, select: { status: true, errorCode: true, verifiedBy: true, result: true } });
    expect(stored).toMatchObject({ status: "failed", errorCode: "sanctions_match", verifiedBy: "reviewer", result: { sanctions_match: true, pep: false } });
  });
});
