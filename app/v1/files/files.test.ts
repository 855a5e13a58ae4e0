/**
 * The Files API through its real route handlers and the whole /v1 pipeline on a PGlite
 * database: multipart parsing, the shared upload pipeline (sniffing, PDF checks, storage),
 * tenant scoping (another project or mode: 404), Idempotency-Key over multipart bodies,
 * deletion, erasure with the session, and the download address.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "~/server/api-keys/create-api-key";
import type { Db } from "~/server/db";
import { blobStore } from "~/server/evidence/blob-store";
import { openEvidence } from "~/server/evidence/evidence";
import { deleteFilesPastRetention } from "~/server/files/files";
import { eraseSessionPii } from "~/server/sessions/session-actions";
import { createSession } from "~/server/sessions/create-session";
import { MAX_UPLOAD_BYTES } from "~/server/uploads/upload-types";
import { demoDb } from "~/tests/fixtures/demo-db";
import { blankPdf, encryptedPdf } from "~/tests/fixtures/pdf-fixtures";
import { DELETE as deleteFile, GET as getFile } from "./[id]/route";
import { GET as getFileUrl } from "./[id]/url/route";
import { POST as postFile } from "./route";

let db: Db;
let projectId: string;
let workflowId: string;
let testKey: string;
let liveKey: string;
let otherKey: string;
let png: Buffer;
const saved = process.env.SCANNER;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
  workflowId = demo.seed.workflows.kyc;
  testKey = (await createApiKey(db, { projectId, mode: "test" })).secret;
  liveKey = (await createApiKey(db, { projectId, mode: "live" })).secret;
  const other = await db.project.create({
    data: { id: "proj_filesothertest00000000", name: "Other", slug: "files-other", organizationId: demo.seed.organizationId },
  });
  otherKey = (await createApiKey(db, { projectId: other.id, mode: "test" })).secret;
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  // test-mode uploads skip the virus scan (accept-upload.test.ts scans with a real clamd)
  process.env.SCANNER = "off";
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterAll(() => {
  if (saved === undefined) delete process.env.SCANNER;
  else process.env.SCANNER = saved;
  vi.restoreAllMocks();
});

type Route = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

async function send(route: Route, path: string, init: { method?: string; key?: string; body?: BodyInit; headers?: Record<string, string>; id?: string } = {}) {
  const req = new Request(`http://localhost${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${init.key ?? testKey}`, ...init.headers },
    body: init.body,
  });
  const params: Record<string, string> = init.id ? { id: init.id } : {};
  const res = await route(req, { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

function form(fields: Record<string, string | Uint8Array>): FormData {
  const f = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)]), "upload.bin");
  }
  return f;
}

const upload = (fields: Record<string, string | Uint8Array>, opts: { key?: string; headers?: Record<string, string> } = {}) =>
  send(postFile, "/v1/files", { body: form(fields), ...opts });

const filesOfProject = () => db.evidenceFile.count({ where: { projectId, purpose: { not: null } } });

describe("POST /v1/files", () => {
  it("stores an image through the upload pipeline and answers the File object", async () => {
    const res = await upload({ file: png, purpose: "identity_document" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^file_[0-9A-Za-z]{24}$/),
      object: "file",
      purpose: "identity_document",
      content_type: "image/png",
      size: png.length,
      session_id: null,
      created_at: expect.any(String),
    });
    const row = await db.evidenceFile.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ projectId, mode: "test", sessionId: null, purpose: "identity_document", scanStatus: "skipped" });
    expect(row.displayKey).not.toBeNull();
    expect(await blobStore().get(row.storageKey)).toEqual(png);
    expect(await db.auditLog.count({ where: { action: "evidence.uploaded", objectId: res.body.id } })).toBe(1);
  });

  it("attaches a file to a session of the tenant, and refuses another tenant's session as 404", async () => {
    const session = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "system", id: null });
    const res = await upload({ file: png, purpose: "selfie", session_id: session.id });
    expect(res.body).toMatchObject({ session_id: session.id, purpose: "selfie" });
    const live = await upload({ file: png, purpose: "selfie", session_id: session.id }, { key: liveKey });
    expect(live.status).toBe(404);
    expect(live.body.error).toMatchObject({ code: "resource_missing", param: "session_id" });
  });

  it("answers every refusal with the Error object and stores nothing", async () => {
    const before = await filesOfProject();
    const cases: [Record<string, string | Uint8Array>, number, string, string | undefined][] = [
      [{ file: Buffer.from("just text, not an image"), purpose: "identity_document" }, 415, "file_type_not_allowed", "file"],
      [{ file: encryptedPdf(), purpose: "identity_document" }, 422, "file_encrypted", "file"],
      [{ file: blankPdf(0), purpose: "identity_document" }, 422, "file_no_pages", "file"],
      [{ file: Buffer.concat([png.subarray(0, 40), Buffer.alloc(100, 7)]), purpose: "selfie" }, 422, "file_unreadable", "file"],
      [{ file: png }, 400, "parameter_invalid", "purpose"],
      [{ file: png, purpose: "passport_photo" }, 400, "parameter_invalid", "purpose"],
      [{ purpose: "selfie" }, 400, "parameter_invalid", "file"],
      [{ file: "not a file part", purpose: "selfie" }, 400, "parameter_invalid", "file"],
      [{ file: png, purpose: "selfie", note: "x" }, 400, "parameter_unknown", "note"],
    ];
    for (const [fields, status, code, param] of cases) {
      const res = await upload(fields);
      expect({ status: res.status, code: res.body.error?.code, param: res.body.error?.param }, JSON.stringify(Object.keys(fields))).toEqual({
        status,
        code,
        param,
      });
      expect(res.body.error.type).toBe("invalid_request_error");
      expect(res.headers.get("request-id")).toMatch(/^req_/);
    }
    expect(await filesOfProject()).toBe(before);
  });

  it("refuses 15 MiB + 1 byte with 413 file_too_large, and a body that is not multipart with 415", async () => {
    const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    const res = await upload({ file: big, purpose: "identity_document" });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "file_too_large", param: "file" });
    const json = await send(postFile, "/v1/files", { body: JSON.stringify({ purpose: "selfie" }), headers: { "content-type": "application/json" } });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe("unsupported_media_type");
    const broken = await send(postFile, "/v1/files", { body: "--x\r\nnot a part", headers: { "content-type": "multipart/form-data; boundary=zzz" } });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe("body_invalid_multipart");
  });

  it("replays the first response for the same Idempotency-Key and file, whatever the boundary; another file is idempotency_key_reused", async () => {
    const headers = { "idempotency-key": `files-${Math.random()}` };
    const first = await upload({ file: png, purpose: "identity_document" }, { headers });
    const again = await upload({ file: png, purpose: "identity_document" }, { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(
      await db.evidenceFile.count({ where: { sha256: (await db.evidenceFile.findUniqueOrThrow({ where: { id: first.body.id } })).sha256, id: first.body.id } }),
    ).toBe(1);
    const other = await upload({ file: blankPdf(1), purpose: "identity_document" }, { headers });
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe("idempotency_key_reused");
  });
});

describe("GET / DELETE /v1/files/{id}", () => {
  it("retrieves the metadata within the tenant only, issues a download address, deletes bytes and record", async () => {
    const { body: file } = await upload({ file: png, purpose: "selfie" });
    const row = await db.evidenceFile.findUniqueOrThrow({ where: { id: file.id } });
    expect((await send(getFile, `/v1/files/${file.id}`, { id: file.id })).body).toEqual(file);
    for (const key of [liveKey, otherKey]) {
      expect((await send(getFile, `/v1/files/${file.id}`, { id: file.id, key })).status).toBe(404);
      expect((await send(getFileUrl, `/v1/files/${file.id}/url`, { id: file.id, key })).status).toBe(404);
      expect((await send(deleteFile, `/v1/files/${file.id}`, { id: file.id, key, method: "DELETE" })).status).toBe(404);
    }

    const address = await send(getFileUrl, `/v1/files/${file.id}/url`, { id: file.id });
    expect(address.status).toBe(200);
    const token = new URL(address.body.url).pathname.replace(/^\/evidence\//, "");
    expect((await openEvidence(db, token, null))?.body).toEqual(png);

    const deleted = await send(deleteFile, `/v1/files/${file.id}`, { id: file.id, method: "DELETE" });
    expect(deleted.body).toEqual({ id: file.id, object: "file", deleted: true });
    expect(await db.evidenceFile.findUnique({ where: { id: file.id } })).toBeNull();
    expect(await blobStore().get(row.storageKey)).toBeNull();
    expect(await blobStore().get(row.displayKey!)).toBeNull();
    expect(await openEvidence(db, token, null)).toBeNull();
    expect((await send(getFile, `/v1/files/${file.id}`, { id: file.id })).status).toBe(404);
    expect((await send(deleteFile, `/v1/files/${file.id}`, { id: file.id, method: "DELETE" })).status).toBe(404);
    expect(await db.auditLog.count({ where: { action: "file.deleted", objectId: file.id } })).toBe(1);
  });

  it("serves no hosted-flow evidence: those files are read and erased through their session", async () => {
    const session = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "system", id: null });
    const { storeEvidence } = await import("~/server/evidence/evidence");
    const evidence = await storeEvidence(db, { projectId, sessionId: session.id, step: "pan", kind: "pan_card_front", contentType: "image/png", data: png });
    expect((await send(getFile, `/v1/files/${evidence}`, { id: evidence })).status).toBe(404);
    expect((await send(deleteFile, `/v1/files/${evidence}`, { id: evidence, method: "DELETE" })).status).toBe(404);
  });

  it("the retention cron deletes files of no session once the project's retention days have passed", async () => {
    const { body: loose } = await upload({ file: png, purpose: "identity_document" });
    const session = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "system", id: null });
    const { body: attached } = await upload({ file: png, purpose: "identity_document", session_id: session.id });
    const { retentionDays } = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { retentionDays: true } });
    await deleteFilesPastRetention(db, new Date(Date.now() + (retentionDays - 1) * 86_400_000));
    expect(await db.evidenceFile.findUnique({ where: { id: loose.id } })).not.toBeNull();
    const { deleted } = await deleteFilesPastRetention(db, new Date(Date.now() + (retentionDays + 1) * 86_400_000));
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await db.evidenceFile.findUnique({ where: { id: loose.id } })).toBeNull();
    expect(await db.evidenceFile.findUnique({ where: { id: attached.id } })).not.toBeNull();
    expect(await db.auditLog.count({ where: { action: "file.deleted", objectId: loose.id, actorId: "retention_policy" } })).toBe(1);
  });

  it("erases a file attached to a session with the session's personal data", async () => {
    const session = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "system", id: null });
    const { body: file } = await upload({ file: png, purpose: "identity_document", session_id: session.id });
    const row = await db.evidenceFile.findUniqueOrThrow({ where: { id: file.id } });
    const erased = await eraseSessionPii(db, { projectId, mode: "test" }, session.id, { type: "system", id: null });
    expect(erased.files_deleted).toBe(1);
    expect(await db.evidenceFile.findUnique({ where: { id: file.id } })).toBeNull();
    expect(await blobStore().get(row.storageKey)).toBeNull();
    expect((await send(getFile, `/v1/files/${file.id}`, { id: file.id })).status).toBe(404);
  });
});
