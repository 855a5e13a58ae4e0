/**
 * Fuzzy comparison of Indian personal and business names, as registries return them
 * (PAN / NSDL, GSTN legal names) against what an applicant typed.
 *
 * Pipeline:
 * 1. Normalize: Unicode diacritics folded, upper case, a relation clause dropped
 *    (`S/O RAMESH`, `D/O`, `W/O`, `C/O`, `SON OF ...`: the rest is a parent's or spouse's name),
 *    punctuation turned into spaces (`R.KUMAR` -> `R KUMAR`), apostrophes removed (`D'SOUZA`),
 *    leading honorifics (`MR`, `SMT`, `SHRI`, `KUMARI`, `DR`, `LATE`, `M/S`...) and trailing
 *    suffixes (`JR`, `SR`) dropped, business abbreviations expanded (`PVT` -> `PRIVATE`).
 * 2. Tokens are compared pairwise with tiers (see `tokenSimilarity`): exact, a known variant
 *    (`MOHD`/`MOHAMMED`/`MOHAMMAD`), the same transliteration skeleton (`SHARMA`/`SARMA`,
 *    `LAKSHMI`/`LAXMI`), an initial or abbreviation (`R`/`RAVI`, `KR`/`KUMAR`), a near-typo
 *    (Jaro–Winkler on skeletons), and a weak partial credit for a truncated name (`RAVI`/`RAVINDRA`).
 * 3. Spacing: adjacent tokens on one side are merged when their concatenation matches a token
 *    of the other side (`VENKATA RAMANA` / `VENKATARAMANA`).
 * 4. Alignment: the shorter name's tokens are assigned to distinct tokens of the longer one,
 *    in any order (`KUMAR RAVI` / `RAVI KUMAR`), maximizing the score; tokens of the longer name
 *    left over are dropped middle names and cost a little each (less for initials and legal-form words).
 * 5. Guards: a one-token name against a longer one (`KUMAR` / `RAVI KUMAR`) and a name matched
 *    only through initials (`R K` / `RAVI KUMAR`) are capped below the default threshold.
 */

/** Result of `nameMatch`: `score` in [0, 1] (1 = same tokens), `match` = score >= threshold. */
export interface NameMatchResult {
  score: number;
  match: boolean;
}

/** The default decision threshold of `nameMatch` (scores at or above it match). */
export const NAME_MATCH_THRESHOLD = 0.8;

/**
 * Jaro–Winkler similarity of two strings, in [0, 1] (1 = equal).
 *
 * Jaro: matching characters are equal characters at most `floor(max(|a|, |b|) / 2) - 1` apart;
 * with `m` matches and `t` half the number of matched characters out of order,
 * `jaro = (m/|a| + m/|b| + (m - t)/m) / 3` (Jaro, M. A. 1989, "Advances in record-linkage
 * methodology as applied to matching the 1985 Census of Tampa, Florida", JASA 84(406): 414–420).
 * Winkler's prefix boost: `jw = jaro + l * p * (1 - jaro)` with `l` the common prefix length
 * (at most 4) and `p = 0.1`, applied only when `jaro > 0.7` (Winkler, W. E. 1990, "String
 * Comparator Metrics and Enhanced Decision Rules in the Fellegi-Sunter Model of Record Linkage",
 * Proceedings of the Section on Survey Research Methods, American Statistical Association, 354–359).
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  if (!a.length || !b.length) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(b.length - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = bMatched[j] = true;
      m++;
      break;
    }
  }
  if (m === 0) return 0;
  let outOfOrder = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j++;
    if (a[i] !== b[j]) outOfOrder++;
    j++;
  }
  const t = outOfOrder / 2;
  const jaro = (m / a.length + m / b.length + (m - t) / m) / 3;
  if (jaro <= 0.7) return jaro;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Leading titles dropped (repeatedly): `SMT. DR. ANITA` -> `ANITA`. Only at the start, since `KUMARI`, `SRI` are also name parts. */
const HONORIFICS = new Set([
  "MR",
  "MRS",
  "MS",
  "MISS",
  "MST",
  "MASTER",
  "SHRI",
  "SHREE",
  "SRI",
  "SIR",
  "SMT",
  "SHRIMATI",
  "SRIMATI",
  "SHRIMATHI",
  "SUSHRI",
  "KUMARI",
  "KUM",
  "KM",
  "DR",
  "LATE",
  "PROF",
  "ADV",
  "CAPT",
  "COL",
  "MAJ",
  "ER",
  "CA",
  "MESSRS",
]);

/** Trailing suffixes dropped. */
const SUFFIXES = new Set(["JR", "SR", "JUNIOR", "SENIOR", "II", "III"]);

/** Abbreviations expanded during normalization (treated as the same word). */
const EXPANSIONS: Record<string, string> = {
  PVT: "PRIVATE",
  PRIV: "PRIVATE",
  LTD: "LIMITED",
  LMTD: "LIMITED",
  CORP: "CORPORATION",
  INTL: "INTERNATIONAL",
  MFG: "MANUFACTURING",
  ENTP: "ENTERPRISES",
  ENT: "ENTERPRISES",
  BROS: "BROTHERS",
};

/** Words that carry little identity in a business name: dropping one costs little, matching only them proves nothing. */
const WEAK_WORDS = new Set(["PRIVATE", "LIMITED", "LLP", "COMPANY", "CO", "CORPORATION", "AND", "THE", "OF", "INDIA", "OPC"]);

/** Spelling variants of one name (same person): scored just below an exact token. Each group's first entry is canonical. */
const VARIANT_GROUPS: readonly string[][] = [
  ["MOHAMMAD", "MOHAMMED", "MOHAMED", "MOHAMAD", "MOHAMMOD", "MUHAMMAD", "MUHAMMED", "MUHAMAD", "MUHAMED", "MOHMAD", "MOHMED", "MOHD", "MD", "MHD"],
  ["SYED", "SAYED", "SAYYED", "SAIYED", "SAYYID", "SAIYAD", "SYYED"],
  ["SHAIKH", "SHEIKH", "SHAIK", "SHEKH", "SHEK", "SK"],
  ["KUMAR", "KR", "KMR"],
  ["PRASAD", "PD", "PRASHAD"],
  ["CHANDRA", "CHANDER", "CHANDAR", "CHANDRE"],
  ["NARAYAN", "NARAYANA", "NARAYANAN"],
  ["VENKAT", "VENKATA"],
  ["KRISHNA", "KRISHAN", "KISHAN", "KRISHN"],
];

const VARIANT_OF = new Map<string, string>(VARIANT_GROUPS.flatMap((group) => group.map((name) => [name, group[0]!] as [string, string])));

type TokenKind = "initial" | "weak" | "full";

interface Token {
  text: string;
  skeleton: string;
  kind: TokenKind;
}

/**
 * Splits a raw name into normalized tokens (upper case A–Z and digits), dropping honorifics,
 * suffixes and a relation clause, e.g. `"Smt. K.S. Rao W/O Late Ramesh"` -> `["K", "S", "RAO"]`.
 */
export function normalizeName(raw: string): string[] {
  let s = raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
  // Relation clause: everything after it names someone else.
  s = s.replace(/(^|[^A-Z])(S|D|W|C|H)\s*[/\\]\s*O(?![A-Z]).*$/, "$1");
  s = s.replace(/\b(SON|DAUGHTER|WIFE|CARE|HUSBAND)\s+OF\b.*$/, "");
  s = s.replace(/\bM\s*\/\s*S\b/g, " MESSRS ");
  s = s.replace(/&/g, " AND ");
  s = s.replace(/['\u2019`]/g, "");
  const tokens = s
    .replace(/[^A-Z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .map((t) => EXPANSIONS[t] ?? t);
  while (tokens.length > 1 && HONORIFICS.has(tokens[0]!)) tokens.shift();
  while (tokens.length > 1 && SUFFIXES.has(tokens[tokens.length - 1]!)) tokens.pop();
  return tokens.filter((t) => t !== "THE" || tokens.length === 1);
}

/**
 * Transliteration skeleton of one token: spellings that Indian names take in Latin script
 * collapse to one key (`SHARMA`/`SARMA`, `LAKSHMI`/`LAXMI`, `SANTHOSH`/`SANTOSH`,
 * `GEETHA`/`GITA`, `SREENIVAS`/`SRINIVAS`, `GOURAV`/`GAURAV`, `VIJAY`/`VIJAI`).
 */
function skeleton(token: string): string {
  return token
    .replace(/X/g, "KS")
    .replace(/Q/g, "K")
    .replace(/W/g, "V")
    .replace(/Z/g, "J")
    .replace(/EE/g, "I")
    .replace(/OO/g, "U")
    .replace(/(AU|OU)/g, "O")
    .replace(/([BDGJKPST])H/g, "$1")
    .replace(/(.)\1+/g, "$1")
    .replace(/Y$/, "I");
}

function toToken(text: string): Token {
  const kind: TokenKind = text.length === 1 ? "initial" : WEAK_WORDS.has(text) ? "weak" : "full";
  return { text, skeleton: skeleton(text), kind };
}

/** A short token without vowels that is not a known variant: `KS`, `RK` (initials written together). */
function isInitialCluster(text: string): boolean {
  return text.length >= 2 && text.length <= 3 && !/[AEIOU]/.test(text) && !VARIANT_OF.has(text) && !/\d/.test(text);
}

/** `abbr` is a vowel-less short abbreviation of `word` (`PD`/`PRASAD`, `CH`/`CHANDRA`): its letters in order, same first letter. */
function isAbbreviation(abbr: string, word: string): boolean {
  if (abbr.length < 2 || abbr.length > 3 || word.length <= abbr.length || /[AEIOU\d]/.test(abbr) || abbr[0] !== word[0]) return false;
  let i = 1;
  for (let j = 1; j < word.length && i < abbr.length; j++) if (word[j] === abbr[i]) i++;
  return i === abbr.length;
}

/**
 * Similarity of two normalized tokens, in [0, 1], by tier:
 * 1 exact; 0.96 known variant (`MOHD`/`MOHAMMED`); 0.93 same transliteration skeleton
 * (`SHARMA`/`SARMA`); 0.85 initial or abbreviation (`R`/`RAVI`, `KR`/`KUMAR`); up to 0.9 × JW
 * for a near-typo (Jaro–Winkler on skeletons >= 0.9, lengths within 2); 0.6 × JW for a
 * truncation such as `RAVI`/`RAVINDRA` (JW >= 0.8); else 0.
 */
function tokenSimilarity(a: Token, b: Token): number {
  if (a.text === b.text) return 1;
  if (a.kind === "initial" || b.kind === "initial") {
    const [short, long] = a.text.length <= b.text.length ? [a, b] : [b, a];
    return short.kind === "initial" && long.text.startsWith(short.text) ? 0.85 : 0;
  }
  const va = VARIANT_OF.get(a.text);
  if (va && va === VARIANT_OF.get(b.text)) return 0.96;
  if (a.skeleton === b.skeleton) return 0.93;
  if (isAbbreviation(a.text, b.text) || isAbbreviation(b.text, a.text)) return 0.85;
  const jw = jaroWinkler(a.skeleton, b.skeleton);
  if (jw >= 0.9 && Math.abs(a.skeleton.length - b.skeleton.length) <= 2 && Math.min(a.skeleton.length, b.skeleton.length) >= 4) return 0.9 * jw;
  if (jw >= 0.8) return 0.6 * jw;
  return 0;
}

/** Cost of leaving one token of the longer name unmatched (a dropped middle name). */
const DROP_PENALTY: Record<TokenKind, number> = { full: 0.08, weak: 0.02, initial: 0.03 };

/**
 * Merges runs of 2–3 adjacent tokens of `side` whose concatenation matches a token of `other`
 * at least as well as a near-typo (`VENKATA RAMANA` -> `VENKATARAMANA`).
 */
function mergeSpacing(side: Token[], other: Token[]): Token[] {
  const out = [...side];
  for (let size = 3; size >= 2; size--) {
    for (let i = 0; i + size <= out.length; i++) {
      const run = out.slice(i, i + size);
      const joined = toToken(run.map((t) => t.text).join(""));
      const fits = other.some((o) => o.kind !== "initial" && !run.some((r) => r.text === o.text) && tokenSimilarity(joined, o) >= 0.8);
      if (fits) out.splice(i, size, joined);
    }
  }
  return out;
}

/**
 * Final score of one assignment, from what it depends on: the summed similarity of its pairs,
 * which tokens of the longer name it used (`usedMask`), and whether a pair of full tokens agrees
 * (`strong`). Coverage of the shorter name, minus dropped tokens, with guards.
 */
function finalScore(short: Token[], long: Token[], total: number, usedMask: number, strong: boolean): number {
  let penalty = 0;
  let droppedFull = false;
  long.forEach((t, j) => {
    if (usedMask & (1 << j)) return;
    penalty += DROP_PENALTY[t.kind];
    if (t.kind === "full") droppedFull = true;
  });
  let score = (total / short.length) * Math.max(0, 1 - penalty);
  // Only initials (or weak words) agree: `R K` vs `RAVI KUMAR`.
  if (!strong) score = Math.min(score, 0.6);
  // A single name against a longer one: `KUMAR` vs `RAVI KUMAR`.
  if (short.filter((t) => t.kind !== "weak").length <= 1 && droppedFull) score = Math.min(score, 0.7);
  return score;
}

/** Longest name (in tokens) aligned exactly; longer ones are aligned greedily. */
const MAX_EXACT_TOKENS = 12;

/**
 * Best assignment of the shorter side's tokens to distinct tokens of the longer side. Exact by
 * dynamic programming over (tokens of the longer name used, strong pair seen), keeping the best
 * summed similarity per state: the final score depends on nothing else.
 */
function alignScore(a: Token[], b: Token[]): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (!short.length) return 0;
  const sims = short.map((s) => long.map((l) => tokenSimilarity(s, l)));
  const isStrong = (i: number, j: number) => sims[i]![j]! >= 0.8 && short[i]!.kind === "full" && long[j]!.kind === "full";
  if (long.length > MAX_EXACT_TOKENS) {
    // Greedy for unusually long names: highest pairs first.
    const cand = sims.flatMap((row, i) => row.map((s, j) => ({ i, j, s }))).sort((x, y) => y.s - x.s);
    const done = new Set<number>();
    let mask = 0;
    let total = 0;
    let strong = false;
    for (const { i, j, s } of cand) {
      if (done.has(i) || mask & (1 << j)) continue;
      done.add(i);
      mask |= 1 << j;
      total += s;
      strong ||= isStrong(i, j);
    }
    return finalScore(short, long, total, mask, strong);
  }
  // layer i: state (mask << 1 | strong) -> best total after assigning short[0..i-1]
  let layer = new Map<number, number>([[0, 0]]);
  for (let i = 0; i < short.length; i++) {
    const next = new Map<number, number>();
    for (const [state, total] of layer) {
      const mask = state >> 1;
      for (let j = 0; j < long.length; j++) {
        if (mask & (1 << j)) continue;
        const key = ((mask | (1 << j)) << 1) | (state & 1 || isStrong(i, j) ? 1 : 0);
        const value = total + sims[i]![j]!;
        if (value > (next.get(key) ?? -1)) next.set(key, value);
      }
    }
    layer = next;
  }
  let best = 0;
  for (const [state, total] of layer) best = Math.max(best, finalScore(short, long, total, state >> 1, (state & 1) === 1));
  return best;
}

/** The token list as is, and with vowel-less clusters split into initials (`KS RAO` -> `K S RAO`) when there are any. */
function readings(tokens: string[]): Token[][] {
  const plain = tokens.map(toToken);
  if (!tokens.some(isInitialCluster)) return [plain];
  return [plain, tokens.flatMap((t) => (isInitialCluster(t) ? [...t] : [t])).map(toToken)];
}

/**
 * Similarity of two Indian names in [0, 1], symmetric, rounded to 3 decimals. 1 means the same
 * tokens after normalization (any order, any spacing); 0 means nothing in common or an empty name.
 *
 * Calibration (see name-match.test.ts for the table): exact or reordered 1; spacing
 * (`VENKATA RAMANA`/`VENKATARAMANA`) 1; variants (`MOHD`/`MOHAMMED`) ~0.98; transliteration
 * (`SHARMA`/`SARMA`) ~0.96; initials (`R. KUMAR`/`RAVI KUMAR`) ~0.92; a dropped middle name ~0.92;
 * a truncated given name (`RAVI KUMAR`/`RAVINDRA KUMAR`) ~0.77 (below 0.8: a different recorded
 * name, left to a reviewer); a shared surname only (`RAVI KUMAR`/`AMIT KUMAR`) 0.5.
 */
export function nameMatchScore(a: string, b: string): number {
  const ta = normalizeName(a);
  const tb = normalizeName(b);
  if (!ta.length || !tb.length) return 0;
  if (ta.join("") === tb.join("")) return 1;
  let best = 0;
  for (const ra of readings(ta)) {
    for (const rb of readings(tb)) {
      const ma = mergeSpacing(ra, rb);
      const mb = mergeSpacing(rb, ma);
      best = Math.max(best, alignScore(ma, mb), alignScore(ra, rb));
    }
  }
  return Math.round(Math.min(1, best) * 1000) / 1000;
}

/**
 * Decides whether two names belong to the same person or business.
 * @param threshold minimum score to match, default 0.8 (`NAME_MATCH_THRESHOLD`).
 * @returns `{ score, match }` with `score` from `nameMatchScore`.
 */
export function nameMatch(a: string, b: string, threshold: number = NAME_MATCH_THRESHOLD): NameMatchResult {
  const score = nameMatchScore(a, b);
  return { score, match: score >= threshold };
}
