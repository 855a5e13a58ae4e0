/**
 * What every document parser shares: the shape of extracted fields and signals, reading
 * "Label : value" pairs from OCR lines, dates, names and the usual OCR character confusions.
 */
import type { z } from "zod";
import type { OcrLine } from "../ocr/tesseract-ocr";
import type { ZExtractedField, ZReviewSignal } from "../extraction.schemas";

/** One field read from a document (schema: ZExtractedField). */
export type ExtractedField = z.infer<typeof ZExtractedField>;

/** Field key -> field, keyed like the document type's catalog fields (server/documents/document-types.ts). */
export type ExtractedFields = Record<string, ExtractedField>;

/** A review signal: something a reviewer should look at (schema: ZReviewSignal). */
export type ReviewSignal = z.infer<typeof ZReviewSignal>;

/** The OCR of one image of the document (one side or page). */
export interface OcrPage {
  lines: OcrLine[];
}

/** What a parser returns. */
export interface ParsedDocument {
  fields: ExtractedFields;
  signals: ReviewSignal[];
}

export function field(value: string, confidence: number, problem: string | null = null, source: "ocr" | "mrz" = "ocr"): ExtractedField {
  return { value, confidence: Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100, source, valid: problem === null, problem };
}

/** Adds `f` under `key` unless absent; keeps the more confident valid value when both exist. */
export function put(fields: ExtractedFields, key: string, f: ExtractedField | null | undefined): void {
  if (!f || !f.value) return;
  const old = fields[key];
  if (!old || (f.valid && !old.valid) || (f.valid === old.valid && f.confidence > old.confidence)) fields[key] = f;
}

/** Collapses whitespace and trims. */
export const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** All lines of all pages, in reading order. */
export const allLines = (pages: OcrPage[]) => pages.flatMap((p) => p.lines).map((l) => ({ ...l, text: clean(l.text) }));

/** A located value: its text and the confidence of its line. */
export interface Found {
  text: string;
  confidence: number;
  /** Index of the line it was read from. */
  index: number;
}

/**
 * The value of a label: the text after the label (and a `:`/`-`) on its line, else the next
 * line. `label` must match at the start of a line or after a list number (`4. Address ...`).
 */
export function labelValue(lines: OcrLine[], label: RegExp, opts: { nextLineOnly?: boolean } = {}): Found | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = new RegExp(`^(?:\\d+\\.\\s*)?(?:${label.source})\\s*[:;.\\-]?\\s*`, "i").exec(line.text);
    if (!m) continue;
    const rest = clean(line.text.slice(m[0].length));
    if (rest && !opts.nextLineOnly) return { text: rest, confidence: line.confidence, index: i };
    const next = lines[i + 1];
    if (next) return { text: clean(next.text), confidence: next.confidence, index: i + 1 };
  }
  return null;
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
 * Finds a code of a known shape in the lines: candidates are runs of code-like characters of
 * the right length (spaces inside removed when `joinSpaces`), corrected with `fitShape`. A
 * candidate that needs no correction wins over one that does.
 */
export function findCode(
  lines: OcrLine[],
  shape: string,
  opts: { joinSpaces?: boolean; accept?: (v: string) => boolean } = {},
): (Found & { corrected: number }) | null {
  let best: (Found & { corrected: number }) | null = null;
  lines.forEach((line, index) => {
    const text = opts.joinSpaces ? line.text.replace(/(?<=[A-Z0-9])[ \-](?=[A-Z0-9])/gi, "") : line.text;
    for (const m of text.matchAll(/[A-Za-z0-9|)\]]+/g)) {
      const tok = m[0];
      for (let start = 0; start + shape.length <= tok.length; start++) {
        if (tok.length > shape.length + 2) break;
        const fit = fitShape(tok.slice(start, start + shape.length), shape);
        if (!fit || (opts.accept && !opts.accept(fit.value))) continue;
        if (!best || fit.corrected < best.corrected) best = { text: fit.value, confidence: line.confidence, index, corrected: fit.corrected };
      }
    }
  });
  return best;
}

/** Confidence after `corrected` characters were changed by `fitShape` (each costs 15 %). */
export const correctedConfidence = (confidence: number, corrected: number) => confidence * Math.pow(0.85, corrected);
