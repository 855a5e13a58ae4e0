/**
 * Aadhaar masking of uploads (issue 16 item 7), run by acceptUpload after the virus scan and
 * before anything is stored: UIDAI's "masked Aadhaar" form, i.e. the first 8 digits of the
 * 12-digit number hidden wherever it is printed (front, back, the Hindi and English halves of a
 * letter), a 16-digit VID hidden up to its last 4 digits as well (it resolves to the number at
 * UIDAI), and the QR code blacked out (it carries the number or, in the secure QR, the
 * demographic data). Aadhaar Act 2016 s. 29, Aadhaar (Sharing of Information) Regulations 2016
 * r. 6; RBI KYC Master Direction 2016 s. 16 asks regulated entities to keep Aadhaar copies masked.
 *
 * How:
 * - the page is an image (a PDF's page 1 rendered by server/intelligence/pdf-page.ts, and the
 *   masked raster is what is stored: a PNG; later pages are not kept), turned upright from EXIF;
 * - Tesseract (server/intelligence/ocr/tesseract-ocr.ts, sparse-text mode) reads it with character boxes; digit
 *   groups `dddd dddd dddd` (spaces optional, common OCR confusions O/0, I/1, S/5, B/8, Z/2
 *   mapped) are candidates, and one that passes the Verhoeff check
 *   (server/checks/validators/aadhaar.ts) proves the read. If none is found upright, the page is
 *   read turned 90, 270 and 180 degrees (a phone photo taken sideways) and kept turned upright
 *   (in `detect` mode only when it did not read as text upright: few confidently read words);
 * - QR codes are located on the same page (server/uploads/locate-qr.ts: jsQR's corner points,
 *   and the finder patterns of a code too dense or blurred to decode);
 * - sharp composites a white box printed `XXXX XXXX` over the first 8 digits of every candidate
 *   (also candidates failing the checksum: the same number misread), the first 12 of a VID, and
 *   a black box over the QR;
 * - the masked page is read again: if any 8 leading digits of a number or a QR code are still
 *   found, the upload is refused rather than stored.
 *
 * Which uploads: see `aadhaarMaskingFor`. The caller stores `bytes` (re-encoded without
 * metadata) instead of the upload and keeps `last4` only.
 */
import sharp, { type OverlayOptions } from "sharp";
import { AADHAAR_PATTERN, verhoeffValid } from "../checks/validators/aadhaar";
import { DOCUMENT_TYPES } from "../documents/document-types";
import { DomainError } from "../errors";
import { prepareForOcr } from "../intelligence/ocr/preprocess";
import { type OcrBox, type OcrWord, recognizeText } from "../intelligence/ocr/tesseract-ocr";
import { renderPdfFirstPage } from "../intelligence/pdf-page";
import { heicDecodable, MAX_INPUT_PIXELS } from "./display-copy";
import { locateQrCodes } from "./locate-qr";
import type { UploadType } from "./upload-types";

/**
 * - `required`: the upload is declared an Aadhaar card (flow kinds `aadhaar_card_<side>`): it is
 *   masked, or refused when the number cannot be located;
 * - `detect`: an identity document of another or unknown type (flow kinds of the catalog's other
 *   identity documents, Files API purposes `identity_document` and `proof_of_address`): masked
 *   when an Aadhaar number is found on it (an Aadhaar uploaded as something else, or under a
 *   generic purpose), refused when it reads as an Aadhaar card (UIDAI's name or web address, or
 *   a 12-digit number printed in groups of 4 that fails the checksum) but no number can be
 *   located, else stored as uploaded;
 * - `none`: selfies, liveness frames, business documents: stored as uploaded.
 */
export type AadhaarMasking = "required" | "detect" | "none";

const IDENTITY_TYPES = DOCUMENT_TYPES.filter((d) => d.category === "identity" && d.key !== "aadhaar_card").map((d) => d.key);

/** The masking an upload of `kind` gets (see AadhaarMasking). */
export function aadhaarMaskingFor(kind: string): AadhaarMasking {
  if (kind === "aadhaar_card" || kind.startsWith("aadhaar_card_")) return "required";
  if (kind === "identity_document" || kind === "proof_of_address") return "detect";
  return IDENTITY_TYPES.some((t) => kind.startsWith(`${t}_`)) ? "detect" : "none";
}

export interface MaskedAadhaar {
  /** The masked page, re-encoded (no metadata): JPEG for photos, PNG for PNG uploads and PDF pages. */
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png";
  /** The last 4 digits of the Aadhaar number (the only part that may be kept). */
  last4: string;
  /** How many number occurrences (Aadhaar and VID) and QR codes were blacked out. */
  masked: { numbers: number; qr_codes: number };
}

/** A run of digit groups found by OCR: its digits and the boxes of its characters (page pixels). */
interface DigitRun {
  digits: string;
  boxes: OcrBox[];
}

/** Characters Tesseract confuses with digits on ID-card fonts. */
const DIGIT_LIKE: Record<string, string> = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  I: "1",
  l: "1",
  "|": "1",
  "!": "1",
  Z: "2",
  z: "2",
  S: "5",
  s: "5",
  B: "8",
  G: "6",
  b: "6",
  g: "9",
};
/**
 * Tesseract page segmentation 11, "sparse text": finds the scattered lines of a card best
 * (measured on the renders of mask-aadhaar.test.ts: mode 3 missed the number of an upright
 * photo and read a sideways one with empty character boxes; mode 11 found every number).
 */
const SPARSE_TEXT = 11;
/** A page with fewer confidently read words than this is read turned as well (it may be sideways). */
const UPRIGHT_WORDS = 5;
const AADHAAR_MARKER = /unique\s+identification\s+authority|uidai/i;

/** The refusal when the number cannot be located (nothing is stored). */
export function aadhaarUnreadable(): DomainError {
  return new DomainError(
    "aadhaar_unreadable",
    "We could not read the Aadhaar number on this image clearly enough to mask it. Take a clearer photo: the whole card, flat, in good light and in focus.",
    { param: "file" },
  );
}

/**
 * Digit runs of the page: per OCR line, characters of consecutive words joined with a space
 * between words, then `dddd dddd dddd` (and `dddd dddd dddd dddd`, a VID) with optional spaces;
 * a run longer than 16 digits is not a candidate. `XXXX XXXX dddd` (already masked) yields a run
 * with `X`s.
 */
export function digitRuns(words: OcrWord[]): DigitRun[] {
  const runs: DigitRun[] = [];
  const byLine = new Map<number, OcrWord[]>();
  for (const w of words) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w]);
  for (const lineWords of byLine.values()) {
    const chars: { c: string; box: OcrBox | null }[] = [];
    for (const w of lineWords) {
      if (chars.length > 0) chars.push({ c: " ", box: null });
      for (const s of w.symbols) for (const c of s.text) chars.push({ c: DIGIT_LIKE[c] ?? (c === "x" ? "X" : c), box: s.bbox });
    }
    const text = chars.map((c) => c.c).join("");
    for (const m of text.matchAll(/(?<![0-9X])[0-9X]{4} ?[0-9X]{4} ?[0-9]{4}(?: ?[0-9]{4})?(?![0-9])/g)) {
      const span = chars.slice(m.index, m.index + m[0].length).filter((c) => c.c !== " ");
      runs.push({ digits: span.map((c) => c.c).join(""), boxes: span.map((c) => c.box!) });
    }
  }
  return runs;
}

/** Union of boxes, grown by `pad` pixels. */
function union(boxes: OcrBox[], pad: number): OcrBox {
  return [
    Math.min(...boxes.map((b) => b[0])) - pad,
    Math.min(...boxes.map((b) => b[1])) - pad,
    Math.max(...boxes.map((b) => b[2])) + pad,
    Math.max(...boxes.map((b) => b[3])) + pad,
  ];
}

/**
 * What hides one run (page pixels): the box over the first 8 digits of a number (the first 12 of a
 * VID) and the `XXXX` groups printed in it; null for a form already masked. A run is only trusted
 * when its characters run left to right on one level (OCR of vertical text gives other boxes).
 */
function runMask(run: DigitRun): { box: OcrBox; groups: number } | "skewed" | null {
  if (/^X{8}/.test(run.digits)) return null;
  const hide = run.digits.length === 16 ? 12 : 8;
  const covered = run.boxes.slice(0, hide);
  const next = run.boxes[hide]!;
  const height = Math.max(...covered.map((b) => b[3] - b[1]));
  const box = union(covered, Math.ceil(height * 0.25));
  const leftToRight = run.boxes.every((b, i) => i === 0 || b[0] >= run.boxes[i - 1]![0]);
  if (!leftToRight || box[2] - box[0] < 2.5 * (box[3] - box[1])) return "skewed";
  // stop short of the first visible digit
  box[2] = Math.min(box[2], next[0] - 1);
  return { box, groups: hide / 4 };
}

/** A page as raw RGBA pixels (what the QR locator reads). */
async function rgba(page: Buffer): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const { data, info } = await sharp(page).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** A box clipped to the page, in whole pixels, or null when nothing of it is on the page. */
function clip([x0, y0, x1, y1]: OcrBox, width: number, height: number): { left: number; top: number; width: number; height: number } | null {
  const left = Math.max(0, Math.floor(x0));
  const top = Math.max(0, Math.floor(y0));
  const w = Math.min(width, Math.ceil(x1)) - left;
  const h = Math.min(height, Math.ceil(y1)) - top;
  return w > 0 && h > 0 ? { left, top, width: w, height: h } : null;
}

/**
 * UIDAI's masked form on the page: an opaque white box printed `XXXX XXXX` over each hidden part
 * of a number (so the page still reads `XXXX XXXX 1234`, as a masked e-Aadhaar does), a black
 * box over each QR code; encoded as `contentType` without metadata.
 */
async function applyMasks(
  page: Buffer,
  size: { width: number; height: number },
  numbers: { box: OcrBox; groups: number }[],
  qrCodes: OcrBox[],
  contentType: MaskedAadhaar["contentType"],
): Promise<Buffer> {
  const overlays: OverlayOptions[] = [];
  for (const n of numbers) {
    const r = clip(n.box, size.width, size.height);
    if (!r) continue;
    const label = Array.from({ length: n.groups }, () => "XXXX").join(" ");
    const fontSize = Math.min(r.height * 0.7, r.width / (label.length * 0.7));
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${r.width}" height="${r.height}"><rect width="100%" height="100%" fill="#ffffff"/>` +
      `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize.toFixed(1)}" fill="#000000">${label}</text></svg>`;
    overlays.push({ input: Buffer.from(svg), left: r.left, top: r.top });
  }
  for (const q of qrCodes) {
    const r = clip(q, size.width, size.height);
    if (r) overlays.push({ input: { create: { width: r.width, height: r.height, channels: 3, background: "#000000" } }, left: r.left, top: r.top });
  }
  const img = sharp(page).composite(overlays);
  return contentType === "image/png" ? img.png().toBuffer() : img.jpeg({ quality: 90 }).toBuffer();
}

/** The upright page of an upload as PNG, or null when this build cannot decode it (HEIC without HEVC). */
async function uprightPage(bytes: Uint8Array, type: UploadType): Promise<Buffer | null> {
  if (type === "application/pdf") return renderPdfFirstPage(bytes);
  if ((type === "image/heic" || type === "image/heif") && !heicDecodable()) return null;
  return sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().png({ compressionLevel: 1 }).toBuffer();
}

/** One reading of a page turned by `angle` degrees: its runs scaled to the page's pixels, and whether it names UIDAI. */
async function readPage(
  page: Buffer,
  angle: number,
): Promise<{ page: Buffer; width: number; height: number; runs: DigitRun[]; marker: boolean; upright: boolean }> {
  const turned = angle === 0 ? page : await sharp(page).rotate(angle).png({ compressionLevel: 1 }).toBuffer();
  const { width = 0, height = 0 } = await sharp(turned).metadata();
  const prepared = await prepareForOcr(turned);
  const scale = width / ((await sharp(prepared).metadata()).width ?? width);
  const ocr = await recognizeText(prepared, { languages: ["eng"], pageSegMode: SPARSE_TEXT });
  const runs = digitRuns(ocr.words).map((r) => ({ ...r, boxes: r.boxes.map((b) => b.map((v) => v * scale) as OcrBox) }));
  // a page read the right way up yields words read with confidence; one turned sideways hardly any
  const upright = ocr.words.filter((w) => w.confidence >= 0.7 && /[A-Za-z0-9]{3}/.test(w.text)).length >= UPRIGHT_WORDS;
  return { page: turned, width, height, runs, marker: AADHAAR_MARKER.test(ocr.text), upright };
}

const isAadhaar = (digits: string) => AADHAAR_PATTERN.test(digits) && verhoeffValid(digits);

/**
 * Masks the Aadhaar number(s) and QR code of an upload.
 * @param bytes the scanned upload; `type` its sniffed type.
 * @returns the masked page and the last 4 digits, or null when nothing is to be masked
 *   (`none`; `detect` without an Aadhaar number on the page, or a page this build cannot decode).
 * @throws DomainError `aadhaar_unreadable` (422) when `required` (or `detect` on a page naming
 *   UIDAI or showing a 12-digit `dddd dddd dddd` number) and no number is located with confidence: no checksum-valid number and no masked
 *   form `XXXX XXXX dddd`, two different numbers, or a PDF/HEIC that cannot be rendered.
 */
export async function maskAadhaar(bytes: Uint8Array, type: UploadType, masking: AadhaarMasking): Promise<MaskedAadhaar | null> {
  if (masking === "none") return null;
  let page: Buffer | null;
  try {
    page = await uprightPage(bytes, type);
  } catch {
    page = null;
  }
  if (!page) {
    if (masking === "required") throw aadhaarUnreadable();
    return null;
  }
  let aadhaarSeen = false;
  for (const angle of [0, 90, 270, 180]) {
    const read = await readPage(page, angle);
    // UIDAI's name, or a number printed like an Aadhaar number (even misread): an Aadhaar card
    aadhaarSeen ||= read.marker || read.runs.some((r) => r.digits.length === 12);
    const proven = read.runs.filter((r) => r.digits.length === 12 && (isAadhaar(r.digits) || /^X{8}[0-9]{4}$/.test(r.digits)));
    if (proven.length === 0) {
      // another identity document, read upright: nothing turned would be found either
      if (masking === "detect" && read.upright) break;
      continue;
    }
    const masks = read.runs.map(runMask);
    if (masks.includes("skewed")) continue;
    const last4 = new Set(proven.map((r) => r.digits.slice(-4)));
    if (last4.size > 1) throw aadhaarUnreadable();
    const numbers = masks.filter((m) => m !== null && m !== "skewed");
    const qrCodes = locateQrCodes(await rgba(read.page));
    const contentType = type === "image/png" || type === "application/pdf" ? "image/png" : "image/jpeg";
    const bytes = await applyMasks(read.page, read, numbers, qrCodes, contentType);
    // the proof: read again, nothing of a number's first 8 digits and no QR code may be left
    const check = await readPage(bytes, 0);
    if (check.runs.some((r) => /^[0-9]{8}/.test(r.digits)) || locateQrCodes(await rgba(bytes)).length > 0) throw aadhaarUnreadable();
    return { bytes, contentType, last4: [...last4][0]!, masked: { numbers: numbers.length, qr_codes: qrCodes.length } };
  }
  if (masking === "required" || aadhaarSeen) throw aadhaarUnreadable();
  return null;
}
