/**
 * Document extraction end to end through the app's real Inngest function (extract-document) on
 * the embedded executor, fed by the outbox relay: the flow's request is answered in the
 * background, off the request path.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

vi.hoisted(() => {
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import { type Db, getDb, getSql } from "../../server/db";
import { applyMigrations } from "../../server/db/migrate";
import { storeEvidence } from "../../server/evidence/evidence";
import { getDocumentExtraction, requestDocumentExtraction } from "../../server/intelligence/document-extractions";
import { terminateOcr } from "../../server/intelligence/ocr/tesseract-ocr";
import { createSession } from "../../server/sessions/create-session";
import { seedDemo } from "../../server/seed/seed-demo";
import { createExecutor, type Executor } from "../executor/executor";
import { startRelay, stopRelay } from "../relay";
import { inngestHandler } from "../serve";
import { extractDocument } from "./extract-document";
import { functions } from "./index";

let db: Db;
let executor: Executor;
let seed: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  seed = await seedDemo(db);
  executor = createExecutor({ db, handler: inngestHandler, options: { pollIntervalMs: 20, concurrency: 4 } });
  await executor.start();
  startRelay({ pollIntervalMs: 50 });
});

afterAll(async () => {
  await stopRelay();
  await executor.stop();
  await terminateOcr();
});

it("is served", () => {
  expect(functions).toContain(extractDocument);
});

it("extracts a requested document in the background", async () => {
  const tenant = { projectId: seed.projectId, mode: "test" as const };
  const sessionId = (await createSession(db, tenant, { workflow_id: seed.workflows.kyc }, { type: "api_key", id: "key_test" })).id;
  const fileId = await storeEvidence(db, {
    projectId: seed.projectId,
    sessionId,
    step: "documents",
    kind: "voter_id_front",
    contentType: "image/jpeg",
    data: readFileSync("tests/fixtures/intelligence/voter-id.jpg"),
  });
  const req = await requestDocumentExtraction(db, tenant, { sessionId, step: "documents", documentType: "voter_id", fileIds: [fileId] });
  let done = req;
  for (let i = 0; i < 300 && done.status === "pending"; i++) {
    await new Promise((r) => setTimeout(r, 100));
    done = await getDocumentExtraction(db, tenant, sessionId, req.id);
  }
  expect(done.status).toBe("completed");
  expect(done.fields?.epic_number?.value).toBe("XYZ1234567");

  // the executor memoized a reference to the extraction, never the fields it read
  let memo = null;
  for (let i = 0; i < 100 && !memo; i++) {
    memo = await db.inngestRun.findFirst({
      where: { functionId: { endsWith: "extract-document" }, status: "completed", event: { path: ["data", "extractionId"], equals: req.id } },
    });
    if (!memo) await new Promise((r) => setTimeout(r, 50));
  }
  expect(memo).not.toBeNull();
  expect(Object.values(memo!.steps as Record<string, unknown>)).toEqual([{ type: "data", data: { id: req.id, status: "completed", errorCode: null } }]);
  expect(JSON.stringify([memo!.steps, memo!.output])).not.toContain("XYZ1234567");
});
