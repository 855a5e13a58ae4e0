/**
 * The intelligence features against the database (embedded PGlite): the face checks through the
 * check pipeline (catalog -> registry -> face provider), the 1:N duplicate search, document
 * extractions from request to confirmation, tenant isolation, and PII erasure.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../checks/run-check";
import type { Db } from "../db";
import { documentExtractionRequested } from "../events/internal-events";
import { storeEvidence } from "../evidence/evidence";
import { createSession } from "../sessions/create-session";
import { eraseSessionPii } from "../sessions/session-actions";
import {
  confirmDocumentFields,
  getDocumentExtraction,
  requestDocumentExtraction,
  runDocumentExtraction,
  submittedDocumentSignals,
} from "./document-extractions";
import { FACE_MODEL } from "./face/face-engine";
import { storeFaceEmbedding } from "./face/face-embeddings.queries";
import { DEFAULT_FACE_MATCH_THRESHOLD, FACE_MATCH_THRESHOLDS } from "./face/face-thresholds";
import { decodeEmbedding } from "./face/similarity";
import { terminateOcr } from "./ocr/tesseract-ocr";
import { demoDb } from "~/tests/fixtures/demo-db";
import { textPdf } from "~/tests/fixtures/intelligence/one-page-pdf";

let db: Db;
let projectId: string;
let workflowId: string;
const actor = { type: "api_key" as const, id: "key_test" };
const read = (n: string) => readFileSync(path.resolve("tests/fixtures/intelligence", n));

async function sessionWith(files: Record<string, string>, mode: "test" | "live" = "test") {
  const sessionId = (await createSession(db, { projectId, mode }, { workflow_id: workflowId }, actor)).id;
  const ids: Record<string, string> = {};
  for (const [kind, file] of Object.entries(files)) {
    ids[kind] = await storeEvidence(db, {
      projectId,
      sessionId,
      step: kind === "selfie" ? "selfie" : "documents",
      kind,
      contentType: "image/jpeg",
      data: read(file),
    });
  }
  return { sessionId, ids };
}

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  projectId = seed.projectId;
  workflowId = seed.workflows.kyc;
});
afterAll(terminateOcr);

describe("in.face.match / in.liveness.check through the check pipeline", () => {
  it("compares only embeddings of the current model: a stored row of the earlier model is never a duplicate", async () => {
    const tenant = { projectId, mode: "test" as const };
    const earlier = await sessionWith({ selfie: "selfie-hopper.jpg", passport: "passport.jpg" });
    const probe = await sessionWith({ selfie: "selfie-hopper.jpg", driving_licence: "driving-licence.jpg" });
    const run = (s: typeof probe, doc: string) =>
      runCheck(db, {
        projectId,
        mode: "test",
        key: "in.face.match",
        sessionId: s.sessionId,
        input: { selfie_file_id: s.ids.selfie, document_file_id: s.ids[doc] },
      });
    const first = await run(earlier, "passport");
    const row = await db.faceEmbedding.findFirstOrThrow({ where: { sessionId: earlier.sessionId, source: "selfie", model: FACE_MODEL } });
    // the earlier session's rows as the previous model (faceres) stored them: same bytes, other model name
    await db.faceEmbedding.deleteMany({ where: { sessionId: earlier.sessionId } });
    await storeFaceEmbedding(db, tenant, {
      sessionId: earlier.sessionId,
      evidenceFileId: earlier.ids.selfie!,
      source: "selfie",
      model: "human-faceres@3.3.6",
      embedding: decodeEmbedding(row.embedding),
    });
    expect(first.status).not.toBe("failed");
    const second = await run(probe, "driving_licence");
    expect(second.result).toMatchObject({ duplicates: [] });
    // the same face stored under the current model is found
    await storeFaceEmbedding(db, tenant, {
      sessionId: earlier.sessionId,
      evidenceFileId: earlier.ids.selfie!,
      source: "selfie",
      model: FACE_MODEL,
      embedding: decodeEmbedding(row.embedding),
    });
    const third = await run(probe, "driving_licence");
    expect(third).toMatchObject({ status: "needs_review", errorCode: "face_duplicate" });
    expect((third.result as { duplicates: { session_id: string }[] }).duplicates.map((d) => d.session_id)).toContain(earlier.sessionId);
    // the tests below expect no earlier face of this person in the project
    await db.faceEmbedding.deleteMany({ where: { sessionId: { in: [earlier.sessionId, probe.sessionId] } } });
  });

  it("passes the same person, stores both embeddings, and finds the face again in a later session", async () => {
    const first = await sessionWith({ selfie: "selfie-collins.jpg", pan_card_front: "pan-card.jpg" });
    const check = await runCheck(db, {
      projectId,
      mode: "test",
      key: "face.match",
      country: "IN",
      sessionId: first.sessionId,
      input: { selfie_file_id: first.ids.selfie, document_file_id: first.ids.pan_card_front },
    });
    expect(check).toMatchObject({ checkKey: "in.face.match", provider: "face", status: "passed", errorCode: null, verifiedBy: "source" });
    expect(check.score!).toBeGreaterThan(DEFAULT_FACE_MATCH_THRESHOLD);
    expect(check.result).toMatchObject({ threshold: DEFAULT_FACE_MATCH_THRESHOLD, selfie_faces: 1, document_faces: 1, duplicates: [] });
    expect(await db.faceEmbedding.count({ where: { sessionId: first.sessionId } })).toBe(2);

    // the same face applies again in another session: a passing match becomes needs_review
    const second = await sessionWith({ selfie: "selfie-collins.jpg", aadhaar_front: "aadhaar-front.jpg" });
    const again = await runCheck(db, {
      projectId,
      mode: "test",
      key: "in.face.match",
      sessionId: second.sessionId,
      input: { selfie_file_id: second.ids.selfie, document_file_id: second.ids.aadhaar_front },
    });
    expect(again).toMatchObject({ status: "needs_review", errorCode: "face_duplicate" });
    const duplicates = (again.result as { duplicates: { session_id: string; similarity: number }[] }).duplicates;
    expect(duplicates.map((d) => d.session_id)).toEqual([first.sessionId]);

    // a different person in a third session is no duplicate of either
    const third = await sessionWith({ selfie: "selfie-hopper.jpg", passport: "passport.jpg" });
    const other = await runCheck(db, {
      projectId,
      mode: "test",
      key: "in.face.match",
      sessionId: third.sessionId,
      input: { selfie_file_id: third.ids.selfie, document_file_id: third.ids.passport, threshold: 0.62 },
    });
    expect(other).toMatchObject({ status: "passed", errorCode: null });
    expect(other.result).toMatchObject({ threshold: 0.62, duplicates: [] });
  });

  it("fails a different person and answers evidence_not_found for another mode's file", async () => {
    const s = await sessionWith({ selfie: "selfie-hopper.jpg", pan_card_front: "pan-card.jpg" });
    const mismatch = await runCheck(db, {
      projectId,
      mode: "test",
      key: "in.face.match",
      input: { selfie_file_id: s.ids.selfie, document_file_id: s.ids.pan_card_front },
    });
    expect(mismatch).toMatchObject({ status: "failed", errorCode: "face_mismatch" });
    expect(mismatch.score!).toBeLessThan(FACE_MATCH_THRESHOLDS.review);
    const live = await runCheck(db, {
      projectId,
      mode: "live",
      key: "in.face.match",
      input: { selfie_file_id: s.ids.selfie, document_file_id: s.ids.pan_card_front },
    });
    expect(live).toMatchObject({ provider: "face", status: "failed", errorCode: "evidence_not_found" });
  });

  it("scores passive liveness, but without a challenge the server issued never passes (challenge_required)", async () => {
    const s = await sessionWith({ selfie: "selfie-hopper.jpg" });
    const check = await runCheck(db, { projectId, mode: "test", key: "liveness.check", country: "IN", input: { selfie_file_id: s.ids.selfie } });
    expect(check).toMatchObject({ checkKey: "in.liveness.check", status: "needs_review", errorCode: "challenge_required", verifiedBy: "source" });
    expect(check.result).toMatchObject({ method: "passive", faces: 1, threshold: 0.5 });
    expect(check.score!).toBeGreaterThanOrEqual(0.5);
  });

  it("rejects malformed input before any provider call", async () => {
    await expect(runCheck(db, { projectId, mode: "test", key: "in.face.match", input: { selfie_file_id: "file_x" } })).rejects.toMatchObject({
      code: "parameter_invalid",
    });
  });
});

describe("document extractions", () => {
  it("requests, runs, confirms with a correction, and is erased with the session's PII", async () => {
    const s = await sessionWith({ pan_card_front: "pan-card.jpg", selfie: "selfie-collins.jpg" });
    const tenant = { projectId, mode: "test" as const };
    const req = await requestDocumentExtraction(db, tenant, {
      sessionId: s.sessionId,
      step: "documents",
      documentType: "pan_card",
      fileIds: [s.ids.pan_card_front!],
    });
    expect(req).toMatchObject({ status: "pending", fields: null, document_type: "pan_card" });
    expect(await db.outboxMessage.count({ where: { name: documentExtractionRequested.name } })).toBeGreaterThan(0);

    const done = await runDocumentExtraction(db, req.id);
    expect(done.status).toBe("completed");
    expect(done.fields?.pan?.value).toBe("ABCPE1234F");
    expect((await getDocumentExtraction(db, tenant, s.sessionId, req.id)).fields?.name?.value).toBe("ANITA SHARMA");
    // another project's / mode's view of it does not exist
    await expect(getDocumentExtraction(db, { projectId, mode: "live" }, s.sessionId, req.id)).rejects.toMatchObject({ code: "resource_missing" });

    const confirmed = await confirmDocumentFields(db, tenant, s.sessionId, req.id, {
      pan: "ABCPE1234F",
      name: "ANITA SHARMA",
      father_name: "RAJESH SHARMA",
      date_of_birth: "1988-08-15",
    });
    expect(confirmed.confirmed?.date_of_birth).toBe("1988-08-15");
    expect(confirmed.fields?.date_of_birth?.value).toBe("1988-08-14");
    expect(confirmed.signals.map((x) => [x.code, x.field, x.severity])).toEqual([["field_corrected", "date_of_birth", "review"]]);

    await runCheck(db, {
      projectId,
      mode: "test",
      key: "in.face.match",
      sessionId: s.sessionId,
      input: { selfie_file_id: s.ids.selfie, document_file_id: s.ids.pan_card_front },
    });
    expect(await db.faceEmbedding.count({ where: { sessionId: s.sessionId } })).toBe(2);
    await eraseSessionPii(db, tenant, s.sessionId, actor);
    expect(await db.faceEmbedding.count({ where: { sessionId: s.sessionId } })).toBe(0);
    expect(await db.documentExtraction.count({ where: { sessionId: s.sessionId } })).toBe(0);
  });

  it("records a failed extraction for an unreadable file and refuses unknown types and foreign files", async () => {
    const s = await sessionWith({ pan_card_front: "pan-card.jpg" });
    const tenant = { projectId, mode: "test" as const };
    const pdf = await storeEvidence(db, {
      projectId,
      sessionId: s.sessionId,
      step: "documents",
      kind: "gst",
      contentType: "application/pdf",
      data: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    const req = await requestDocumentExtraction(db, tenant, { sessionId: s.sessionId, step: "documents", documentType: "gst_certificate", fileIds: [pdf] });
    expect(await runDocumentExtraction(db, req.id)).toMatchObject({ status: "failed", error_code: "file_unreadable" });
    await expect(
      requestDocumentExtraction(db, tenant, { sessionId: s.sessionId, step: "documents", documentType: "bank_statement", fileIds: [pdf] }),
    ).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "document_type",
    });
    const other = await sessionWith({ pan_card_front: "pan-card.jpg" });
    await expect(
      requestDocumentExtraction(db, tenant, { sessionId: s.sessionId, step: "documents", documentType: "pan_card", fileIds: [other.ids.pan_card_front!] }),
    ).rejects.toMatchObject({ code: "resource_missing" });
  });
});

describe("confirmation timing, decision signals and PDFs", () => {
  const tenant = { projectId: "", mode: "test" as const };
  beforeAll(() => {
    tenant.projectId = projectId;
  });

  it("keeps a confirmation given while the OCR runs, and adds its signals when the OCR completes", async () => {
    const s = await sessionWith({ pan_card_front: "pan-card.jpg" });
    const req = await requestDocumentExtraction(db, tenant, {
      sessionId: s.sessionId,
      step: "documents",
      documentType: "pan_card",
      fileIds: [s.ids.pan_card_front!],
    });
    const early = await confirmDocumentFields(db, tenant, s.sessionId, req.id, { pan: "ABCPE1234F", name: "ANITA SHARMA", date_of_birth: "1988-08-15" });
    expect(early).toMatchObject({ status: "pending", confirmed: { date_of_birth: "1988-08-15" }, signals: [] });

    const done = await runDocumentExtraction(db, req.id);
    expect(done.fields?.date_of_birth?.value).toBe("1988-08-14");
    expect(done.confirmed?.date_of_birth).toBe("1988-08-15");
    expect(done.signals.filter((x) => x.severity === "review").map((x) => [x.code, x.field])).toEqual([["field_corrected", "date_of_birth"]]);

    // the decision reads the extraction the submitted step names, and only in its own session
    const steps = [{ type: "documents", status: "submitted", data: { extraction_id: req.id } }];
    expect(await submittedDocumentSignals(db, { id: s.sessionId, projectId, mode: "test", steps })).toContainEqual({
      code: "field_corrected",
      severity: "review",
      field: "date_of_birth",
      documentType: "pan_card",
    });
    expect(
      await submittedDocumentSignals(db, { id: s.sessionId, projectId, mode: "test", steps: [{ type: "documents", status: "submitted", data: {} }] }),
    ).toEqual([]);
    const other = await sessionWith({});
    expect(await submittedDocumentSignals(db, { id: other.sessionId, projectId, mode: "test", steps })).toEqual([]);
  });

  it("reads the fields on the first page of a PDF", async () => {
    const s = await sessionWith({});
    const pdf = textPdf([
      "INCOME TAX DEPARTMENT GOVT. OF INDIA",
      "Permanent Account Number Card",
      "ABCPE1234F",
      "Name",
      "ANITA SHARMA",
      "Date of Birth",
      "14/08/1988",
    ]);
    const file = await storeEvidence(db, {
      projectId,
      sessionId: s.sessionId,
      step: "documents",
      kind: "pan_card_front",
      contentType: "application/pdf",
      data: pdf,
    });
    const req = await requestDocumentExtraction(db, tenant, { sessionId: s.sessionId, step: "documents", documentType: "pan_card", fileIds: [file] });
    const done = await runDocumentExtraction(db, req.id);
    expect(done.status).toBe("completed");
    expect(done.fields?.pan).toMatchObject({ value: "ABCPE1234F", valid: true });
    expect(done.fields?.date_of_birth?.value).toBe("1988-08-14");
  });
});

describe("the selfie's reference photo and the active challenge", () => {
  const faceMatch = (sessionId: string, input: Record<string, unknown>) => runCheck(db, { projectId, mode: "test", key: "in.face.match", sessionId, input });

  it("prefers a readable UIDAI photo with `any`, falls back to the document, and fails without a reference", async () => {
    const s = await sessionWith({ selfie: "selfie-collins.jpg", pan_card_front: "pan-card.jpg" });
    const input = { selfie_file_id: s.ids.selfie, document_file_id: s.ids.pan_card_front, compare_with: "any" };
    const store = (data: Buffer) =>
      storeEvidence(db, { projectId, sessionId: s.sessionId, step: "aadhaar", kind: "aadhaar_photo", contentType: "image/jpeg", data });
    // the sandbox e-KYC's "photo" is marker bytes that do not decode: the document decides
    await store(Buffer.from("ffd8ffe000104a464946", "hex"));
    // (the same face was seen in earlier sessions of this file: `face_duplicate` may send it to review)
    const fallback = await faceMatch(s.sessionId, input);
    expect(fallback.score!).toBeGreaterThan(0.6);
    expect(fallback.result).toMatchObject({ reference: "document" });
    expect(await faceMatch(s.sessionId, { selfie_file_id: s.ids.selfie, compare_with: "aadhaar" })).toMatchObject({
      status: "failed",
      errorCode: "face_image_unreadable",
    });

    await store(read("aadhaar-front.jpg"));
    const uidai = await faceMatch(s.sessionId, input);
    expect(uidai.score!).toBeGreaterThan(0.6);
    expect(uidai.result).toMatchObject({ reference: "aadhaar_photo" });

    expect(await faceMatch(s.sessionId, { selfie_file_id: s.ids.selfie, compare_with: "document" })).toMatchObject({
      status: "failed",
      errorCode: "reference_photo_missing",
    });
  });

  it("frames a backend sends without a challenge the server issued prove nothing: challenge_required", async () => {
    const s = await sessionWith({ selfie: "selfie-collins.jpg", f1: "selfie-collins.jpg", f2: "selfie-hopper.jpg", f3: "selfie-collins.jpg" });
    const check = await runCheck(db, {
      projectId,
      mode: "test",
      key: "in.liveness.check",
      sessionId: s.sessionId,
      input: { selfie_file_id: s.ids.selfie, challenge: "turn_head", frame_file_ids: [s.ids.f1!, s.ids.f2!, s.ids.f3!] },
    });
    expect(check).toMatchObject({ status: "needs_review", errorCode: "challenge_required" });
    expect(check.result).toMatchObject({ method: "passive", challenge: null });
  });
});
