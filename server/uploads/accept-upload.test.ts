import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eicar, type ClamdHandle, useClamd } from "../../tests/fixtures/clamd";
import type { Db } from "../db";
import { env } from "../env";
import { blobStore } from "../evidence/blob-store";
import { createSession } from "../sessions/create-session";
import { acceptUpload, type AcceptUploadInput } from "./accept-upload";
import { heicDecodable } from "./display-copy";
import type { ScannerConfig } from "./upload-config";
import { MAX_UPLOAD_BYTES } from "./upload-types";
import { demoDb } from "~/tests/fixtures/demo-db";
import { blankPdf, encryptedPdf } from "~/tests/fixtures/pdf-fixtures";

let db: Db;
let clamd: ClamdHandle;
let projectId: string;
let testSession: string;
let liveSession: string;
let overSocket: ScannerConfig;
let overTcp: ScannerConfig;
const deadScanner: ScannerConfig = { clamd: { socket: "/nonexistent/clamd.sock" }, timeoutMs: 2000, skipTestMode: false };

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const filesRoot = () => path.resolve(env.DATA_DIR, "files");
/** Every blob stored for a session (the FS store under `${DATA_DIR}/files`). */
function blobsOf(sessionId: string): string[] {
  const dir = path.join(filesRoot(), projectId, sessionId);
  return existsSync(dir) ? readdirSync(dir) : [];
}
const rowsOf = (sessionId: string) => db.evidenceFile.findMany({ where: { sessionId } });

function upload(over: Partial<AcceptUploadInput> & { bytes: Uint8Array }, scanner: ScannerConfig = overSocket) {
  return acceptUpload({ db, projectId, sessionId: testSession, mode: "test", step: "pan", kind: "pan_card_front", ...over }, { scanner });
}

const png = (width = 2000, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
const pdf = (padTo = 0) => {
  const body = blankPdf(1);
  return Buffer.concat([body, Buffer.alloc(Math.max(0, padTo - body.length), 0x20)]);
};

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  projectId = seed.projectId;
  const actor = { type: "api_key" as const, id: "key_test" };
  testSession = (await createSession(db, { projectId, mode: "test" }, { workflow_id: seed.workflows.kyc }, actor)).id;
  liveSession = (await createSession(db, { projectId, mode: "live" }, { workflow_id: seed.workflows.kyc }, actor)).id;
  clamd = await useClamd();
  overSocket = { clamd: clamd.socket ? { socket: clamd.socket } : { host: clamd.host!, port: clamd.port! }, timeoutMs: 20_000, skipTestMode: false };
  overTcp = clamd.port ? { clamd: { host: clamd.host ?? "127.0.0.1", port: clamd.port }, timeoutMs: 20_000, skipTestMode: false } : overSocket;
});

afterAll(async () => {
  await clamd?.stop();
});

describe("acceptUpload", () => {
  it("refuses the EICAR test file inside a PDF: nothing stored, an audit row names the signature, the applicant sees none", async () => {
    const before = blobsOf(testSession).length;
    const infected = Buffer.concat([pdf(), eicar()]);
    const err = await upload({ bytes: infected, declaredName: "id.pdf" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "file_infected", status: 422, param: "file" });
    expect((err as Error).message).not.toMatch(/eicar|signature/i);
    expect(blobsOf(testSession)).toHaveLength(before);
    expect(await db.evidenceFile.count({ where: { sessionId: testSession, sha256: sha256(infected) } })).toBe(0);

    const audit = await db.auditLog.findFirst({ where: { action: "evidence.upload_infected", objectId: testSession }, orderBy: { createdAt: "desc" } });
    expect(audit).toMatchObject({ actorType: "applicant", actorId: testSession, objectType: "session", projectId, mode: "test" });
    expect(audit!.data).toMatchObject({
      step: "pan",
      kind: "pan_card_front",
      size: infected.length,
      sha256: sha256(infected),
      signatures: ["Eicar-Test-Signature.UNOFFICIAL"],
    });
  });

  it("finds EICAR over clamd's TCP socket too, also inside an allowed file type", async () => {
    const disguised = Buffer.concat([await png(10, 10), eicar()]);
    await expect(upload({ bytes: disguised }, overTcp)).rejects.toMatchObject({ code: "file_infected" });
  });

  it("stores a clean PNG with its SHA-256, a WebP display copy and scanStatus clean", async () => {
    const bytes = await png();
    const row = await upload({ bytes, declaredName: "photo.exe" }, overTcp);

    expect(row).toMatchObject({
      projectId,
      sessionId: testSession,
      step: "pan",
      kind: "pan_card_front",
      contentType: "image/png",
      size: bytes.length,
      scanStatus: "clean",
    });
    expect(row.id).toMatch(/^file_[0-9A-Za-z]{24}$/);
    expect(row.sha256).toBe(sha256(bytes));
    expect(row.storageKey).toBe(`${projectId}/${testSession}/${row.id}`);
    expect(row.displayKey).toBe(`${row.storageKey}.display.webp`);
    expect(await db.evidenceFile.findUnique({ where: { id: row.id } })).toEqual(row);

    const store = blobStore();
    expect(existsSync(path.join(filesRoot(), row.storageKey))).toBe(true);
    expect((await store.get(row.storageKey))!.equals(bytes)).toBe(true);
    const display = (await store.get(row.displayKey!))!;
    expect(await fileTypeFromBuffer(display)).toMatchObject({ mime: "image/webp" });
    expect(await sharp(display).metadata()).toMatchObject({ width: 1600, height: 800 });

    const audit = await db.auditLog.findFirst({ where: { action: "evidence.uploaded", objectId: row.id } });
    expect(audit?.data).toMatchObject({ session_id: testSession, content_type: "image/png", scan_status: "clean", sha256: row.sha256 });
  });

  it("stores a PDF without a display copy", async () => {
    const bytes = pdf();
    const row = await upload({ bytes, kind: "statement", declaredName: "statement.png" });
    expect(row).toMatchObject({ contentType: "application/pdf", displayKey: null, scanStatus: "clean", size: bytes.length });
    expect(blobsOf(testSession)).toContain(row.id);
    expect(blobsOf(testSession).filter((f) => f.startsWith(row.id))).toEqual([row.id]);
  });

  it("scans and stores the largest allowed upload (exactly 15 MiB)", async () => {
    const bytes = pdf(MAX_UPLOAD_BYTES);
    expect(bytes.length).toBe(MAX_UPLOAD_BYTES);
    const row = await upload({ bytes, kind: "statement" });
    expect(row).toMatchObject({ size: MAX_UPLOAD_BYTES, scanStatus: "clean" });
  });

  it("refuses 15 MiB + 1 byte before scanning or storing anything", async () => {
    const before = blobsOf(testSession).length;
    const rows = (await rowsOf(testSession)).length;
    // A dead scanner proves the size check comes first.
    await expect(upload({ bytes: pdf(MAX_UPLOAD_BYTES + 1) }, deadScanner)).rejects.toMatchObject({ code: "file_too_large", status: 413 });
    expect(blobsOf(testSession)).toHaveLength(before);
    expect(await rowsOf(testSession)).toHaveLength(rows);
  });

  it("refuses a text file named .jpg as file_type_not_allowed (content decides, not the name)", async () => {
    const before = blobsOf(testSession).length;
    const err = await upload({ bytes: Buffer.from("just some text, not a JPEG\n"), declaredName: "passport.jpg" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "file_type_not_allowed", status: 415, param: "file" });
    expect(blobsOf(testSession)).toHaveLength(before);
    await expect(upload({ bytes: new Uint8Array(0) })).rejects.toMatchObject({ code: "file_type_not_allowed" });
  });

  it("refuses an unaccepted type as such before the scan: with the scanner down, with none configured, and for bare EICAR", async () => {
    const text = { bytes: Buffer.from("just some text, not a JPEG\n"), declaredName: "passport.jpg" };
    await expect(upload(text, deadScanner)).rejects.toMatchObject({ code: "file_type_not_allowed", status: 415 });
    await expect(upload(text, { clamd: null, timeoutMs: 1000, skipTestMode: false })).rejects.toMatchObject({ code: "file_type_not_allowed" });
    await expect(upload({ bytes: eicar() })).rejects.toMatchObject({ code: "file_type_not_allowed" });
  });

  it("refuses a PDF with a password, one without a page, and a damaged one: nothing stored", async () => {
    const before = blobsOf(testSession).length;
    const rows = (await rowsOf(testSession)).length;
    await expect(upload({ bytes: encryptedPdf() })).rejects.toMatchObject({ code: "file_encrypted", status: 422, param: "file" });
    await expect(upload({ bytes: blankPdf(0) })).rejects.toMatchObject({ code: "file_no_pages", status: 422, param: "file" });
    await expect(upload({ bytes: Buffer.from("%PDF-1.4\nnot a document at all") })).rejects.toMatchObject({ code: "file_unreadable", status: 422 });
    expect(blobsOf(testSession)).toHaveLength(before);
    expect(await rowsOf(testSession)).toHaveLength(rows);
    expect(await upload({ bytes: blankPdf(2) })).toMatchObject({ contentType: "application/pdf" });
  });

  it("refuses an image that does not decode as file_unreadable", async () => {
    const broken = Buffer.concat([(await png(50, 50)).subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(upload({ bytes: broken })).rejects.toMatchObject({ code: "file_unreadable" });
  });

  it("stores HEIC without a display copy when this sharp cannot decode HEVC", async () => {
    // An ISO-BMFF header with the `heic` brand: typed as HEIC from its bytes.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write("ftypheic", 4, "latin1");
    ftyp.write("mif1heic", 16, "latin1");
    const row = await upload({ bytes: Buffer.concat([ftyp, Buffer.alloc(64)]), kind: "selfie" });
    expect(row.contentType).toBe("image/heic");
    if (!heicDecodable()) expect(row.displayKey).toBeNull();
  });

  it("refuses live uploads when the scanner is down (fail closed), even with SCANNER=off", async () => {
    const live = { sessionId: liveSession, mode: "live" as const, bytes: await png(20, 20) };
    await expect(upload(live, deadScanner)).rejects.toMatchObject({ code: "scanner_unavailable", status: 503 });
    await expect(upload(live, { ...deadScanner, skipTestMode: true })).rejects.toMatchObject({ code: "scanner_unavailable" });
    // no clamd address at all is a configuration problem, not an outage: its own code
    await expect(upload(live, { clamd: null, timeoutMs: 1000, skipTestMode: true })).rejects.toMatchObject({ code: "scanner_not_configured", status: 503 });
    expect(blobsOf(liveSession)).toEqual([]);
    expect(await rowsOf(liveSession)).toEqual([]);
    // the same session stores once the scanner answers
    expect(await upload(live)).toMatchObject({ scanStatus: "clean", sessionId: liveSession });
  });

  it("refuses test uploads with the scanner down unless SCANNER=off, then stores them as skipped", async () => {
    await expect(upload({ bytes: await png(20, 20) }, deadScanner)).rejects.toMatchObject({ code: "scanner_unavailable" });

    const saved = { SCANNER: process.env.SCANNER, CLAMD_SOCKET: process.env.CLAMD_SOCKET };
    process.env.SCANNER = "off";
    process.env.CLAMD_SOCKET = "/nonexistent/clamd.sock";
    try {
      // no deps.scanner: the settings come from the environment
      const row = await acceptUpload({ db, projectId, sessionId: testSession, mode: "test", step: "pan", kind: "pan_card_front", bytes: await png(20, 20) });
      expect(row).toMatchObject({ scanStatus: "skipped", contentType: "image/png" });
      expect(row.displayKey).not.toBeNull();
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  it("deletes the stored blobs when the database insert fails", async () => {
    const failing = new Proxy(db, {
      get: (target, prop, receiver) => (prop === "$transaction" ? () => Promise.reject(new Error("database went away")) : Reflect.get(target, prop, receiver)),
    });
    const before = blobsOf(testSession);
    const rows = (await rowsOf(testSession)).length;
    await expect(upload({ db: failing, bytes: await png(30, 30) })).rejects.toThrow("database went away");
    expect(blobsOf(testSession)).toEqual(before);
    expect(await rowsOf(testSession)).toHaveLength(rows);
  });

  it("refuses a session of another project or mode as resource_missing", async () => {
    await expect(upload({ sessionId: liveSession, mode: "test", bytes: await png(10, 10) })).rejects.toMatchObject({ code: "resource_missing" });
    await expect(upload({ projectId: "proj_other", bytes: await png(10, 10) })).rejects.toMatchObject({ code: "resource_missing" });
  });
});
