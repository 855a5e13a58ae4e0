/**
 * Scores a screened subject against one list entry: name (tokens of server/screening/name-keys.ts,
 * any order, with spacing variants), date or year of birth, and nationality.
 *
 * Name score of two token lists: tokens are paired greedily, best similarity first, each token
 * at most once. With `w` the weight of a token's kind (full 1, initial 0.5, title 0.3, weak 0.2)
 * and a pair weighing the lighter of its two tokens:
 *
 *     score = Σ pairs w·sim / (Σ pairs w + Σ unpaired λ·w)
 *
 * λ = 0.15 for a token between two paired tokens of its side (a dropped middle name or
 * patronymic: `NARENDRA MODI` vs `NARENDRA DAMODARDAS MODI`), 0.4 before or after them (a given
 * or family name the other side lacks: `IBRAHIM DAWOOD KHAN` vs `DAWOOD IBRAHIM KASKAR`), and 0.4
 * everywhere when both sides have an unpaired full token (they disagree rather than omit).
 * Guards: no pair of full tokens at >= 0.8 ("strong") caps the score at 0.5 (only initials or
 * titles agree); a name with a single distinctive part (not a title, not a very common part such
 * as `SINGH` or `MUHAMMAD`; initials count as parts) against one with an unpaired distinctive
 * name caps it at 0.7 (`KHAN` vs `IMRAN KHAN`, `PARAMJIT SINGH` vs `PARAMJIT SINGH PANJWAR`,
 * `MOHAMMAD HAFEEZ` vs `HAFIZ MUHAMMAD SAEED`); fewer than two strong
 * pairs when both sides have two or more full tokens caps it at 0.6 (`RAJESH SHARMA` vs
 * `RAKESH SHARMA`).
 *
 * The final score multiplies the name score by the factors of `TScreeningOptions`: a date of
 * birth more than a year off (0.75), one year off (0.95), no nationality in common (0.9), a
 * match on a weak alias only (0.9). Dates and countries never raise a score, only lower it.
 */
import type { NameToken } from "./name-keys";
import { joinTokens, tokenSimilarity } from "./name-keys";
import type { DobComparison, NationalityComparison, TBirthDate, TScreeningOptions } from "./screening.schemas";

/** Weight of a token by kind in the name score. */
export const TOKEN_WEIGHT: Record<NameToken["kind"], number> = { full: 1, initial: 0.5, title: 0.3, weak: 0.2 };

/** λ of an unpaired token between paired ones (the smallest λ: the index's score bound uses it). */
export const UNPAIRED_COST_INSIDE = 0.15;
/** λ of an unpaired token before or after the paired ones. */
export const UNPAIRED_COST_OUTSIDE = 0.4;

/** A pair of full tokens at or above this similarity is "strong". */
const STRONG_PAIR = 0.8;

function count(tokens: readonly NameToken[], test: (t: NameToken) => boolean): number {
  let n = 0;
  for (const t of tokens) if (test(t)) n++;
  return n;
}

const isFull = (t: NameToken) => t.kind === "full";
const isDistinctPart = (t: NameToken) => (t.kind === "full" && !t.common) || t.kind === "initial";
const isDistinctFull = (t: NameToken) => t.kind === "full" && !t.common;

/**
 * Σ λ·w of the unpaired tokens of one side; `conflict` (both sides have an unpaired full token:
 * `RANJEET KAUR NEETA` vs `RANJEET SINGH NEETA`) charges every one as outside.
 */
function unpairedCost(tokens: readonly NameToken[], used: ReadonlySet<number>, conflict: boolean): number {
  let first = Infinity;
  let last = -1;
  for (const i of used) {
    first = Math.min(first, i);
    last = Math.max(last, i);
  }
  let cost = 0;
  tokens.forEach((t, i) => {
    if (used.has(i)) return;
    cost += (!conflict && i > first && i < last ? UNPAIRED_COST_INSIDE : UNPAIRED_COST_OUTSIDE) * TOKEN_WEIGHT[t.kind];
  });
  return cost;
}

const unpairedWhere = (tokens: readonly NameToken[], used: ReadonlySet<number>, test: (t: NameToken) => boolean) =>
  tokens.some((t, i) => !used.has(i) && test(t));

/** Score of one reading of both names (no spacing joins). */
function alignedScore(a: readonly NameToken[], b: readonly NameToken[]): number {
  const pairs: { i: number; j: number; sim: number; w: number }[] = [];
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const sim = tokenSimilarity(a[i]!, b[j]!);
      if (sim > 0) pairs.push({ i, j, sim, w: Math.min(TOKEN_WEIGHT[a[i]!.kind], TOKEN_WEIGHT[b[j]!.kind]) });
    }
  }
  pairs.sort((x, y) => y.sim * y.w - x.sim * x.w || y.sim - x.sim);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let paired = 0;
  let pairedWeight = 0;
  let strong = 0;
  for (const p of pairs) {
    if (usedA.has(p.i) || usedB.has(p.j)) continue;
    usedA.add(p.i);
    usedB.add(p.j);
    paired += p.w * p.sim;
    pairedWeight += p.w;
    if (p.sim >= STRONG_PAIR && a[p.i]!.kind === "full" && b[p.j]!.kind === "full") strong++;
  }
  if (pairedWeight === 0) return 0;
  const conflict = unpairedWhere(a, usedA, isFull) && unpairedWhere(b, usedB, isFull);
  let score = paired / (pairedWeight + unpairedCost(a, usedA, conflict) + unpairedCost(b, usedB, conflict));
  const fa = count(a, isFull);
  const fb = count(b, isFull);
  if (strong === 0 && (fa > 0 || fb > 0)) score = Math.min(score, 0.5);
  if (
    (count(a, isDistinctPart) <= 1 && unpairedWhere(b, usedB, isDistinctFull)) ||
    (count(b, isDistinctPart) <= 1 && unpairedWhere(a, usedA, isDistinctFull))
  ) {
    score = Math.min(score, 0.7);
  }
  if (fa >= 2 && fb >= 2 && strong < 2) score = Math.min(score, 0.6);
  return score;
}

/**
 * `tokens` with one pair of adjacent tokens joined wherever the joined token is the same name as
 * a token of `other` (`ZIA UL HAQ` vs `ZIAUL HAQ`, `VENKATA RAMANA` vs `VENKATARAMANA`).
 */
function joinedReadings(tokens: readonly NameToken[], other: readonly NameToken[]): NameToken[][] {
  const out: NameToken[][] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const length = tokens[i]!.text.length + tokens[i + 1]!.text.length;
    // a joined token can only meet a token of about its length with its first letter
    if (!other.some((o) => Math.abs(o.text.length - length) <= 3 && o.text[0] === tokens[i]!.text[0])) continue;
    const joined = joinTokens(tokens[i]!, tokens[i + 1]!);
    if (other.some((o) => o.kind !== "initial" && tokenSimilarity(joined, o) >= 0.95)) out.push([...tokens.slice(0, i), joined, ...tokens.slice(i + 2)]);
  }
  return out;
}

/**
 * Name score of a subject and an entry name, in [0, 1] (see the module comment); symmetric up to
 * the greedy pairing. 0 when either side has no tokens.
 */
export function nameScore(subject: readonly NameToken[], entry: readonly NameToken[]): number {
  if (!subject.length || !entry.length) return 0;
  let best = alignedScore(subject, entry);
  if (best < 1) {
    for (const s of joinedReadings(subject, entry)) best = Math.max(best, alignedScore(s, entry));
    for (const e of joinedReadings(entry, subject)) best = Math.max(best, alignedScore(subject, e));
  }
  return best;
}

/** Years a listed birth date covers: [from, to]. */
function yearsOf(d: TBirthDate): [number, number] {
  if ("date" in d) {
    const y = Number(d.date.slice(0, 4));
    return [y, y];
  }
  if ("year" in d) return [d.year, d.year];
  return [Math.min(d.from, d.to), Math.max(d.from, d.to)];
}

/**
 * Compares the subject's date (`YYYY-MM-DD`) or year (`YYYY`) of birth with the listed ones:
 * `exact` the same date, `year` a listed date, year or range covers the subject's year, `near`
 * one year off, `mismatch` otherwise; `unknown` when either side has none.
 */
export function compareDob(dob: string | undefined, listed: readonly TBirthDate[]): DobComparison {
  if (!dob || !listed.length) return "unknown";
  const year = Number(dob.slice(0, 4));
  let best: DobComparison = "mismatch";
  for (const d of listed) {
    if ("date" in d && d.date === dob) return "exact";
    const [from, to] = yearsOf(d);
    if (year >= from && year <= to) best = "year";
    else if (best === "mismatch" && year >= from - 1 && year <= to + 1) best = "near";
  }
  return best;
}

/** Compares the subject's country (ISO 3166-1 alpha-2) with the entry's nationalities. */
export function compareNationality(country: string | undefined, nationalities: readonly string[]): NationalityComparison {
  if (!country || !nationalities.length) return "unknown";
  return nationalities.includes(country) ? "match" : "mismatch";
}

/** The factor a date-of-birth comparison applies to the name score. */
export function dobFactor(dob: DobComparison, options: TScreeningOptions): number {
  return dob === "mismatch" ? options.dobMismatchFactor : dob === "near" ? options.dobNearFactor : 1;
}

/** The factor a nationality comparison applies to the name score. */
export function nationalityFactor(nationality: NationalityComparison, options: TScreeningOptions): number {
  return nationality === "mismatch" ? options.nationalityMismatchFactor : 1;
}

/** Rounds a score to 3 decimals. */
export function roundScore(score: number): number {
  return Math.round(score * 1000) / 1000;
}
