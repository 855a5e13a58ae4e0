import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AADHAAR_PATTERN, verhoeffValid } from "../checks/validators/aadhaar";
import type { Db } from "../db";
import { env } from "../env";
import { blobStore } from "../evidence/blob-store";
import { prepareForOcr } from "../intelligence/ocr/preprocess";
import { recognizeText, terminateOcr } from "../intelligence/ocr/tesseract-ocr";
import { createSession } from "../sessions/create-session";
import { acceptUpload } from "./accept-upload";
import { aadhaarMaskingFor, digitRuns, maskAadhaar } from "./mask-aadhaar";
import type { ScannerConfig } from "./upload-config";
import { aadhaarBack, aadhaarFront, aadhaarNumber, phonePhoto } from "~/tests/fixtures/aadhaar-renders";
import { demoDb } from "~/tests/fixtures/demo-db";
import { scannedPdf } from "~/tests/fixtures/intelligence/one-page-pdf";

const NUMBER = aadhaarNumber();
const FIRST8 = NUMBER.slice(0, 8);
const LAST4 = NUMBER.slice(-4);

/** What OCR reads on stored bytes: every 12-digit Aadhaar-valid run, whether the first 8 digits appear, whether the last 4 do. */
async function ocrOf(bytes: Uint8Array) {
  const ocr = await recognizeText(await prepareForOcr(bytes));
  const digits = ocr.text.replace(/[^0-9\n]/g, "");
  return {
    aadhaars: digitRuns(ocr.words)
      .map((r) => r.digits)
      .filter((d) => AADHAAR_PATTERN.test(d) && verhoeffValid(d)),
    first8: digits.includes(FIRST8.slice(0, 4)) || digits.includes(FIRST8.slice(4)),
    last4: digits.includes(LAST4),
    text: ocr.text,
  };
}

async function qrOf(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
}

afterAll(() => terminateOcr());

describe("aadhaarMaskingFor", () => {
  it("masks declared Aadhaar sides, looks for a number on other identity documents, leaves the rest", () => {
    expect(aadhaarMaskingFor("aadhaar_card_front")).toBe("required");
    expect(aadhaarMaskingFor("aadhaar_card_back")).toBe("required");
    for (const k of ["identity_document", "proof_of_address", "pan_card_front", "passport_data_page", "voter_id_back", "driving_licence_front"])
      expect(aadhaarMaskingFor(k), k).toBe("detect");
    for (const k of ["selfie", "selfie_frame", "gst_certificate_document", "business_document", "statement"]) expect(aadhaarMaskingFor(k), k).toBe("none");
  });
});

describe("digitRuns", () => {
  const word = (text: string, line = 0, x = 0) => ({
    text,
    confidence: 0.9,
    line,
    bbox: [x, 0, x + 10 * text.length, 20] as [number, number, number, number],
    symbols: [...text].map((c, i) => ({ text: c, bbox: [x + 10 * i, 0, x + 10 * i + 9, 20] as [number, number, number, number] })),
  });
  it("finds spaced and glued numbers, VIDs and masked forms, with OCR look-alikes mapped, but not longer digit strings", () => {
    const runs = digitRuns([
      word("4918", 0),
      word("7362", 0, 50),
      word("51O2", 0, 100),
      word("491873625102", 1),
      word("VID:", 2),
      word("9134", 2, 50),
      word("5678", 2, 100),
      word("2210", 2, 150),
      word("7465", 2, 200),
      word("XXXX", 3),
      word("xxxx", 3, 50),
      word("5102", 3, 100),
      word("12345678901234567", 4),
    ]);
    expect(runs.map((r) => r.digits)).toEqual([NUMBER, NUMBER, "9134567822107465", `XXXXXXXX${LAST4}`]);
    expect(runs[0]!.boxes).toHaveLength(12);
  });
});

describe("maskAadhaar", () => {
  it("masks the front: no 12-digit number and no QR left, the last 4 digits kept and still printed", async () => {
    const front = await aadhaarFront();
    expect(await qrOf(front)).not.toBeNull();
    expect((await ocrOf(front)).aadhaars).toEqual([NUMBER]);

    const m = await maskAadhaar(front, "image/png", "required");
    expect(m).toMatchObject({ contentType: "image/png", last4: LAST4, masked: { numbers: 1, qr_codes: 1 } });
    const after = await ocrOf(m!.bytes);
    expect(after.aadhaars).toEqual([]);
    expect(after.first8).toBe(false);
    expect(after.last4).toBe(true);
    expect(after.text).toMatch(/Ramesh Kumar/);
    expect(await qrOf(m!.bytes)).toBeNull();
  });

  it("masks both occurrences on the back and the VID up to its last 4 digits", async () => {
    const m = await maskAadhaar(await aadhaarBack(), "image/png", "required");
    expect(m).toMatchObject({ last4: LAST4, masked: { numbers: 3, qr_codes: 1 } });
    const after = await ocrOf(m!.bytes);
    expect(after.aadhaars).toEqual([]);
    expect(after.first8).toBe(false);
    expect(after.text).not.toMatch(/9134|5678|2210/);
    expect(after.text).toMatch(/7465/);
    expect(after.text).toMatch(/Address: S\/O Ramlal/);
    expect(await qrOf(m!.bytes)).toBeNull();
  });

  it("masks a phone photo taken sideways and stores it upright as JPEG", async () => {
    const photo = await sharp(await phonePhoto(await aadhaarFront()))
      .rotate(90)
      .jpeg()
      .toBuffer();
    const m = await maskAadhaar(photo, "image/jpeg", "required");
    expect(m).toMatchObject({ contentType: "image/jpeg", last4: LAST4 });
    const { width = 0, height = 0 } = await sharp(m!.bytes).metadata();
    expect(width).toBeGreaterThan(height);
    const after = await ocrOf(m!.bytes);
    expect(after.aadhaars).toEqual([]);
    expect(after.first8).toBe(false);
    expect(await qrOf(m!.bytes)).toBeNull();
  });

  it("masks a PDF by storing its first page as a masked PNG", async () => {
    const pdf = await scannedPdf(
      await sharp(await aadhaarBack())
        .jpeg({ quality: 92 })
        .toBuffer(),
    );
    const m = await maskAadhaar(pdf, "application/pdf", "required");
    expect(m).toMatchObject({ contentType: "image/png", last4: LAST4 });
    expect((await ocrOf(m!.bytes)).aadhaars).toEqual([]);
    expect(await qrOf(m!.bytes)).toBeNull();
  });

  it("refuses a photo too blurred to read the number, and an Aadhaar found by UIDAI's name without a readable number", async () => {
    const blurred = await phonePhoto(await aadhaarFront(), { blur: 14 });
    await expect(maskAadhaar(blurred, "image/jpeg", "required")).rejects.toMatchObject({ code: "aadhaar_unreadable", status: 422, param: "file" });
    const noNumber = await aadhaarBack("");
    await expect(maskAadhaar(noNumber, "image/png", "detect")).rejects.toMatchObject({ code: "aadhaar_unreadable" });
  });

  it("in detect mode masks an Aadhaar uploaded as an identity document and leaves other documents alone", async () => {
    expect(await maskAadhaar(await aadhaarFront(), "image/png", "detect")).toMatchObject({ last4: LAST4 });
    const sideways = await sharp(await phonePhoto(await aadhaarBack()))
      .rotate(270)
      .jpeg()
      .toBuffer();
    const m = await maskAadhaar(sideways, "image/jpeg", "detect");
    expect(m).toMatchObject({ last4: LAST4 });
    expect((await ocrOf(m!.bytes)).aadhaars).toEqual([]);
    const pan = await sharp({
      create: { width: 1012, height: 638, channels: 3, background: "#e8eef5" },
    })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="1012" height="638"><text x="60" y="120" font-family="DejaVu Sans" font-size="34">INCOME TAX DEPARTMENT</text><text x="60" y="260" font-family="DejaVu Sans" font-size="30">Permanent Account Number</text><text x="60" y="320" font-family="DejaVu Sans" font-size="40">ABCPE1234F</text></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    expect(await maskAadhaar(pan, "image/png", "detect")).toBeNull();
    expect(await maskAadhaar(pan, "image/png", "none")).toBeNull();
  });
});

describe("acceptUpload of an Aadhaar card", () => {
  let db: Db;
  let projectId: string;
  let sessionId: string;
  const noScan: ScannerConfig = { clamd: null, timeoutMs: 1000, skipTestMode: true };
  const blobs = () => {
    const dir = path.join(path.resolve(env.DATA_DIR, "files"), projectId, sessionId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    const { seed, ...rest } = await demoDb();
    db = rest.db;
    projectId = seed.projectId;
    sessionId = (await createSession(db, { projectId, mode: "test" }, { workflow_id: seed.workflows.kyc }, { type: "api_key", id: "key_test" })).id;
  }, 180_000); // migrating and seeding after the OCR tests took over 60 s on a loaded machine

  const upload = (kind: string, bytes: Uint8Array) =>
    acceptUpload({ db, projectId, sessionId, mode: "test", step: "documents", kind, bytes }, { scanner: noScan });

  it("stores only the masked page, its display copy made from it, and the last 4 digits", async () => {
    const row = await upload("aadhaar_card_front", await phonePhoto(await aadhaarFront()));
    expect(row).toMatchObject({ contentType: "image/jpeg", aadhaarLast4: LAST4 });
    const stored = (await blobStore().get(row.storageKey))!;
    expect(row.size).toBe(stored.byteLength);
    expect((await ocrOf(stored)).aadhaars).toEqual([]);
    expect(await qrOf(stored)).toBeNull();
    const display = (await blobStore().get(row.displayKey!))!;
    const shown = await ocrOf(display);
    expect(shown.aadhaars).toEqual([]);
    expect(shown.first8).toBe(false);
    const audit = await db.auditLog.findFirst({ where: { action: "evidence.uploaded", objectId: row.id } });
    expect(JSON.stringify(audit!.data)).not.toContain(FIRST8);
    expect(audit!.data).toMatchObject({ aadhaar_masked: { numbers: 1, qr_codes: 1 } });
  });

  it("refuses a blurred Aadhaar photo without storing anything (no row, no blob, no audit row)", async () => {
    const before = { rows: await db.evidenceFile.count({ where: { sessionId } }), blobs: blobs().length, audit: await db.auditLog.count() };
    await expect(upload("aadhaar_card_back", await phonePhoto(await aadhaarBack(), { blur: 14 }))).rejects.toMatchObject({ code: "aadhaar_unreadable" });
    expect({ rows: await db.evidenceFile.count({ where: { sessionId } }), blobs: blobs().length, audit: await db.auditLog.count() }).toEqual(before);
  });
});
