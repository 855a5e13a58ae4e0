/**
 * `in.document.extract`'s reading on the synthetic fixtures (tests/fixtures/intelligence/, all
 * data made up) with Tesseract for real: the type detected from page 1, each field with its
 * zone and validity, the MRZ parse, the verdict, and the refusals (a contradicted declared type,
 * an unreadable file, a page too poor to read).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { detectDocumentType, detectDocumentTypeOfLines } from "./detect-document-type";
import { extractDocumentCheck } from "./document-extract-check";
import { terminateOcr } from "./ocr/tesseract-ocr";

const DIR = path.resolve("tests/fixtures/intelligence");
const read = (name: string) => readFileSync(path.join(DIR, name));
const image = (name: string) => ({ fileId: name, bytes: read(name) });
const lines = (...texts: string[]) => texts.map((text) => ({ text }));

afterAll(terminateOcr);

describe("detectDocumentTypeOfLines", () => {
  it.each([
    ["pan_card", null, ["INCOME TAX DEPARTMENT GOVT. OF INDIA", "Permanent Account Number Card", "ABCPE1234F", "Name"]],
    ["aadhaar_card", "front", ["GOVERNMENT OF INDIA", "Anita Sharma", "DOB: 14/08/1988", "FEMALE", "XXXX XXXX 4821"]],
    ["aadhaar_card", "back", ["UNIQUE IDENTIFICATION AUTHORITY OF INDIA", "Address:", "XXXX XXXX 4821", "help@uidai.gov.in"]],
    ["passport", null, ["REPUBLIC OF INDIA PASSPORT", "P<INDNAIR<<MEERA<<<<<<<<<<", "J8369854<4IND8504124F3109203<<<<<<06"]],
    ["driving_licence", null, ["INDIAN UNION DRIVING LICENCE", "DL No. MH14 20110062821"]],
    ["voter_id", null, ["ELECTION COMMISSION OF INDIA", "IDENTITY CARD XYZ1234567", "Elector's Name : Vikram Singh"]],
    ["gst_certificate", null, ["Government of India", "Form GST REG-06", "Registration Certificate", "Registration Number : 27ABCCE1234F1Z2"]],
  ])("%s (%s side)", (type, side, texts) => {
    expect(detectDocumentTypeOfLines(lines(...texts))).toMatchObject({ type, side });
  });

  it("detects nothing from an identifier's shape alone, from no text, or from a tie", () => {
    expect(detectDocumentTypeOfLines(lines("ABCPE1234F")).type).toBeNull();
    expect(detectDocumentTypeOfLines([]).type).toBeNull();
    expect(detectDocumentTypeOfLines(lines("INCOME TAX DEPARTMENT", "ELECTION COMMISSION")).type).toBeNull();
  });
});

describe("detectDocumentType (Tesseract on fixtures)", () => {
  it("detects the type of every fixture from its pixels, and the Aadhaar side", async () => {
    const detected: Record<string, unknown> = {};
    for (const name of [
      "pan-card.jpg",
      "aadhaar-front.jpg",
      "aadhaar-back.jpg",
      "passport.jpg",
      "driving-licence.jpg",
      "voter-id.jpg",
      "gst-certificate.jpg",
    ]) {
      const d = await detectDocumentType(read(name));
      detected[name] = d.side ? `${d.type}/${d.side}` : d.type;
    }
    expect(detected).toEqual({
      "pan-card.jpg": "pan_card",
      "aadhaar-front.jpg": "aadhaar_card/front",
      "aadhaar-back.jpg": "aadhaar_card/back",
      "passport.jpg": "passport",
      "driving-licence.jpg": "driving_licence",
      "voter-id.jpg": "voter_id",
      "gst-certificate.jpg": "gst_certificate",
    });
  });
});

describe("extractDocumentCheck (Tesseract on fixtures)", () => {
  it("detects a PAN card without a declared type and passes it: every field valid, read in the visual zone", async () => {
    const r = await extractDocumentCheck([image("pan-card.jpg")], null);
    expect(r).toMatchObject({ status: "passed", errorCode: null, result: { document_type: "pan_card", declared_type: null, detected: { type: "pan_card" } } });
    expect(r.result.fields.pan).toMatchObject({ value: "ABCPE1234F", zone: "visual", valid: true, validity: "valid", problem: null });
    expect(r.result.fields.name?.value).toBe("ANITA SHARMA");
    expect(r.result.signals).toEqual([]);
    expect(r.score).toBeGreaterThan(0.8);
  });

  it("passport: MRZ fields in zone mrz, the MRZ parse with its check digits", async () => {
    const r = await extractDocumentCheck([image("passport.jpg")], "passport");
    expect(r.status).toBe("passed");
    expect(r.result.fields.passport_number).toMatchObject({ value: "J8369854", zone: "mrz", valid: true });
    expect(r.result.mrz).toMatchObject({
      format: "TD3",
      valid: true,
      check_digits_valid: true,
      check_digits: { document_number: true, date_of_birth: true, date_of_expiry: true, personal_number: true, composite: true },
      // the names, which no check digit covers, agree with the visual zone's
      names: "verified",
      lines: ["P<INDNAIR<<MEERA<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "J8369854<4IND8504124F3109203<<<<<<<<<<<<<<06"],
      fields: { passport_number: { value: "J8369854", valid: true }, surname: { value: "NAIR", valid: true }, given_names: { value: "MEERA", valid: true } },
    });
    expect(r.result.fields.mrz).toMatchObject({ zone: "mrz", validity: "valid" });
    expect(r.result.detected).toBeNull(); // a declared type whose identifier was found is not second-guessed
  });

  it("passport whose visual date of birth differs from the MRZ: needs_review mrz_visual_mismatch", async () => {
    const r = await extractDocumentCheck([image("passport-dob-mismatch.jpg")], null);
    expect(r).toMatchObject({ status: "needs_review", errorCode: "mrz_visual_mismatch", result: { document_type: "passport" } });
    expect(r.result.signals.map((s) => s.code)).toEqual(["mrz_visual_mismatch"]);
  });

  it("a declared type the page contradicts: failed document_type_mismatch, naming what was detected", async () => {
    const r = await extractDocumentCheck([image("voter-id.jpg")], "passport");
    expect(r).toMatchObject({
      status: "failed",
      errorCode: "document_type_mismatch",
      result: { declared_type: "passport", detected: { type: "voter_id" }, fields: {} },
    });
  });

  it("a file that is no image: failed document_unreadable; a page with no document: needs_review document_type_unknown", async () => {
    expect(await extractDocumentCheck([{ fileId: "x", bytes: Buffer.from("not an image") }], null)).toMatchObject({
      status: "failed",
      errorCode: "document_unreadable",
    });
    const blank = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect(await extractDocumentCheck([{ fileId: "blank", bytes: blank }], null)).toMatchObject({ status: "needs_review", errorCode: "document_type_unknown" });
  });

  it("a dark, blurred phone photo: quality_low, never passed", async () => {
    const poor = await sharp(readFileSync(path.join(DIR, "pan-card.jpg")))
      .blur(3.5)
      .linear(0.35, 0)
      .resize({ width: 500 })
      .jpeg({ quality: 30 })
      .toBuffer();
    const r = await extractDocumentCheck([{ fileId: "poor", bytes: poor }], "pan_card");
    expect(r).toMatchObject({ status: "needs_review", errorCode: "quality_low" });
    expect(r.result.signals).toContainEqual(
      expect.objectContaining({ code: "quality_low", severity: "review", detail: expect.objectContaining({ file_id: "poor" }) }),
    );
  });
});
