/**
 * Direct checks on Files API uploads (issue 16 item 2, issue 15 item 3), on a PGlite database
 * with the real OCR and face models: `in.document.extract` and `in.face.match` read files
 * uploaded with `POST /v1/files` (no session), within the key's project and mode; a file of
 * another mode is a 404 naming the field, a file uploaded for another purpose a 400.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import { runDirectCheck } from "../checks/direct-check";
import type { Db } from "../db";
import { blobStore } from "../evidence/blob-store";
import { newId } from "../ids";
import { terminateOcr } from "../intelligence/ocr/tesseract-ocr";
import type { Tenant } from "../tenant";
import type { FilePurpose } from "./file.schemas";
import { uploadFile } from "./files";

let db: Db;
let test: Tenant;
let live: Tenant;
const saved = process.env.SCANNER;
const read = (n: string) => readFileSync(path.resolve("tests/fixtures/intelligence", n));
const actor = { type: "api_key" as const, id: "key_files_test" };

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  test = { projectId: demo.seed.projectId, mode: "test" };
  live = { projectId: demo.seed.projectId, mode: "live" };
  process.env.SCANNER = "off"; // test mode: stored unscanned (accept-upload.test.ts scans with clamd)
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});

afterAll(async () => {
  if (saved === undefined) delete process.env.SCANNER;
  else process.env.SCANNER = saved;
  vi.restoreAllMocks();
  await terminateOcr();
});

const upload = async (tenant: Tenant, name: string, purpose: FilePurpose) => (await uploadFile(db, tenant, { file: read(name), purpose }, actor)).id;
/** A live-mode Files API upload, written directly (live uploads are always scanned: accept-upload.test.ts covers that with clamd). */
async function liveUpload(name: string, purpose: FilePurpose): Promise<string> {
  const id = newId("evidence");
  const data = read(name);
  const storageKey = `${live.projectId}/files-live/${id}`;
  await blobStore().put(storageKey, data);
  await db.evidenceFile.create({
    data: {
      id,
      ...live,
      sessionId: null,
      step: "files",
      kind: purpose,
      purpose,
      contentType: "image/jpeg",
      size: data.length,
      sha256: "0".repeat(64),
      storageKey,
    },
  });
  return id;
}
const run = (key: string, body: Record<string, unknown>, tenant: Tenant = test) => runDirectCheck(db, tenant, key, body, { async: false });

describe("direct checks on Files API uploads", () => {
  it("in.document.extract reads an uploaded PAN card: passed, fields with zone and validity", async () => {
    const pan = await upload(test, "pan-card.jpg", "identity_document");
    const { status, check } = await run("in.document.extract", { file_ids: [pan] });
    expect(status).toBe(200);
    expect(check).toMatchObject({ check_key: "in.document.extract", generic_key: "document.extract", status: "passed", verified_by: "source" });
    expect(check.result).toMatchObject({ document_type: "pan_card", fields: { pan: { value: "ABCPE1234F", zone: "visual", validity: "valid" } } });
  });

  it("refuses a file of another mode (404) and one uploaded for another purpose (400), naming the field", async () => {
    const pan = await upload(test, "pan-card.jpg", "identity_document");
    const selfie = await upload(test, "selfie-collins.jpg", "selfie");
    const liveSelfie = await liveUpload("selfie-collins.jpg", "selfie");
    await expect(run("in.document.extract", { file_ids: [pan, liveSelfie] })).rejects.toMatchObject({ code: "resource_missing", param: "file_ids.1" });
    await expect(run("in.document.extract", { file_ids: [selfie] })).rejects.toMatchObject({ code: "file_purpose_invalid", status: 400, param: "file_ids.0" });
    await expect(run("in.face.match", { selfie_file_id: pan, document_file_id: pan })).rejects.toMatchObject({
      code: "file_purpose_invalid",
      param: "selfie_file_id",
    });
    await expect(run("in.face.match", { selfie_file_id: selfie, document_file_id: selfie })).rejects.toMatchObject({
      code: "file_purpose_invalid",
      param: "document_file_id",
    });
    await expect(run("in.liveness.check", { selfie_file_id: selfie, challenge: "turn_head", frame_file_ids: [selfie] })).rejects.toMatchObject({
      code: "file_purpose_invalid",
      param: "frame_file_ids.0",
    });
    await expect(run("in.face.match", { selfie_file_id: liveSelfie, document_file_id: pan })).rejects.toMatchObject({
      code: "resource_missing",
      param: "selfie_file_id",
    });
    // and the other way round: a test file with a live key
    await expect(run("in.document.extract", { file_ids: [pan] }, live)).rejects.toMatchObject({ code: "resource_missing", param: "file_ids.0" });
    expect(await db.check.count({ where: { checkKey: { in: ["in.document.extract", "in.face.match", "in.liveness.check"] }, status: "pending" } })).toBe(0);
  });

  it("in.face.match compares an uploaded selfie with an uploaded document photo (no session: no embedding kept)", async () => {
    const selfie = await upload(test, "selfie-collins.jpg", "selfie");
    const other = await upload(test, "selfie-hopper.jpg", "identity_document");
    const { check } = await run("in.face.match", { selfie_file_id: selfie, document_file_id: other });
    expect(check.status).not.toBe("error");
    expect(check.result).toMatchObject({ reference: "document", selfie_faces: 1 });
    expect(await db.faceEmbedding.count({ where: { evidenceFileId: { in: [selfie, other] } } })).toBe(0);
  });

  it("in.document.extract: a declared type without extraction or unknown fails offline with its code", async () => {
    const pan = await upload(test, "pan-card.jpg", "identity_document");
    expect((await run("in.document.extract", { file_ids: [pan], document_type: "partnership_deed" })).check).toMatchObject({
      status: "failed",
      error_code: "document_type_not_extractable",
    });
    expect((await run("in.document.extract", { file_ids: [pan], document_type: "library_card" })).check).toMatchObject({
      status: "failed",
      error_code: "document_type_unknown",
    });
  });
});
