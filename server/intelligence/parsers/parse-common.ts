/**
 * What every document parser shares: the shape of extracted fields and signals, their validity,
 * reading "Label : value" pairs from OCR lines (bilingual cards print the Hindi label first:
 * `नाम / Name`), dates, names, identifiers and the usual OCR character confusions.
 */
import type { z } from "zod";
import type { OcrLine } from "../ocr/tesseract-ocr";
import type { ZExtractedField, ZReviewSignal } from "../extraction.schemas";

/**
 * How far an extracted value can be trusted:
 * - `valid`: it passes its validator and nothing casts doubt on the read: a check digit or
 *   checksum holds (MRZ, Aadhaar Verhoeff, GSTIN), or OCR was confident (`LOW_CONFIDENCE` for
 *   text, `IDENTIFIER_CONFIDENCE` for an identifier that only has a format);
 * - `needs_review`: it passes its validator but OCR was unsure, or a character had to be
 *   corrected, or nothing on the page can prove the read (a passport number without its MRZ):
 *   a misread would look the same, so a person checks it;
 * - `invalid`: its validator refuses it (`problem` says why).
 */
export type FieldValidity = "valid" | "needs_review" | "invalid";

/** What proves a value beyond OCR's confidence: nothing (`text`), its format only (`format`), a checksum or check digit (`checksum`). */
export type FieldEvidence = "text" | "format" | "checksum";

/** One field read from a document (schema: ZExtractedField). */
export type ExtractedField = z.infer<typeof ZExtractedField>;

/**
 * OCR line confidence below which a text value (name, date, address) needs review. Provisional
 * (no held-out set of real cards yet): on the synthetic fixtures, clean scans and phone-style
 * photos (rotated, blurred, JPEG 55), Tesseract read every correct field at 0.84-0.96.
 */
export const LOW_CONFIDENCE = 0.8;
/**
 * Confidence below which an identifier that only has a format (PAN, EPIC, driving licence,
 * masked Aadhaar digits) needs review: a one-character misread keeps the format (`Z` read as
 * `T`). Fixtures read them at 0.86-0.94; one corrected character (x 0.85) always falls below.
 */
export const IDENTIFIER_CONFIDENCE = 0.85;
/** Floor for a value whose checksum holds (GSTIN mod 36, Aadhaar Verhoeff catch every single-character error). */
export const CHECKSUM_CONFIDENCE = 0.5;

const MIN_CONFIDENCE: Record<FieldEvidence, number> = { text: LOW_CONFIDENCE, format: IDENTIFIER_CONFIDENCE, checksum: CHECKSUM_CONFIDENCE };

/** Field key -> field, keyed like the document type's catalog fields (server/documents/document-types.ts). */
export type ExtractedFields = Record<string, ExtractedField>;

/** A review signal: something a reviewer should look at (schema: ZReviewSignal). */
export type ReviewSignal = z.infer<typeof ZReviewSignal>;

/** The OCR of one image of the document (one side or page). */
export interface OcrPage {
  lines: OcrLine[];
  /** Size in pixels of the image the line boxes refer to; with a straightened card (server/intelligence/ocr/card-bounds.ts) the card's edges are the image's, so a box over the size is a position on the card (zones.ts). */
  width?: number;
  height?: number;
}

/** What a parser returns. */
export interface ParsedDocument {
  fields: ExtractedFields;
  signals: ReviewSignal[];
}

/**
 * An extracted field with its validity (see `FieldValidity`).
 * @param problem the validator's error code, null when the value passes it.
 * @param evidence what proves the value beyond OCR's confidence (default `text`); MRZ values
 *   whose check digit holds are `checksum`.
 */
export function field(
  value: string,
  confidence: number,
  problem: string | null = null,
  source: "ocr" | "mrz" = "ocr",
  evidence: FieldEvidence = "text",
): ExtractedField {
  const c = Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100;
  const validity: FieldValidity = problem ? "invalid" : c < MIN_CONFIDENCE[evidence] ? "needs_review" : "valid";
  return {
    value,
    confidence: c,
    source,
    valid: validity === "valid",
    validity,
    problem: problem ?? (validity === "needs_review" ? "ocr_low_confidence" : null),
  };
}

/** `f` marked `needs_review` for `problem` (a read nothing on the page can prove), unless it is already invalid. */
export function needsReview(f: ExtractedField, problem: string): ExtractedField {
  return f.validity === "invalid" ? f : { ...f, valid: false, validity: "needs_review", problem };
}

const RANK: Record<FieldValidity, number> = { valid: 2, needs_review: 1, invalid: 0 };

/** Adds `f` under `key` unless absent; keeps the better value when both exist: valid over needs_review over invalid, then the more confident. */
export function put(fields: ExtractedFields, key: string, f: ExtractedField | null | undefined): void {
  if (!f || !f.value) return;
  const old = fields[key];
  const [a, b] = [RANK[f.validity], old ? RANK[old.validity] : -1];
  if (!old || a > b || (a === b && f.confidence > old.confidence)) fields[key] = f;
}

/** Collapses whitespace and trims. */
export const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** An OCR line and the index of its page (boxes of different pages share coordinates). */
export type PageLine = OcrLine & { page?: number };

/** All lines of all pages, in reading order, with their page index. */
export const allLines = (pages: OcrPage[]): PageLine[] => pages.flatMap((p, page) => p.lines.map((l) => ({ ...l, text: clean(l.text), page })));

/** A located value: its text and the confidence of its line. */
export interface Found {
  text: string;
  confidence: number;
  /** Index of the line it was read from. */
  index: number;
}

/** Letters a label may not be glued to (Latin, Devanagari, apostrophe). */
const LETTER = "A-Za-z\\u0900-\\u097F'";

/**
 * The value of a label, for bilingual layouts: the label is found anywhere on a line as a whole
 * word (after the Hindi label, which English OCR turns into garbage: `ATH / Name`; or after a
 * list number: `4. Address`); the value is the text after it (and a `:`/`-`) on its line, else
 * a line in another column on the label's row (`sameRowRightOf`), else the first of the next
 * `within` lines that `accept` takes (default: the next line), else the nearest line printed
 * under the label (`under`: OCR does not always give a row of labels before its row of values).
 * @param label the label's pattern (case-insensitive); exclude longer labels containing it with a
 *   lookbehind (`(?<!father\W{0,3}s?\W{0,3})name`).
 * @param opts.nextLineOnly the value is never on the label's line (the label row of a card).
 */
export function labelValue(
  lines: PageLine[],
  label: RegExp,
  opts: { nextLineOnly?: boolean; within?: number; accept?: (text: string) => boolean } = {},
): Found | null {
  const re = new RegExp(`(?<![${LETTER}])(?:${label.source})(?![${LETTER}])\\s*[:;.\\-]?\\s*`, "i");
  const accept = opts.accept ?? (() => true);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = re.exec(line.text);
    if (!m) continue;
    const rest = clean(line.text.slice(m.index + m[0].length));
    if (rest && !opts.nextLineOnly && accept(rest)) return { text: rest, confidence: line.confidence, index: i };
    if (!rest && !opts.nextLineOnly) {
      const beside = sameRowRightOf(lines, i, accept);
      if (beside) return beside;
    }
    for (let j = i + 1; j <= i + (opts.within ?? 1) && j < lines.length; j++) {
      const next = lines[j]!;
      if (accept(clean(next.text))) return { text: clean(next.text), confidence: next.confidence, index: j };
    }
    const below = under(lines, i, m.index, m.index + m[0].length, accept);
    if (below) return below;
  }
  return null;
}

/**
 * The nearest line under the label at characters `from`..`to` of line `i` (the label's span
 * estimated from its place in the line's text) that `accept` takes: on the same page, its top
 * below the label line's middle and at most 1.5 line heights under it, overlapping the label's
 * span horizontally. For cards printing a row of labels over a row of values, which Tesseract
 * sometimes reads values first (`24/07/1986 A+` before `Date of Birth   Blood Group`).
 */
function under(lines: PageLine[], i: number, from: number, to: number, accept: (text: string) => boolean): Found | null {
  const { bbox, page, text } = lines[i]!;
  const [x0, y0, x1, y1] = bbox;
  const h = y1 - y0;
  if (h <= 0 || !text.length) return null;
  const [lx0, lx1] = [x0 + ((x1 - x0) * from) / text.length, x0 + ((x1 - x0) * to) / text.length];
  let best: Found | null = null;
  let bestTop = Infinity;
  for (const [j, l] of lines.entries()) {
    const [cx0, cy0, cx1] = l.bbox;
    if (j === i || l.page !== page || cy0 < (y0 + y1) / 2 || cy0 - y1 > 1.5 * h || cy0 >= bestTop || cx0 > lx1 || cx1 < lx0) continue;
    const t = clean(l.text);
    if (!accept(t)) continue;
    best = { text: t, confidence: l.confidence, index: j };
    bestTop = cy0;
  }
  return best;
}

/**
 * The line OCR put in another column although it sits on the row of line `i`, right of it (a
 * card printing labels in one column and values in the next: Tesseract reads the columns one
 * after the other): vertical centres within 60 % of line `i`'s height; the nearest taken.
 */
function sameRowRightOf(lines: PageLine[], i: number, accept: (text: string) => boolean): Found | null {
  const [x0, y0, x1, y1] = lines[i]!.bbox;
  const page = lines[i]!.page;
  if (y1 <= y0) return null;
  const cy = (y0 + y1) / 2;
  let best: Found | null = null;
  let bestDx = Infinity;
  for (const [j, l] of lines.entries()) {
    const [lx0, ly0, , ly1] = l.bbox;
    const text = clean(l.text);
    if (j === i || l.page !== page || lx0 < x1 - 5 || lx0 - x0 >= bestDx || Math.abs((ly0 + ly1) / 2 - cy) > 0.6 * (y1 - y0) || !accept(text)) continue;
    best = { text, confidence: l.confidence, index: j };
    bestDx = lx0 - x0;
  }
  return best;
}

/** The first line (from `from`) matching `re`, with its match. */
export function findLine(lines: OcrLine[], re: RegExp, from = 0): { match: RegExpExecArray; line: OcrLine; index: number } | null {
  for (let i = from; i < lines.length; i++) {
    const m = re.exec(lines[i]!.text);
    if (m) return { match: m, line: lines[i]!, index: i };
  }
  return null;
}

/** A date written day first (`14/08/1988`, `14-08-1988`, `14.08.1988`) as ISO `YYYY-MM-DD`, or null. */
export function parseDayFirstDate(s: string): string | null {
  const m = /(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{4})/.exec(s);
  if (!m) return null;
  return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** `YYYY-MM-DD` when the date exists in the calendar, else null. */
export function isoDate(y: number, m: number, d: number): string | null {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return dt.toISOString().slice(0, 10);
}

/** All day-first dates of a text, in order. */
export function allDates(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(/(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{4})/g)) {
    const iso = isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
    if (iso) out.push(iso);
  }
  return out;
}

/**
 * A person's or business's name as printed: upper case, letters, spaces and `.'-&,()/` only;
 * null when fewer than 2 letters remain.
 */
export function cleanName(s: string): string | null {
  const v = clean(s.toUpperCase().replace(/[^A-Z .'\-&,()/]/g, " ")).replace(/^[.,\-\s]+|[.,\-\s]+$/g, "");
  return (v.match(/[A-Z]/g)?.length ?? 0) >= 2 ? v : null;
}

/**
 * A line that reads like a person's name printed in Latin script, cleaned (`cleanName`), else
 * null: letters, spaces, dots, apostrophes and hyphens only; 1 to 6 words, each an initial, in
 * capitals or in title case, and words longer than 3 letters hold a vowel. This is what tells a
 * name from the Latin garbage English OCR makes of Hindi text (`fiat at ATH`, `STAR fasnT`,
 * `TRA WRHTN`) and from label rows. A lone lower-case letter or sign before the name, or signs
 * after it (`[=]`: the edge of the photo or QR beside it), are dropped.
 */
export function personName(text: string): string | null {
  // debris of the photo's or QR's edge read as a lone letter or signs beside the name (`p   Pooja Iyer`, `Sunita Devi   [=]`)
  const t = clean(text)
    .replace(/^(?:[^A-Z\s]\s+)+/, "")
    .replace(/(?:\s+(?:[^A-Za-z\s]{1,4}|\[[^\]\s]{0,3}\]))+$/, "");
  if (!/^[A-Za-z][A-Za-z .'\-]*$/.test(t)) return null;
  const words = t.split(/[ .]+/).filter(Boolean);
  if (words.length > 6 || (t.match(/[A-Za-z]/g)?.length ?? 0) < 3) return null;
  const wordOk = (w: string) => /^[A-Z]$|^[A-Z][a-z'\-]+$|^[A-Z'\-]+$/.test(w) && (w.length <= 3 || /[AEIOUYaeiouy]/.test(w));
  return words.every(wordOk) ? cleanName(t) : null;
}

/** A name field from a line, or null when the line does not read like a name (`personName`). */
export function nameField(text: string, confidence: number): ExtractedField | null {
  const v = personName(text);
  return v ? field(v, confidence) : null;
}

/** Free text (addresses) as printed: upper case, whitespace collapsed, separators kept. */
export const cleanText = (s: string) => clean(s.toUpperCase()).replace(/^[,:;.\-\s]+|[,:;\s]+$/g, "");

const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", "|": "1", Z: "2", S: "5", B: "8", G: "6", T: "7" };
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "8": "B", "6": "G", "7": "T", "4": "A", ")": "J", "]": "J" };

/**
 * Fixes the usual OCR confusions (O/0, I/1, S/5, B/8, ...) in a code whose character classes
 * are known: `shape` has `A` for a letter, `9` for a digit, `*` for either, any other character
 * for itself (the `Z` of a GSTIN).
 * @returns the corrected code and how many characters changed, or null when it cannot fit.
 */
export function fitShape(raw: string, shape: string): { value: string; corrected: number } | null {
  if (raw.length !== shape.length) return null;
  let corrected = 0;
  let value = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!.toUpperCase();
    const want = shape[i]!;
    let out = c;
    const literal = want !== "A" && want !== "9" && want !== "*";
    if (want === "A" && !/[A-Z]/.test(c)) out = TO_LETTER[c] ?? c;
    if (want === "9" && !/[0-9]/.test(c)) out = TO_DIGIT[c] ?? c;
    if (literal && c !== want) out = /[0-9]/.test(want) ? (TO_DIGIT[c] ?? c) : (TO_LETTER[c] ?? c);
    if (literal ? out !== want : want === "A" ? !/[A-Z]/.test(out) : want === "9" ? !/[0-9]/.test(out) : !/[A-Z0-9]/.test(out)) return null;
    if (out !== c) corrected++;
    value += out;
  }
  return { value, corrected };
}

/**
 * Finds a code of a known shape in the lines: candidates are runs of code-like characters, a
 * word alone or (`joinSpaces`) several words separated by one space or hyphen (`MH12
 * 20110012345`, `MH-1220110012345`), of the shape's length up to 2 more (a stray character
 * before or after; one stray character inside, dropped, counts as a correction), corrected
 * with `fitShape`. Words after the code on its line do not stick to it (`MH1220110012345 DOI
 * 12-05-2011`). A candidate that needs no correction wins over one that does.
 */
export function findCode(
  lines: OcrLine[],
  shape: string,
  opts: { joinSpaces?: boolean; accept?: (v: string) => boolean } = {},
): (Found & { corrected: number }) | null {
  let best: (Found & { corrected: number }) | null = null;
  lines.forEach((line, index) => {
    const words = [...line.text.matchAll(/[A-Za-z0-9|)\]]+/g)];
    for (let i = 0; i < words.length; i++) {
      let joined = "";
      for (let j = i; j < words.length && (j === i || opts.joinSpaces); j++) {
        const gap = j === i ? "" : line.text.slice(words[j - 1]!.index + words[j - 1]![0].length, words[j]!.index);
        if (!/^ ?-? ?$/.test(gap)) break;
        joined += words[j]![0];
        if (joined.length > shape.length + 2) break;
        const candidates: [string, number][] = [];
        for (let start = 0; start + shape.length <= joined.length; start++) candidates.push([joined.slice(start, start + shape.length), 0]);
        // one stray character inside the code (`KAQ06 2015…`): dropped, at the price of a correction
        if (joined.length === shape.length + 1) for (let d = 1; d < joined.length - 1; d++) candidates.push([joined.slice(0, d) + joined.slice(d + 1), 1]);
        for (const [raw, dropped] of candidates) {
          const fit = fitShape(raw, shape);
          if (!fit || (opts.accept && !opts.accept(fit.value))) continue;
          const corrected = fit.corrected + dropped;
          if (!best || corrected < best.corrected) best = { text: fit.value, confidence: line.confidence, index, corrected };
        }
      }
    }
  });
  return best;
}

/** Confidence after `corrected` characters were changed by `fitShape` (each costs 15 %). */
export const correctedConfidence = (confidence: number, corrected: number) => confidence * Math.pow(0.85, corrected);
