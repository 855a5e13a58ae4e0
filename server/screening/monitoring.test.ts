/**
 * Ongoing monitoring on the embedded database: an approved session's applicant is monitored; a
 * UN list version that adds them opens a review case (a new check, the session back in review)
 * and emits `session.screening_match` without personal data; the daily run does not alert again;
 * ending monitoring and erasure delete the subject.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { panStep, publishEngineWorkflow, sessionInProcessing } from "~/tests/fixtures/engine-fixtures";
import { demoDb } from "~/tests/fixtures/demo-db";
import { runDirectCheck } from "../checks/direct-check";
import type { Db } from "../db";
import { applyAutomaticDecision, runSessionChecks } from "../sessions/process-session";
import { eraseSessionPii } from "../sessions/session-actions";
import { importListVersion } from "./import-list-version";
import { endMonitoring, monitorAllSubjects, monitorListVersion } from "./monitoring";
import type { ScreenCheckResult } from "./screen-check";

const UN = readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/screening/un-consolidated.xml"), "utf8");
const LISTED = `  <INDIVIDUAL>
      <DATAID>6909001</DATAID>
      <FIRST_NAME>RAMESHWAR</FIRST_NAME>
      <SECOND_NAME>PRATAP</SECOND_NAME>
      <THIRD_NAME>KALRA</THIRD_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER>
      <LISTED_ON>2026-11-23</LISTED_ON>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1971-04-12</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
  </INDIVIDUALS>`;
const bytes = (s: string) => new TextEncoder().encode(s);

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;
const actor = { type: "api_key" as const, id: "key_test" };

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  workflowId = await publishEngineWorkflow(db, tenant.projectId, "Monitored KYC", [
    panStep(),
    { name: "screening", type: "screening", required: true, settings: {} },
  ]);
  await importListVersion(db, { source: "un", bytes: bytes(UN), fileName: "un-v1.xml" });
});

async function approvedSession(name: string, pan: string, dob: string) {
  const { id } = await sessionInProcessing(db, tenant, workflowId, { pan: { data: { pan, name, dob } }, screening: { data: { acknowledged: true } } });
  await runSessionChecks(db, id, { attempts: 4, baseDelayMs: 1 });
  expect(await applyAutomaticDecision(db, id)).toBe("approved");
  return id;
}

describe("ongoing monitoring", () => {
  it("opens a review case and emits session.screening_match when a list version adds an approved applicant, once", async () => {
    const id = await approvedSession("Rameshwar Pratap Kalra", "ABCPE3456K", "1971-04-12");
    const other = await approvedSession("Kiran Rao", "ABCPE3457L", "1985-02-02");
    expect(await db.screeningSubject.findFirstOrThrow({ where: { sessionId: id }, select: { monitored: true } })).toEqual({ monitored: true });

    const { version } = await importListVersion(db, { source: "un", bytes: bytes(UN.replace("</INDIVIDUALS>", LISTED)), fileName: "un-v2.xml" });
    expect(await db.outboxMessage.count({ where: { name: "app/screening.list_imported", data: { path: ["versionId"], equals: version.id } } })).toBe(1);
    expect(await monitorListVersion(db, version.id)).toEqual({ subjects: 1, alerts: 1 });

    const s = await db.session.findUniqueOrThrow({ where: { id }, select: { status: true, reviewReasons: true } });
    expect(s).toEqual({ status: "review", reviewReasons: ["screening_match"] });
    expect((await db.session.findUniqueOrThrow({ where: { id: other }, select: { status: true } })).status).toBe("approved");
    const check = await db.check.findFirstOrThrow({
      where: { sessionId: id, checkKey: "in.aml.screen" },
      orderBy: { createdAt: "desc" },
      select: { id: true, status: true, step: true, result: true },
    });
    const result = check.result as unknown as ScreenCheckResult;
    expect(check).toMatchObject({ status: "needs_review", step: "screening" });
    expect(result.trigger).toBe("monitoring");
    expect(result.candidates.map((c) => [c.list, c.entry.external_id, c.version.id])).toEqual([["un", "6909001", version.id]]);

    const event = await db.event.findFirstOrThrow({ where: { projectId: tenant.projectId, type: "session.screening_match" }, select: { payload: true } });
    expect(event.payload).toMatchObject({
      type: "session.screening_match",
      data: {
        session: { id, status: "review" },
        check: { id: check.id, check_key: "in.aml.screen", status: "needs_review" },
        screening: { candidates: 1, lists: ["un"] },
      },
    });
    expect(JSON.stringify(event.payload)).not.toMatch(/RAMESHWAR|Rameshwar|1971/);

    // the daily run and a replay of the same version find nothing new
    expect(await monitorAllSubjects(db)).toEqual({ subjects: 0, alerts: 0 });
    expect(await monitorListVersion(db, version.id)).toEqual({ subjects: 0, alerts: 0 });
  });

  it("monitors a direct check with monitor: true until the project ends it", async () => {
    const { check } = await runDirectCheck(db, tenant, "in.aml.screen", { name: "Anita Desai", date_of_birth: "1980-01-01", monitor: true }, { async: false });
    expect(check.status).toBe("passed");
    expect(await db.screeningSubject.count({ where: { checkId: check.id, monitored: true } })).toBe(1);
    expect(await endMonitoring(db, tenant, { checkId: check.id }, actor)).toEqual({ id: check.id, object: "monitoring", monitored: false, ended: 1 });
    expect(await db.screeningSubject.count({ where: { checkId: check.id } })).toBe(0);
    expect(await endMonitoring(db, tenant, { checkId: check.id }, actor)).toMatchObject({ ended: 0 });
    await expect(endMonitoring(db, { ...tenant, mode: "live" } as never, { checkId: check.id }, actor)).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("stops at erasure", async () => {
    const id = await approvedSession("Suresh Menon", "ABCPE3458M", "1975-03-03");
    expect(await db.screeningSubject.count({ where: { sessionId: id } })).toBe(1);
    await eraseSessionPii(db, tenant, id, actor);
    expect(await db.screeningSubject.count({ where: { sessionId: id } })).toBe(0);
  });
});
