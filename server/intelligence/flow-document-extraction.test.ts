/**
 * The documents step's OCR pre-fill as the hosted flow uses it, on a real (PGlite) database with
 * the seeded "India KYC (full)" workflow: request after the upload, read the fields the step asks
 * for, submit with corrections (both values kept, differences as signals), and what the
 * applicant may not do (another session's extraction, a type the step does not offer).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { submitStep } from "../flow/submit-step";
import { uploadStepFile } from "../flow/upload-step-file";
import { getDocumentExtraction, runDocumentExtraction } from "./document-extractions";
import { getFlowDocumentExtraction, requestFlowDocumentExtraction } from "./flow-document-extraction";
import { terminateOcr } from "./ocr/tesseract-ocr";
import { domainError } from "~/tests/fixtures/domain-error";
import { flowDb } from "~/tests/fixtures/flow-db";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let newSession: Awaited<ReturnType<typeof flowDb>>["newSession"];
const panCard = new Uint8Array(readFileSync(path.resolve("tests/fixtures/intelligence/pan-card.jpg")));

beforeAll(async () => {
  process.env.SCANNER = "off"; // the scan itself is tested in server/uploads
  ({ db, tenant, newSession } = await flowDb());
});
afterAll(terminateOcr);

describe("the documents step's pre-fill", () => {
  it("reads the asked fields, and keeps the extracted and the confirmed values with the correction as a signal", async () => {
    const ctx = await newSession();
    const front = await uploadStepFile(db, ctx, { step: "documents", kind: "pan_card_front", bytes: panCard });
    const queued = await requestFlowDocumentExtraction(db, ctx, { step: "documents", document_type: "pan_card", files: [front.id] });
    expect(queued).toMatchObject({ status: "pending", fields: {} });

    await runDocumentExtraction(db, queued!.id); // the Inngest function's step
    const read = await getFlowDocumentExtraction(db, ctx, { step: "documents", extraction_id: queued!.id });
    expect(read.status).toBe("completed");
    // only the fields the step asks for: the PAN card's father's name is not one of them
    expect(Object.keys(read.fields).sort()).toEqual(["date_of_birth", "name", "pan"]);
    expect(read.fields.pan).toEqual({ value: "ABCPE1234F", attention: false });

    const fields = { name: read.fields.name!.value, date_of_birth: "1988-08-15", pan: read.fields.pan!.value };
    await submitStep(db, ctx, "documents", { document_type: "pan_card", files: [front.id], fields, extraction_id: queued!.id });
    const step = await db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId: ctx.sessionId, name: "documents" } }, select: { data: true } });
    expect(step.data).toMatchObject({ extraction_id: queued!.id, fields: { date_of_birth: "1988-08-15" } });
    const kept = await getDocumentExtraction(db, tenant, ctx.sessionId, queued!.id);
    expect(kept.fields?.date_of_birth?.value).toBe("1988-08-14");
    expect(kept.confirmed).toMatchObject({ date_of_birth: "1988-08-15", pan: "ABCPE1234F" });
    expect(kept.signals.filter((s) => s.severity === "review").map((s) => [s.code, s.field])).toEqual([["field_corrected", "date_of_birth"]]);
  });

  it("queues nothing for a type the step does not offer, and refuses another session's extraction", async () => {
    const ctx = await newSession();
    const front = await uploadStepFile(db, ctx, { step: "documents", kind: "pan_card_front", bytes: panCard });
    expect(await requestFlowDocumentExtraction(db, ctx, { step: "documents", document_type: "gst_certificate", files: [front.id] })).toBeNull();
    expect((await domainError(requestFlowDocumentExtraction(db, ctx, { step: "selfie", document_type: "pan_card", files: [front.id] }))).code).toBe(
      "step_not_available",
    );

    const other = await newSession();
    const theirs = await uploadStepFile(db, other, { step: "documents", kind: "pan_card_front", bytes: panCard });
    const foreign = await requestFlowDocumentExtraction(db, other, { step: "documents", document_type: "pan_card", files: [theirs.id] });
    expect((await domainError(getFlowDocumentExtraction(db, ctx, { step: "documents", extraction_id: foreign!.id }))).code).toBe("resource_missing");
    const fields = { name: "ANITA SHARMA", date_of_birth: "1988-08-14", pan: "ABCPE1234F" };
    const submitted = submitStep(db, ctx, "documents", { document_type: "pan_card", files: [front.id], fields, extraction_id: foreign!.id });
    expect((await domainError(submitted)).code).toBe("resource_missing");
    // files of another session cannot be read through this one
    expect((await domainError(requestFlowDocumentExtraction(db, ctx, { step: "documents", document_type: "pan_card", files: [theirs.id] }))).code).toBe(
      "resource_missing",
    );
  });
});
