/**
 * OCR on the synthetic document fixtures (tests/fixtures/intelligence/, rendered by
 * render-fixtures.ts; all data made up): every field of expected.json must be read exactly.
 * Tesseract runs for real (WASM, traineddata from npm): ~5 s for the whole file on 2 cores.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { extractFieldsFromImages } from "./extract-document-fields";
import { terminateOcr } from "./ocr/tesseract-ocr";

const DIR = path.resolve("tests/fixtures/intelligence");
const expected = JSON.parse(readFileSync(path.join(DIR, "expected.json"), "utf8")) as Record<string, { document_type: string; fields: Record<string, string> }>;
const images = (names: string) => names.split("+").map((n) => ({ fileId: n, bytes: readFileSync(path.join(DIR, n)) }));

afterAll(terminateOcr);

describe("extractFieldsFromImages (Tesseract on fixtures)", () => {
  it.each(Object.entries(expected))("%s: every field read exactly, with a confidence", async (names, exp) => {
    const r = await extractFieldsFromImages(images(names), exp.document_type);
    const values = Object.fromEntries(Object.keys(exp.fields).map((k) => [k, r.fields[k]?.value]));
    expect(values).toEqual(exp.fields);
    for (const k of Object.keys(exp.fields)) {
      expect(r.fields[k]!.valid).toBe(true);
      expect(r.fields[k]!.confidence).toBeGreaterThan(0.5);
    }
    expect(r.pages).toHaveLength(names.split("+").length);
  });

  it("passport: MRZ values win and agree with the visual zone (no signals)", async () => {
    const r = await extractFieldsFromImages(images("passport.jpg"), "passport");
    expect(r.fields.passport_number).toMatchObject({ value: "J8369854", source: "mrz" });
    expect(r.fields.mrz?.valid).toBe(true);
    expect(r.signals).toEqual([]);
  });

  it("passport: a visual date of birth that differs from the MRZ is a review signal", async () => {
    const r = await extractFieldsFromImages(images("passport-dob-mismatch.jpg"), "passport");
    expect(r.fields.date_of_birth).toMatchObject({ value: "1985-04-12", source: "mrz" });
    expect(r.signals).toEqual([
      { code: "mrz_visual_mismatch", field: "date_of_birth", severity: "review", detail: { mrz: "1985-04-12", visual: "1986-04-12" } },
    ]);
  });

  it("reads a rotated, blurred phone photo of the PAN card", async () => {
    const photo = await sharp(readFileSync(path.join(DIR, "pan-card.jpg")))
      .rotate(4, { background: "#555" })
      .blur(1.1)
      .resize({ width: 900 })
      .jpeg({ quality: 55 })
      .toBuffer();
    const r = await extractFieldsFromImages([{ bytes: photo }], "pan_card");
    expect(r.fields.pan).toMatchObject({ value: "ABCPE1234F", valid: true });
  });

  it("refuses a document type without a parser and bytes that are no image", async () => {
    await expect(extractFieldsFromImages(images("pan-card.jpg"), "bank_statement")).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "document_type",
    });
    await expect(extractFieldsFromImages([{ bytes: Buffer.from("%PDF-1.4\n") }], "gst_certificate")).rejects.toMatchObject({ code: "file_unreadable" });
  });
});
