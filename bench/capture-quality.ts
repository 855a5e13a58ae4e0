/**
 * `npx tsx bench/capture-quality.ts`: where the capture-quality thresholds
 * (server/uploads/capture-quality.ts) come from. Renders an Aadhaar card front and back
 * (tests/fixtures/aadhaar-renders.ts) and the PAN, driving-licence and passport fixtures, as a scan and as a phone photo, then
 * degrades the photo step by step (blur, darkness, a glare spot, the card cut off, smaller
 * images), and prints per image the measures, the problems they raise and whether OCR still
 * reads what matters (the Aadhaar number with its Verhoeff check; the PAN, licence or passport number).
 * Prints a Markdown table (bench/README.md "Capture quality").
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { AADHAAR_PATTERN, verhoeffValid } from "../server/checks/validators/aadhaar";
import { measureImageQuality } from "../server/intelligence/image-quality";
import { prepareForOcr } from "../server/intelligence/ocr/preprocess";
import { recognizeText, terminateOcr } from "../server/intelligence/ocr/tesseract-ocr";
import { digitRuns } from "../server/uploads/mask-aadhaar";
import { aadhaarBack, aadhaarFront, cardCutOff, phonePhoto, withGlare } from "../tests/fixtures/aadhaar-renders";

type Variant = [name: string, make: (photo: Buffer) => Promise<Buffer>];

const VARIANTS: Variant[] = [
  ["photo", async (p) => p],
  ...[1, 1.5, 2, 2.5, 4, 6, 9].map((s): Variant => [`blur σ${s}`, (p) => sharp(p).blur(s).jpeg({ quality: 85 }).toBuffer()]),
  ...[0.6, 0.4, 0.25, 0.15].map((b): Variant => [`dark ×${b}`, (p) => sharp(p).modulate({ brightness: b }).jpeg({ quality: 85 }).toBuffer()]),
  ...[0.08, 0.12, 0.25, 0.4].map((s): Variant => [`glare ${s * 100}%`, (p) => withGlare(p, s)]),
  ...[0.05, 0.1, 0.25].map((s): Variant => [`card cut ${s * 100}%`, (p) => cardCutOff(p, s)]),
  ...[900, 700, 600, 480, 360].map((w): Variant => [`${w} px wide`, (p) => sharp(p).resize({ width: w }).jpeg({ quality: 85 }).toBuffer()]),
];

/** True when OCR reads the document's key identifier. */
async function readable(image: Buffer, key: string | null): Promise<boolean> {
  const ocr = await recognizeText(await prepareForOcr(image), { pageSegMode: 11 });
  if (key) return ocr.text.replace(/\s/g, "").includes(key);
  return digitRuns(ocr.words).some((r) => AADHAAR_PATTERN.test(r.digits) && verhoeffValid(r.digits));
}

async function main() {
  const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../tests/fixtures/intelligence", name));
  // the key identifier OCR must read (null: a Verhoeff-valid Aadhaar number)
  const cards: [string, Buffer, string | null][] = [
    ["Aadhaar front", await aadhaarFront(), null],
    ["Aadhaar back", await aadhaarBack(), null],
    ["PAN", fixture("pan-card.jpg"), "ABCPE1234F"],
    ["Driving licence", fixture("driving-licence.jpg"), "MH1420110062821"],
    ["Passport", fixture("passport.jpg"), "J8369854"],
  ];
  console.log("| card | image | blur | brightness | glare | edge | short side | problems | OCR reads the number |");
  console.log("|---|---|---:|---:|---:|---:|---:|---|---|");
  for (const [card, scan, key] of cards) {
    const photo = await phonePhoto(scan);
    for (const [name, make] of [["scan", async () => scan] as Variant, ...VARIANTS]) {
      const image = await make(photo);
      const { measures: m, problems } = await measureImageQuality(image);
      const ok = await readable(image, key);
      console.log(
        `| ${card} | ${name} | ${Math.round(m.blur)} | ${Math.round(m.brightness)} | ${m.glare.toFixed(3)} | ${m.edge.toFixed(2)} | ${m.shortSide} | ${problems.join(", ") || "–"} | ${ok ? "yes" : "no"} |`,
      );
    }
  }
  await terminateOcr();
}

void main();
