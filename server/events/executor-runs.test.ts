/** The embedded executor's finished runs: erased with their session or check, pruned after the retention. */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { eraseCheckPii } from "../checks/erase-check-pii";
import { prepareCheck } from "../checks/run-check";
import { requestDocumentExtraction } from "../intelligence/document-extractions";
import { storeEvidence } from "../evidence/evidence";
import { createSession } from "../sessions/create-session";
import { eraseSessionPii } from "../sessions/session-actions";
import { pruneFinishedRuns } from "./executor-runs";
import { demoDb } from "~/tests/fixtures/demo-db";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let kycWorkflow: string;
const actor = { type: "api_key" as const, id: "key_test" };
const DAY = 24 * 3600 * 1000;
let n = 0;

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  tenant = { projectId: seed.projectId, mode: "test" };
  kycWorkflow = seed.workflows.kyc;
});

/** A run of `functionId` for an event with `data`, as the executor stores it; finished `finishedDaysAgo` days ago, or open (null). */
async function run(functionId: string, data: Record<string, unknown>, finishedDaysAgo: number | null, steps: Record<string, unknown> = {}) {
  const id = `run_test_${++n}`;
  await db.inngestRun.create({
    data: {
      id,
      functionId,
      eventId: `evt_${n}`,
      event: { id: `evt_${n}`, name: "app/test", data, ts: Date.now() } as never,
      status: finishedDaysAgo === null ? "queued" : "completed",
      steps: steps as never,
      finishedAt: finishedDaysAgo === null ? null : new Date(Date.now() - finishedDaysAgo * DAY),
    },
  });
  return id;
}
const exists = async (id: string) => (await db.inngestRun.count({ where: { id } })) === 1;

describe("pruneFinishedRuns", () => {
  it("deletes runs finished longer ago than the retention, never an open run", async () => {
    const old = await run("extract-document", { extractionId: "dex_old" }, 8);
    const recent = await run("extract-document", { extractionId: "dex_recent" }, 6);
    const open = await run("process-session", { sessionId: "ses_open" }, null);
    await db.inngestRun.update({ where: { id: open }, data: { createdAt: new Date(Date.now() - 30 * DAY) } });
    expect((await pruneFinishedRuns(db, new Date(), 7)).runs).toBeGreaterThanOrEqual(1);
    expect([await exists(old), await exists(recent), await exists(open)]).toEqual([false, true, true]);
  });
});

describe("erasure of the runs' data", () => {
  it("a session's erasure deletes the finished runs about it, its checks and its extractions, and no other", async () => {
    const s = await createSession(db, tenant, { workflow_id: kycWorkflow }, actor);
    const other = await createSession(db, tenant, { workflow_id: kycWorkflow }, actor);
    const fileId = await storeEvidence(db, {
      ...tenant,
      sessionId: s.id,
      step: "documents",
      kind: "voter_id_front",
      contentType: "image/png",
      data: Buffer.from("89504e470d0a1a0a", "hex"),
    });
    const extraction = await requestDocumentExtraction(db, tenant, { sessionId: s.id, step: "documents", documentType: "voter_id", fileIds: [fileId] });
    const check = await prepareCheck(db, { ...tenant, key: "in.pan.verify", input: { pan: "ABCPE1234F", name: "X" }, sessionId: s.id, step: "pan" });

    const ocr = await run("extract-document", { extractionId: extraction.id }, 0, { step1: { data: { fields: { name: { value: "ASHA KUMARI" } } } } });
    const processing = await run("process-session", { sessionId: s.id }, 0);
    const checked = await run("run-direct-check", { checkId: check.id }, 0);
    const stillOpen = await run("process-session", { sessionId: s.id, again: true }, null);
    const unrelated = await run("process-session", { sessionId: other.id }, 0);

    await eraseSessionPii(db, tenant, s.id, actor);
    expect([await exists(ocr), await exists(processing), await exists(checked)]).toEqual([false, false, false]);
    expect([await exists(stillOpen), await exists(unrelated)]).toEqual([true, true]);
  });

  it("a direct check's erasure deletes the finished runs about it", async () => {
    const check = await prepareCheck(db, { ...tenant, key: "in.pan.verify", input: { pan: "ABCPE1234F", name: "Y" } });
    const checked = await run("run-direct-check", { checkId: check.id }, 0);
    const unrelated = await run("run-direct-check", { checkId: "chk_other" }, 0);
    await eraseCheckPii(db, tenant, check.id, actor);
    expect([await exists(checked), await exists(unrelated)]).toEqual([false, true]);
  });
});
