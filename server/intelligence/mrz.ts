/**
 * Machine-readable zones of travel documents (ICAO Doc 9303, 8th ed., part 3: check digits with
 * weights 7-3-1; part 4: TD3 passports, two lines of 44 characters; parts 5-6: TD1/TD2 cards),
 * found and repaired in OCR text here, then parsed and check-digit verified by the `mrz` package
 * (cheminfo/zakodium, MIT).
 *
 * `findMrzLines` picks the MRZ out of OCR text and repairs what Tesseract does to the OCR-B font
 * of real passports (measured on OCR-B renders of TD3 zones, full page and the MRZ-alphabet band
 * pass): the `<` fillers come out as runs of `L`, `K`, `C`, `S` (also `E`, `Z`, `I`, `«`, `‹`),
 * a `<<` name separator as `S<`, `<K<` or `K<K`, a filler or a stray character is inserted
 * (`P<KIND`, `1204159 2ZE`), so lines are 41-52 characters long; inside the fields `Z` and `2`,
 * `8` and `B`, `O` and `0` swap. The repair, in order:
 * 1. filler misreads back to `<` (`mapNameFillers` on the name line, `mapFieldFillers` on the
 *    lines with check digits);
 * 2. the issuing state re-aligned (`P<KIND` -> `P<IND`) and the name line cut or padded to its
 *    length at its trailing fillers;
 * 3. each line with check digits brought to its length by adjusting a filler run, padding dropped
 *    trailing fillers, or deleting one or two inserted characters, and its ambiguous characters
 *    repaired by field type (`repairFields`): letters to digits in numeric fields (dates, check
 *    digits), digits to letters in alphabetic ones (names, nationality, sex), and in alphanumeric
 *    fields (document and personal numbers) the reading whose check digit holds with the fewest
 *    changes (the Indian passport number's shape `[A-Z][0-9]{7}` decides among them); the
 *    candidate with the most check digits holding wins. Nothing is invented: a dropped digit is
 *    not guessed, and a field is only accepted (valid) when its check digit holds after repair.
 *    TD3's personal number read as `K`/`L` and fillers only (`<<<<<<<<<<<<LL`), with the check
 *    digit `<` or `0`, is all fillers: a pair of equal letters at weights 7 and 3 adds a multiple
 *    of 10, so the check digits cannot tell `LL` from `<<`.
 * `readMrz` parses the repaired lines; `mrzVisualSignals` compares them with the fields read from
 * the visual zone: a difference is a review signal (a tampered visual zone, or a misread).
 *
 * Names carry no check digit: a name ending in a letter OCR also makes of fillers (`K`, `L`,
 * `C`, `S`, `Z`) keeps it only when two `<` follow it as read (`ASHOK<<<<`), else it loses it.
 * A name is only valid when it agrees with the visual zone's (`readMrz`'s `visual`): compared in
 * ICAO form (`mrzNameForm`), letters equal, fillers misread as `K`, `L`, ... at a separator or at
 * the name's end repaired as the visual zone says (`PRIYAKANITA` -> `PRIYA<ANITA`); otherwise the
 * name is not valid and the reading is not valid, whatever its check digits.
 */
import { parse, states } from "mrz";
import { INDIAN_PASSPORT_PATTERN } from "../checks/validators/passport";
import { type ExtractedField, type ReviewSignal, isoDate } from "./parsers/parse-common";

/** Whether each check digit of an MRZ holds (ICAO 9303 part 3), after repair. */
export interface MrzCheckDigits {
  document_number: boolean;
  date_of_birth: boolean;
  date_of_expiry: boolean;
  /** TD3 only: the personal number (optional data) field's. */
  personal_number?: boolean;
  composite: boolean;
}

/**
 * How the names, which no check digit covers, were confirmed: `verified` (both agree with the
 * visual zone's), `mismatch` (the visual zone prints a name the MRZ's does not agree with),
 * `unverified` (the visual zone has no name to compare).
 */
export type MrzNames = "verified" | "mismatch" | "unverified";

/** What the visual zone prints that an MRZ is compared with (as printed; null or absent when not read). */
export interface VisualNames {
  surname?: string | null;
  given_names?: string | null;
  /** The `Type` printed on the data page (`P`), which confirms a TD3 document code. */
  document_code?: string | null;
}

/** The MRZ fields mapped to document-type field keys, with their validity. */
export interface MrzReading {
  /** `TD3` (passport), `TD2`, `TD1`. */
  format: string;
  /**
   * True only when the whole text is proven: every check digit (and the composite) holds, the
   * codes are known (the `mrz` package's verdict) and confirmed (a TD3 document code's second
   * character), and the names agree with the visual zone.
   */
  valid: boolean;
  /** True when every check digit holds and the codes are known, whatever the names. */
  check_digits_valid: boolean;
  check_digits: MrzCheckDigits;
  names: MrzNames;
  /** The lines as accepted: filler misreads, lengths and ambiguous characters repaired (see the file comment). */
  lines: string[];
  /**
   * Field key (`document_code`, `passport_number`, `surname`, `given_names`, `nationality`, `date_of_birth`,
   * `date_of_expiry`, `sex`, `issuing_state`, `personal_number`) -> value and whether what covers
   * it holds: its check digit, a known code, or for the names the visual zone's agreement.
   */
  fields: Record<string, { value: string; valid: boolean }>;
  /** The `mrz` package's labels of the fields whose check failed. */
  invalid: string[];
}

/** `[line, start, end)` of a field in the MRZ lines. */
type Range = readonly [number, number, number];

/** A field followed by its check digit (at `end`). */
interface CheckedField {
  range: Range;
  kind: "numeric" | "alphanumeric";
  /** The document number (its shape may be known from the issuing state). */
  document?: true;
  /** Optional data (TD3's personal number), most often all fillers. */
  optional?: true;
}

/** Where the fields of one MRZ format are (ICAO 9303 parts 4-6). */
interface Layout {
  format: "TD3" | "TD2" | "TD1";
  length: number;
  lines: number;
  /** The line of the names (no check digit) and where the names start on it. */
  names: { line: number; start: number };
  /** The line starting with the document code and the issuing state. */
  header: number;
  checked: CheckedField[];
  composite: { at: readonly [number, number]; parts: Range[] };
  /** Letters only: a digit there is a misread letter. */
  alpha: Range[];
}

const LAYOUTS: Layout[] = [
  {
    format: "TD3",
    length: 44,
    lines: 2,
    names: { line: 0, start: 5 },
    header: 0,
    checked: [
      { range: [1, 0, 9], kind: "alphanumeric", document: true },
      { range: [1, 13, 19], kind: "numeric" },
      { range: [1, 21, 27], kind: "numeric" },
      { range: [1, 28, 42], kind: "alphanumeric", optional: true },
    ],
    composite: {
      at: [1, 43],
      parts: [
        [1, 0, 10],
        [1, 13, 20],
        [1, 21, 43],
      ],
    },
    alpha: [
      [0, 0, 44],
      [1, 10, 13],
      [1, 20, 21],
    ],
  },
  {
    format: "TD2",
    length: 36,
    lines: 2,
    names: { line: 0, start: 5 },
    header: 0,
    checked: [
      { range: [1, 0, 9], kind: "alphanumeric", document: true },
      { range: [1, 13, 19], kind: "numeric" },
      { range: [1, 21, 27], kind: "numeric" },
    ],
    composite: {
      at: [1, 35],
      parts: [
        [1, 0, 10],
        [1, 13, 20],
        [1, 21, 35],
      ],
    },
    alpha: [
      [0, 0, 36],
      [1, 10, 13],
      [1, 20, 21],
    ],
  },
  {
    format: "TD1",
    length: 30,
    lines: 3,
    names: { line: 2, start: 0 },
    header: 0,
    checked: [
      { range: [0, 5, 14], kind: "alphanumeric", document: true },
      { range: [1, 0, 6], kind: "numeric" },
      { range: [1, 8, 14], kind: "numeric" },
    ],
    composite: {
      at: [1, 29],
      parts: [
        [0, 5, 30],
        [1, 0, 7],
        [1, 8, 15],
        [1, 18, 29],
      ],
    },
    alpha: [
      [0, 0, 5],
      [1, 7, 8],
      [1, 15, 18],
      [2, 0, 30],
    ],
  },
];

/** Shapes of document numbers by issuing state (with their filler), when known. */
const DOCUMENT_NUMBER_SHAPES: Record<string, (documentNumber: string) => boolean> = {
  IND: (n) => n.endsWith("<") && INDIAN_PASSPORT_PATTERN.test(n.slice(0, -1)),
};

/** ICAO 9303 part 3 check digit: values `0`-`9`, `A`-`Z` = 10-35, `<` = 0, weights 7, 3, 1 repeating, sum mod 10. */
function mrzCheckDigit(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const value = c === 60 ? 0 : c >= 65 ? c - 55 : c - 48;
    sum += value * [7, 3, 1][i % 3]!;
  }
  return sum % 10;
}

/** Whether `digit` is the check digit of `field` (`<` only for a field of fillers). */
const checkHolds = (field: string, digit: string | undefined) =>
  digit === "<" ? /^<*$/.test(field) : digit !== undefined && /^[0-9]$/.test(digit) && mrzCheckDigit(field) === Number(digit);

/** OCR's letters for digits in a numeric field (ICAO 9303 numeric fields hold digits and `<` only); `P` for `9` was measured on OCR-B. */
const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", Z: "2", S: "5", G: "6", B: "8", P: "9" };
/** OCR's digits for letters in an alphabetic field. */
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };

/** Normalizes one OCR line to MRZ characters: upper case, spaces removed, anything else (`«`, `‹`, `(`) to `<`. */
function mrzChars(line: string): string {
  return line
    .toUpperCase()
    .replace(/\s+/g, "")
    .replace(/[^A-Z0-9<]/g, "<");
}

/** Letters OCR makes of `<` fillers in OCR-B. */
const FILLER_LIKE = /[<KLCSEZI]/;

/**
 * Filler misreads of a name line back to `<`, from `start` (after the document code and state):
 * - the trailing run of filler-like characters after the last name letter (a first letter of
 *   the run followed by `<<` as read stays: the name's last letter, `ASHOK<<<<`);
 * - between names, the filler-like letters between two `<` (`NAIR<S<MEERA`, `ERIKSSON<K<ANNA`),
 *   three or more fillers there collapsed to the `<<` separator;
 * - without any `<<` separator, a filler-like letter just before the first `<` (`NAIRS<MEERA`).
 */
function mapNameFillers(line: string, start: number): string {
  const head = line.slice(0, start);
  let names = line.slice(start);
  let end = names.length;
  while (end > 0 && FILLER_LIKE.test(names[end - 1]!)) end--;
  // vowels end names (`RAVI`, `SHREE`) far more often than OCR makes them of fillers
  while (end < names.length && /[EI]/.test(names[end]!)) end++;
  if (end < names.length && names[end] !== "<" && names.slice(end + 1, end + 3) === "<<") end++;
  let body = names.slice(0, end);
  const trailing = "<".repeat(names.length - end);
  body = body.replace(/<[KLCSZ<]*</g, (run) => "<".repeat(run.length)).replace(/(?<=[A-Z])<{3,}(?=[A-Z])/g, "<<");
  if (!body.includes("<<")) body = body.replace(/(?<=[A-Z])[KLCSZ]<(?=[A-Z])/, "<<");
  names = body + trailing;
  return head + names;
}

/** Filler misreads on a line with check digits: `K`/`L` runs between `<` (or at the end), never next to data. */
function mapFieldFillers(line: string): string {
  return line.replace(/(?<=<)[KL]+(?=<|$)/g, (run) => "<".repeat(run.length));
}

/** Known issuing states (the `mrz` package's list, fillers stripped) and ICAO's specimen state `UTO`. */
const isState = (code: string) => code === "UTO" || Object.hasOwn(states, code.replace(/<+$/, ""));

/**
 * The document code and issuing state of a header line re-aligned: a TD3 code starts with `P`
 * (part 4), a `K`/`L` after it is a filler, and one or two filler-like characters inserted before
 * the state are dropped (`P<KIND` -> `P<IND`).
 */
function repairHeader(line: string, layout: Layout): string {
  let l = line;
  if (layout.format === "TD3") l = `P${/[KL]/.test(l[1] ?? "") ? "<" : (l[1] ?? "<")}${l.slice(2)}`;
  const letters = (s: string) => [...s].map((c) => TO_LETTER[c] ?? c).join("");
  if (isState(letters(l.slice(2, 5)))) return l.slice(0, 2) + letters(l.slice(2, 5)) + l.slice(5);
  for (const shift of [1, 2]) {
    const state = letters(l.slice(2 + shift, 5 + shift));
    if (isState(state) && [...l.slice(2, 2 + shift)].every((c) => FILLER_LIKE.test(c))) return l.slice(0, 2) + state + l.slice(5 + shift);
  }
  return l;
}

/** `line` brought to `length` at its trailing fillers (cut, or padded with `<`). */
function fitNameLine(line: string, length: number): string {
  if (line.length <= length) return line.padEnd(length, "<");
  const trailing = line.length - line.replace(/<+$/, "").length;
  const cut = Math.min(trailing, line.length - length);
  return line.slice(0, line.length - cut).slice(0, length);
}

/** One repaired reading of the lines: how many check digits hold, how many characters repair changed. */
interface Repaired {
  lines: string[];
  holding: number;
  changes: number;
}

const replaceRange = (line: string, start: number, end: number, text: string) => line.slice(0, start) + text + line.slice(end);

/** How many characters differ between two strings of one length. */
const differing = (a: string, b: string) => [...a].filter((c, i) => c !== b[i]).length;

/**
 * The reading of an alphanumeric field (with its check digit) that holds with the fewest changes
 * between the letters and digits OCR confuses; `shape`, when known, must hold too. Null when none
 * holds, or when several hold with as few changes: the composite check digit cannot decide
 * between them (a document number starts at composite offset 0, the TD3 personal number at 24,
 * so their weights there are those of their own check digit).
 */
function repairAlphanumeric(field: string, digit: string, shape?: (v: string) => boolean): string | null {
  const alternatives = [...field].map((c) => TO_DIGIT[c] ?? TO_LETTER[c]);
  const ambiguous = alternatives.flatMap((a, i) => (a ? [i] : []));
  const fits = (v: string) => checkHolds(v, digit) && (!shape || shape(v));
  if (ambiguous.length > 12) return fits(field) ? field : null;
  let best: string[] = [];
  let fewest = Infinity;
  for (let mask = 0; mask < 1 << ambiguous.length; mask++) {
    const chars = [...field];
    let changes = 0;
    ambiguous.forEach((pos, bit) => {
      if (mask & (1 << bit)) {
        chars[pos] = alternatives[pos]!;
        changes++;
      }
    });
    const value = chars.join("");
    if (changes > fewest || !fits(value)) continue;
    if (changes < fewest) best = [];
    fewest = changes;
    best.push(value);
  }
  return best.length === 1 ? best[0]! : null;
}

/**
 * Repairs the ambiguous characters of `lines` (all at the layout's length) by field type and
 * counts the check digits that hold on the lines in `scope` (the composite once every line it
 * covers is in `scope` or `settled`). A field no single reading of which holds stays as read.
 */
function repairFields(lines: string[], layout: Layout, scope: Set<number>, settled: Set<number>): Repaired {
  const out = [...lines];
  const set = ([line, start, end]: Range, text: string) => (out[line] = replaceRange(out[line]!, start, end, text));
  const get = ([line, start, end]: Range) => out[line]!.slice(start, end);
  for (const r of layout.alpha) set(r, [...get(r)].map((c) => TO_LETTER[c] ?? c).join(""));
  const toDigits = (s: string) => [...s].map((c) => TO_DIGIT[c] ?? c).join("");
  const shape = DOCUMENT_NUMBER_SHAPES[get([layout.header, 2, 5]).replace(/<+$/, "")];
  let holding = 0;
  for (const f of layout.checked) {
    const [line, , end] = f.range;
    if (!scope.has(line)) continue;
    const digit = toDigits(get([line, end, end + 1]));
    set([line, end, end + 1], digit);
    const raw = get(f.range);
    if (f.optional && (digit === "<" || digit === "0") && /^[<KL]*$/.test(raw)) set(f.range, "<".repeat(raw.length));
    else set(f.range, f.kind === "numeric" ? toDigits(raw) : (repairAlphanumeric(raw, digit, f.document ? shape : undefined) ?? raw));
    if (checkHolds(get(f.range), digit)) holding++;
  }
  const [cl, cc] = layout.composite.at;
  if (scope.has(cl) && layout.composite.parts.every(([line]) => scope.has(line) || settled.has(line))) {
    set([cl, cc, cc + 1], toDigits(get([cl, cc, cc + 1])));
    if (checkHolds(layout.composite.parts.map(get).join(""), get([cl, cc, cc + 1]))) holding++;
  }
  return { lines: out, holding, changes: out.reduce((n, l, i) => n + differing(l, lines[i]!), 0) };
}

/**
 * Readings of a line with check digits at `length`, each with its cost: a run of fillers
 * shortened or lengthened, dropped trailing fillers padded (cost 0); cut, or one or two inserted
 * characters deleted (cost 1). Never a character added other than `<`.
 */
function lengthCandidates(line: string, length: number): Map<string, number> {
  const d = line.length - length;
  const out = new Map<string, number>();
  const add = (l: string, cost: number) => out.set(l, Math.min(cost, out.get(l) ?? cost));
  if (d === 0) add(line, 0);
  for (const run of d === 0 ? [] : line.matchAll(/<+/g)) {
    const n = run[0].length - d;
    if (n >= 1) add(replaceRange(line, run.index, run.index + run[0].length, "<".repeat(n)), 0);
  }
  if (d < 0) add(line.padEnd(length, "<"), 0);
  if (d > 0) add(line.slice(0, length), 1);
  if (d === 1) for (let i = 0; i < line.length; i++) add(replaceRange(line, i, i + 1, ""), 1);
  if (d === 2)
    for (let i = 0; i < line.length; i++) for (let j = i + 1; j < line.length; j++) add(line.slice(0, i) + line.slice(i + 1, j) + line.slice(j + 1), 1);
  return out;
}

/**
 * How far (in characters) an OCR line may be from its MRZ length: name lines carry filler runs read
 * long or dropped. A name line's trailing run of `K`/`L`/`C`/`<` does not count towards its upper
 * bound (OCR-B's `<` is often read as two letters, `KL`, so a run of 30 fillers comes out 40-50
 * long), up to twice the length.
 */
const SLACK = { names: [-16, 10], checked: [-10, 8] } as const;

/** Whether OCR line `l` (MRZ characters) may be line `i` of `layout` by its length (`SLACK`). */
function fitsLength(l: string, i: number, layout: Layout): boolean {
  if (i !== layout.names.line) return l.length >= layout.length + SLACK.checked[0] && l.length <= layout.length + SLACK.checked[1];
  const body = l.replace(/[<KLC]+$/, "");
  return l.length >= layout.length + SLACK.names[0] && body.length <= layout.length + SLACK.names[1] && l.length <= 2 * layout.length;
}

/**
 * The best repair of a window of OCR lines as `layout`, or null when the lengths cannot fit.
 * Each line with check digits takes the length candidate holding the most check digits, at the
 * lowest cost; when two different readings tie there, nothing decides and the line is only cut
 * or padded.
 */
function repairWindow(raw: string[], layout: Layout): Repaired | null {
  const lines = raw.map(mrzChars);
  for (const [i, l] of lines.entries()) if (!fitsLength(l, i, layout) || !l.includes("<")) return null;
  // `P` documents (passports) are TD3 only (ICAO 9303 part 4)
  if (layout.format !== "TD3" && lines[layout.header]!.startsWith("P")) return null;
  const current = lines.map((l, i) => (i === layout.header ? repairHeader(l, layout) : l));
  const names = layout.names.line;
  current[names] = fitNameLine(mapNameFillers(current[names]!, layout.names.start), layout.length);
  const settled = new Set([names]);
  let holding = 0;
  for (let i = 0; i < layout.lines; i++) {
    if (settled.has(i)) continue;
    const read = mapFieldFillers(current[i]!);
    const attempt = (line: string) =>
      repairFields(
        current.map((l, j) => (j === i ? line : l)),
        layout,
        new Set([i]),
        settled,
      );
    const tried = [...lengthCandidates(read, layout.length)].map(([line, cost]) => ({ ...attempt(line), cost }));
    // the most check digits holding, then the fewest deletions, then the fewest characters changed
    const order = (x: (typeof tried)[number], y: (typeof tried)[number]) => y.holding - x.holding || x.cost - y.cost || x.changes - y.changes;
    const top = tried.reduce((b, t) => (order(t, b) < 0 ? t : b));
    const winners = tried.filter((t) => order(t, top) === 0);
    const chosen = new Set(winners.map((w) => w.lines[i])).size === 1 ? winners[0]! : attempt(read.slice(0, layout.length).padEnd(layout.length, "<"));
    current[i] = chosen.lines[i]!;
    holding += chosen.holding;
    settled.add(i);
  }
  return { ...repairFields(current, layout, new Set([names]), settled), holding };
}

/**
 * The MRZ lines in OCR text, repaired (see the file comment): windows of consecutive lines that
 * hold fillers and whose lengths fit a format (TD3 2 x 44, TD2 2 x 36, TD1 3 x 30, within what
 * OCR does to them), each read as the format closest to its lengths (TD3 first). A window is
 * taken only with a known issuing state or a check digit that holds, and when it is more than 2
 * characters off its lengths, with both (labels of the visual zone read with `/` are no MRZ). The window whose repair holds the largest share of its check digits wins, then the
 * one closest to its lengths.
 * @returns the repaired lines, or null when no MRZ was found.
 */
export function findMrzLines(lines: string[]): string[] | null {
  let best: { lines: string[]; share: number; distance: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    let window: { lines: string[]; share: number; distance: number } | null = null;
    for (const layout of LAYOUTS) {
      const raw = lines.slice(i, i + layout.lines);
      if (raw.length < layout.lines) continue;
      const distance = raw.reduce((sum, l) => sum + Math.abs(mrzChars(l).length - layout.length), 0);
      if (window && distance >= window.distance) continue;
      const r = repairWindow(raw, layout);
      if (!r) continue;
      const close = raw.every((l) => Math.abs(mrzChars(l).length - layout.length) <= 2);
      const state = isState(r.lines[layout.header]!.slice(2, 5));
      if (close ? r.holding === 0 && !state : r.holding === 0 || !state) continue;
      window = { lines: r.lines, share: r.holding / (layout.checked.length + 1), distance };
    }
    if (window && (!best || window.share > best.share || (window.share === best.share && window.distance < best.distance))) best = window;
  }
  return best?.lines ?? null;
}

/** `YYMMDD` to ISO: birth dates in the future are of the previous century; expiry dates are 20YY. */
function mrzDate(yymmdd: string, kind: "birth" | "expiry", now = new Date()): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  if (!m) return null;
  const yy = Number(m[1]);
  const thisYY = now.getUTCFullYear() % 100;
  const year = kind === "expiry" ? 2000 + yy : yy > thisYY ? 1900 + yy : 2000 + yy;
  return isoDate(year, Number(m[2]), Number(m[3]));
}

/** The layout of repaired MRZ lines (their count and length), or undefined. */
const layoutOf = (lines: string[]) => LAYOUTS.find((l) => l.lines === lines.length && lines.every((x) => x.length === l.length));

/**
 * A name as ICAO 9303 part 3 (section 6) writes it in the MRZ: upper case, Latin letters with
 * diacritics transliterated (`Ä` -> `AE`, `Ö`/`Ø` -> `OE`, `Ü` -> `UE`, `ß` -> `SS`, `Þ` -> `TH`,
 * `Å` -> `AA`, any other to its base letter), apostrophes and full stops dropped, spaces, hyphens
 * and other separators as one `<`.
 */
export function mrzNameForm(name: string): string {
  return name
    .toUpperCase()
    .replace(/[ÄÆ]/g, "AE")
    .replace(/[ÖØŒ]/g, "OE")
    .replace(/Ü/g, "UE")
    .replace(/Þ/g, "TH")
    .replace(/Å/g, "AA")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’.]/g, "")
    .replace(/[^A-Z]+/g, "<")
    .replace(/^<|<$/g, "");
}

/** Letters OCR makes of `<` fillers in OCR-B (those of FILLER_LIKE). */
const FILLER_LETTER = /^[KLCSEZI]$/;
/** The consonants among them, taken for a filler inserted next to a separator or at a name's end. */
const INSERTED_FILLER = /^[KLCSZ]$/;

/**
 * The MRZ name text `read` (trailing fillers removed) repaired to agree with `expected` (the
 * visual zone's name in MRZ form, `mrzNameForm`), or null when it cannot be. The letters must be
 * the same; only what OCR does to fillers may differ: a filler read as a filler-like letter where
 * the visual zone has a separator (`PRIYAKANITA` for `PRIYA<ANITA`), a filler or a filler-like
 * consonant (`K`, `L`, `C`, `S`, `Z`) inserted next to a separator or at the end (`REDDY<<KANITA`,
 * `RAVIK`), a filler dropped (`KUMAR<RAVI`). Another name part (`ANITA<LEE` for `ANITA`) differs.
 * @param truncated the MRZ field is full and the visual name longer: ICAO 9303 truncates it, so
 *   `read` need only agree with the start of `expected`.
 * @returns the repaired text (`expected`, or its start when truncated).
 */
function alignName(read: string, expected: string, truncated: boolean): string | null {
  const n = read.length;
  const m = expected.length;
  // reach[i][j]: read[0, i) can be the misread of expected[0, j)
  const reach = Array.from({ length: n + 1 }, () => new Array<boolean>(m + 1).fill(false));
  reach[0]![0] = true;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (!reach[i]![j]) continue;
      const r = read[i];
      const e = expected[j];
      const fillerLike = r === "<" || (r !== undefined && FILLER_LETTER.test(r));
      if (r !== undefined && e !== undefined && (r === e || (e === "<" && fillerLike))) reach[i + 1]![j + 1] = true;
      // an inserted character: a filler or a consonant OCR makes of one (a vowel is more likely a name's)
      if ((r === "<" || (r !== undefined && INSERTED_FILLER.test(r))) && j > 0 && (e === "<" || e === undefined || expected[j - 1] === "<"))
        reach[i + 1]![j] = true;
      if (e === "<") reach[i]![j + 1] = true;
    }
  }
  if (reach[n]![m]) return expected;
  if (!truncated) return null;
  const end = reach[n]!.lastIndexOf(true);
  return end > 0 ? expected.slice(0, end) : null;
}

/**
 * The names of MRZ lines confirmed against the visual zone's (`alignName`): the whole name first
 * (surname, `<<`, given names), else each part on its own. A part that agrees is rewritten as the
 * visual zone spells it with fillers; one that does not stays as read.
 * @returns the lines, and per name true (agrees), false (differs) or null (no visual name).
 */
function confirmNames(lines: string[], visual: VisualNames): { lines: string[]; surname: boolean | null; given_names: boolean | null } {
  const surname = visual.surname ? mrzNameForm(visual.surname) : "";
  const given = visual.given_names ? mrzNameForm(visual.given_names) : "";
  const layout = layoutOf(lines);
  if (!layout) return { lines, surname: surname ? false : null, given_names: given ? false : null };
  const { line, start } = layout.names;
  const width = layout.length - start;
  const read = lines[line]!.slice(start).replace(/<+$/, "");
  const full = read.length === width;
  const withNames = (text: string) => lines.map((l, i) => (i === line ? l.slice(0, start) + text.slice(0, width).padEnd(width, "<") : l));
  const whole = surname && given ? alignName(read, `${surname}<<${given}`, full) : null;
  if (whole) return { lines: withNames(whole), surname: true, given_names: true };
  const sep = read.indexOf("<<");
  const [readSurname, readGiven] = sep < 0 ? [read, null] : [read.slice(0, sep), read.slice(sep + 2)];
  const s = surname ? alignName(readSurname, surname, full && readGiven === null) : null;
  const g = given && readGiven !== null ? alignName(readGiven, given, full) : null;
  return {
    lines: withNames(`${s ?? readSurname}${readGiven === null ? "" : `<<${g ?? readGiven}`}`),
    surname: surname ? s !== null : null,
    given_names: given ? g !== null : null,
  };
}

/**
 * The TD3 document code confirmed: its second character (no check digit covers it) is a filler
 * or a type letter of the issuing state (ICAO 9303 part 4); a letter OCR also makes of a filler
 * (`PS<IND` for `P<IND`) is taken as a filler only when the visual zone's `Type` is `P` alone,
 * and is unconfirmed without it. `K` and `L` were mapped to fillers already (`repairHeader`).
 * @returns the lines (the filler restored) and whether the code is confirmed.
 */
function confirmDocumentCode(lines: string[], visualCode: string | null | undefined): { lines: string[]; confirmed: boolean } {
  const second = lines[0]?.[1];
  if (layoutOf(lines)?.format !== "TD3" || second === undefined || !FILLER_LETTER.test(second)) return { lines, confirmed: true };
  if (visualCode?.trim().toUpperCase() !== "P") return { lines, confirmed: false };
  return { lines: [`P<${lines[0]!.slice(2)}`, ...lines.slice(1)], confirmed: true };
}

/**
 * Parses and verifies an MRZ. Each field is `valid` only when what covers it holds: the document
 * number, dates and personal number their check digits (after repair), codes a known value, and
 * the names, which no check digit covers, the visual zone's agreement (`confirmNames`: filler
 * misreads inside a name repaired where the visual zone has a separator), as the document code's
 * second character (`confirmDocumentCode`). The reading is `valid` only when every check digit
 * and the composite hold, the codes are known and confirmed, and both names agree.
 * @param lines the MRZ lines (from `findMrzLines`).
 * @param visual the visual zone's surname and given names (without them the names stay unverified).
 * @returns the reading, or null when the `mrz` package does not recognize the format.
 */
export function readMrz(lines: string[], now = new Date(), visual: VisualNames = {}): MrzReading | null {
  const code = confirmDocumentCode(lines, visual.document_code);
  const named = confirmNames(code.lines, visual);
  let result: ReturnType<typeof parse>;
  try {
    result = parse(named.lines, { autocorrect: true });
  } catch {
    return null;
  }
  const ok = (name: string) => result.details.filter((d) => d.field === name || d.field === `${name}CheckDigit`).every((d) => d.valid);
  const f = result.fields as Record<string, string | null>;
  const fields: MrzReading["fields"] = {};
  const add = (key: string, value: string | null | undefined, valid: boolean) => {
    if (value) fields[key] = { value, valid };
  };
  add("document_code", f.documentCode, ok("documentCode") && code.confirmed);
  add("passport_number", f.documentNumber, ok("documentNumber"));
  add("surname", f.lastName?.toUpperCase(), ok("lastName") && named.surname === true);
  add("given_names", f.firstName?.toUpperCase(), ok("firstName") && named.given_names === true);
  add("nationality", f.nationality, ok("nationality"));
  add("issuing_state", f.issuingState, ok("issuingState"));
  add("sex", f.sex, ok("sex"));
  add("date_of_birth", f.birthDate ? mrzDate(f.birthDate, "birth", now) : null, ok("birthDate"));
  add("date_of_expiry", f.expirationDate ? mrzDate(f.expirationDate, "expiry", now) : null, ok("expirationDate"));
  add("personal_number", f.personalNumber, ok("personalNumber"));
  const names: MrzNames =
    named.surname === true && named.given_names === true ? "verified" : named.surname === false || named.given_names === false ? "mismatch" : "unverified";
  return {
    format: result.format,
    valid: result.valid && code.confirmed && names === "verified",
    check_digits_valid: result.valid,
    check_digits: {
      document_number: ok("documentNumber"),
      date_of_birth: ok("birthDate"),
      date_of_expiry: ok("expirationDate"),
      ...(result.format === "TD3" ? { personal_number: ok("personalNumber") } : {}),
      composite: ok("composite"),
    },
    names,
    lines: named.lines,
    fields,
    invalid: result.details.filter((d) => !d.valid).map((d) => d.label),
  };
}

/**
 * Review signals from an MRZ and the visual zone of the same page:
 * - `mrz_check_digit_invalid` (review) when a check digit fails or a code is unknown
 *   (`detail.fields`: the labels);
 * - `mrz_visual_mismatch` (review) per field present in both that differs: the number and the
 *   dates when their check digits hold and the visual value is another; a name when it does not
 *   agree with the visual zone's (`mrz` must be read with those names: `readMrz`'s `visual`),
 *   unless OCR garbled the MRZ's (`unreadableName`: filler runs read as letters).
 */
export function mrzVisualSignals(
  mrz: MrzReading,
  visual: Record<string, ExtractedField | undefined>,
  unreadableName: (name: string) => boolean = () => false,
): ReviewSignal[] {
  const signals: ReviewSignal[] = [];
  if (!mrz.check_digits_valid) signals.push({ code: "mrz_check_digit_invalid", severity: "review", detail: { fields: mrz.invalid } });
  for (const key of ["passport_number", "surname", "given_names", "date_of_birth", "date_of_expiry"]) {
    const m = mrz.fields[key];
    const v = visual[key];
    if (!m || !v) continue;
    const differs = key === "surname" || key === "given_names" ? !m.valid && !unreadableName(m.value) : m.valid && v.value !== m.value;
    if (differs) signals.push({ code: "mrz_visual_mismatch", field: key, severity: "review", detail: { mrz: m.value, visual: v.value } });
  }
  return signals;
}
