/**
 * Real-layout bilingual cards (tests/fixtures/intelligence/bilingual-renders.ts: guilloche under
 * the text, Hindi labels first) through the whole extraction: scans and tilted phone photos,
 * which go through card straightening (ocr/card-bounds.ts) and, for what the page-wide pass
 * misses, the zone templates (parsers/zones.ts). Tesseract runs for real (~15 s on 2 cores).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { aadhaarFrontBilingual, cardPhoto, panCard2018 } from "~/tests/fixtures/intelligence/bilingual-renders";
import { extractFieldsFromImages } from "./extract-document-fields";
import { findCardBounds, straightenCard, textAngle } from "./ocr/card-bounds";
import { terminateOcr } from "./ocr/tesseract-ocr";

afterAll(terminateOcr);

const PAN = { pan: "BKRPS4821M", name: "ANITA SHARMA", father: "RAJESH KUMAR SHARMA", dob: "14/08/1988" };
const PAN_FIELDS = { pan: "BKRPS4821M", name: "ANITA SHARMA", father_name: "RAJESH KUMAR SHARMA", date_of_birth: "1988-08-14" };
const AADHAAR = { nameHindi: "सुनीता देवी", name: "Sunita Devi", dob: "02/11/1979", gender: "FEMALE" as const, number: "XXXX XXXX 7306" };
const AADHAAR_FIELDS = { name: "SUNITA DEVI", date_of_birth: "1979-11-02", gender: "female", aadhaar_last4: "7306" };

const values = (fields: Record<string, { value: string }>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, fields[k]?.value]));

describe("card straightening", () => {
  it("finds a tilted card on a table and warps it upright to the card's shape; a scan already cropped is left alone", async () => {
    const card = await panCard2018(PAN);
    expect(await findCardBounds(card)).toBeNull();
    const photo = await cardPhoto(card, { angle: 6 });
    const bounds = await findCardBounds(photo);
    expect(bounds).not.toBeNull();
    // the top edge slopes by the tilt (within the corners' precision)
    const [tl, tr] = bounds!.corners as [[number, number], [number, number]];
    const tilt = Math.atan2(tr[1] - tl[1], tr[0] - tl[0]) * (180 / Math.PI);
    expect(tilt).toBeGreaterThan(4.5);
    expect(tilt).toBeLessThan(7.5);
    const { image } = await straightenCard(photo);
    const { width = 0, height = 0 } = await sharp(image).metadata();
    expect(width / height).toBeGreaterThan(1.5);
    expect(width / height).toBeLessThan(1.68);
  });

  it("a card cut off by the frame (no outline to find) is turned upright by its text's slant and read", async () => {
    const turned = await sharp(await panCard2018(PAN))
      .rotate(7, { background: "#777" })
      .toBuffer();
    const { width = 0, height = 0 } = await sharp(turned).metadata();
    const closeUp = await sharp(turned)
      .extract({ left: Math.round(width * 0.03), top: Math.round(height * 0.09), width: Math.round(width * 0.94), height: Math.round(height * 0.82) })
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(await findCardBounds(closeUp)).toBeNull();
    expect(await textAngle(closeUp)).toBeCloseTo(7, 0);
    const { bounds, degrees } = await straightenCard(closeUp);
    expect(bounds).toBeNull();
    expect(degrees).toBeCloseTo(7, 0);
    const r = await extractFieldsFromImages([{ bytes: closeUp }], "pan_card");
    expect(values(r.fields, ["pan", "name"])).toEqual({ pan: PAN.pan, name: PAN.name });
  });

  it("text slant: an upright card measures ~0°, one turned the other way a negative angle", async () => {
    const card = await panCard2018(PAN);
    expect(Math.abs(await textAngle(card))).toBeLessThan(0.6);
    expect(await textAngle(await sharp(card).rotate(-4, { background: "#fff" }).toBuffer())).toBeCloseTo(-4, 0);
  });

  it("a passport page photographed so obliquely that its outline measures 1.19 wide per high (the standard page: 1.42) is found and read", async () => {
    // regression: a photo of the holdout render set whose page outline was refused as too square, so nothing was read
    const photo = readFileSync(path.resolve("tests/fixtures/intelligence/passport-photo-foreshortened.jpg"));
    expect(await findCardBounds(photo)).not.toBeNull();
    const { image } = await straightenCard(photo);
    const { width = 0, height = 0 } = await sharp(image).metadata();
    expect(width / height).toBeCloseTo(125 / 88, 1);
    const r = await extractFieldsFromImages([{ bytes: photo }], "passport");
    expect(r.fields.passport_number?.value).toBe("Z1682920");
    expect(Object.keys(r.fields).length).toBeGreaterThanOrEqual(5);
  });
});

describe("bilingual cards after their real layouts", () => {
  it("PAN 2018 with a guilloche background: every field from the Hindi-first labels, valid", async () => {
    const r = await extractFieldsFromImages([{ bytes: await panCard2018(PAN) }], "pan_card");
    expect(values(r.fields, Object.keys(PAN_FIELDS))).toEqual(PAN_FIELDS);
    for (const k of Object.keys(PAN_FIELDS)) expect(r.fields[k]!.validity).toBe("valid");
  });

  it("PAN 2018 photographed tilted 5° under uneven light: the same fields", async () => {
    const r = await extractFieldsFromImages([{ bytes: await cardPhoto(await panCard2018(PAN), { angle: -5 }) }], "pan_card");
    expect(values(r.fields, Object.keys(PAN_FIELDS))).toEqual(PAN_FIELDS);
  });

  it("Aadhaar front with the Hindi name above the English one: the English name, never the Hindi", async () => {
    const r = await extractFieldsFromImages([{ bytes: await aadhaarFrontBilingual(AADHAAR) }], "aadhaar_card");
    expect(values(r.fields, Object.keys(AADHAAR_FIELDS))).toEqual(AADHAAR_FIELDS);
  });

  it("Aadhaar front photographed tilted: the same fields", async () => {
    const r = await extractFieldsFromImages([{ bytes: await cardPhoto(await aadhaarFrontBilingual(AADHAAR), { angle: 4 }) }], "aadhaar_card");
    expect(values(r.fields, Object.keys(AADHAAR_FIELDS))).toEqual(AADHAAR_FIELDS);
  });

  it("a photo too blurred to read: whatever PAN comes out is never a misread marked valid", async () => {
    const r = await extractFieldsFromImages([{ bytes: await cardPhoto(await panCard2018(PAN), { angle: 3, blur: 3.2, quality: 35 }) }], "pan_card");
    const pan = r.fields.pan;
    if (pan?.valid) expect(pan.value).toBe(PAN.pan);
    for (const f of Object.values(r.fields)) if (f.valid) expect(f.confidence).toBeGreaterThanOrEqual(0.8);
  });
});
