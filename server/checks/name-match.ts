/**
 * Comparison of Indian personal and business names, as registries return them (PAN / NSDL,
 * GSTN legal names, bank account holders) against what an applicant typed. The score decides
 * the name part of `in.pan.verify`, `in.gstin.verify` and `in.bank_account.verify` (sandbox and
 * live providers), the KYB registry-name cross-check and the `names_differ` decision rule.
 *
 * What the score means (`nameMatch` verdicts, thresholds below):
 * - `match`, score >= 0.8 (`NAME_MATCH_THRESHOLD`): the same name written another way: case,
 *   punctuation, honorifics, token order, spacing, a relation clause (`S/O ...`), a dropped middle
 *   name or legal-form word, a known variant (`MOHD`/`MOHAMMED`, `KR`/`KUMAR`), a transliteration
 *   (`SHARMA`/`SARMA`, `LAKSHMI`/`LAXMI`, `RAJINDER`/`RAJENDRA`), or initials consistent with the
 *   full name (`R. KUMAR`/`RAVI KUMAR`, ~0.885: the lowest part of the band; kept a match
 *   because initials are how many Indian names are recorded, e.g. `K. S. RAO`).
 * - review band, 0.6 <= score < 0.8 (`NAME_REVIEW_THRESHOLD`): not a match, but consistent in
 *   part; a reviewer with the documents decides: a short form of the given name
 *   (`RAVI`/`RAVINDRA`, `AMIT`/`AMITABH`), a single name against a longer one (`ANJALI` /
 *   `ANJALI SHARMA`), only low-information tokens in common (`MOHAMMED KHAN` / `MOHAMMED IRFAN
 *   KHAN`), a differing low-information token (`RAVI KUMAR`/`RAVI SINGH`).
 * - `no_match`, score < 0.6: different names: another given name (`SANJAY`/`SANJEEV`,
 *   `RAMESH`/`RAKESH`, `IRFAN`/`IMRAN`), a gender-marked pair (`KUMAR`/`KUMARI`, `AMIT`/`AMITA`),
 *   initials only (`R K`/`RAVI KUMAR`), other surname (`PRIYA SHARMA`/`PRIYA VERMA`).
 *
 * Pipeline:
 * 1. Normalize (`normalizeName`): diacritics folded, upper case, a relation clause dropped
 *    (`S/O RAMESH`, `D/O`, `W/O`, `C/O`, `SON OF ...`: the rest is a parent's or spouse's name),
 *    punctuation to spaces (`R.KUMAR` -> `R KUMAR`), apostrophes removed (`D'SOUZA`), leading
 *    honorifics (`MR`, `SMT`, `SHRI`, `KUMARI`, `DR`, `LATE`, `M/S`...) and trailing suffixes
 *    (`JR`, `SR`) dropped, business abbreviations expanded (`PVT` -> `PRIVATE`). Only Latin
 *    script is compared: a name in Devanagari normalizes to nothing and scores 0.
 * 2. Tokens are compared pairwise by explicit rules (`tokenSimilarity`), never by a generic
 *    string distance: distinct given names are usually one consonant apart (`RAMESH`/`RAKESH`,
 *    `ROHIT`/`MOHIT`), so only the edits that Indian names take in Latin script count as the same
 *    name (`variantEdit`, `trailingVowel`).
 * 3. Spacing: adjacent tokens on one side are merged when their concatenation matches a token
 *    of the other side (`VENKATA RAMANA` / `VENKATARAMANA`).
 * 4. Alignment: the shorter name's tokens are assigned to distinct tokens of the longer one, in
 *    any order, maximizing the final score. Each pair counts with the weight of its more
 *    informative token (`LOW_INFORMATION` tokens such as `KUMAR`, `SINGH`, `DEVI`, `KHAN`,
 *    `MOHAMMED` weigh 0.3, other names 1), so a wrong given name fails even when the common
 *    tokens agree. Tokens of the longer name left over are dropped middle names and cost a little.
 * 5. Guards (caps): only initials agree (0.5); a gender-marked pair (0.5); a single name against
 *    a longer one (0.7); no informative token agrees although there is one (0.65).
 */

/** Result of `nameMatch`: `score` in [0, 1] (1 = same tokens), `match` = score >= threshold, `verdict` its band. */
export interface NameMatchResult {
  score: number;
  match: boolean;
  /** `match` (score >= threshold), `review` (below, but >= 0.6: a reviewer decides), `no_match`. */
  verdict: NameVerdict;
}

export type NameVerdict = "match" | "review" | "no_match";

/** The default decision threshold of `nameMatch` (scores at or above it match). */
export const NAME_MATCH_THRESHOLD = 0.8;

/** Lower end of the review band: scores in [0.6, threshold) are close but not the same name. */
export const NAME_REVIEW_THRESHOLD = 0.6;

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

/**
 * Spelling variants of one name (same person): scored just below an exact token. Each group's
 * first entry is canonical. Variants that follow a rule (transliteration, schwa) need no entry.
 */
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
  ["CHAUDHARY", "CHAUDHARI", "CHAUDHRY", "CHAUDHURI", "CHOUDHARY", "CHOUDHARI", "CHOUDHURY", "CHOUDHURI", "CHOWDHURY", "CHOWDHARY", "CHODHARY"],
  ["GOPAL", "GOPALA"],
  ["DUTTA", "DATTA", "DUTT", "DATT"],
  ["ROY", "RAY"],
  ["PANDEY", "PANDE", "PANDAY"],
  ["DUBEY", "DUBE"],
  ["CHAUBEY", "CHOUBEY", "CHAUBE"],
  ["UPADHYAY", "UPADHYAYA", "UPADHAYAY", "UPADHYA"],
  ["NAIDU", "NAYUDU"],
  ["IYER", "AIYER", "AIYAR", "AYYAR"],
  ["IYENGAR", "AYYANGAR", "IYANGAR"],
];

const VARIANT_OF = new Map<string, string>(VARIANT_GROUPS.flatMap((group) => group.map((name) => [name, group[0]!] as [string, string])));

/**
 * Tokens that many unrelated Indian names share (caste, gender and religious name parts, common
 * surnames used as middle names): agreeing on them says little about identity, so they weigh
 * `LOW_WEIGHT` in the alignment. Matched by transliteration skeleton and variant group.
 */
const LOW_INFORMATION = [
  "KUMAR",
  "KUMARI",
  "SINGH",
  "DEVI",
  "KHAN",
  "MOHAMMAD",
  "KAUR",
  "BAI",
  "LAL",
  "PRASAD",
  "CHAND",
  "BEGUM",
  "BANO",
  "BIBI",
  "BEN",
  "BHAI",
  "SHAIKH",
  "SYED",
  "ABDUL",
];

/** Weight of a low-information token, an initial or a legal-form word (a full name token weighs 1). */
const LOW_WEIGHT = 0.3;

type TokenKind = "initial" | "weak" | "low" | "full";

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
 * `GEETHA`/`GITA`, `SREENIVAS`/`SRINIVAS`, `GOURAV`/`GAURAV`, `VIJAY`/`VIJAI`,
 * `PHOOL`/`FUL`, `RAJINDER`/`RAJENDRA`/`RAJENDER`): x/ks, q/k, w/v, z/j, ph/f, ee/i, oo/u,
 * au/ou/o, an aspirate h dropped (bh dh gh jh kh sh th), doubled letters once, final y/i,
 * and the Punjabi `-INDER` for the Sanskrit `-ENDRA`.
 */
function skeleton(token: string): string {
  return token
    .replace(/X/g, "KS")
    .replace(/Q/g, "K")
    .replace(/W/g, "V")
    .replace(/Z/g, "J")
    .replace(/PH/g, "F")
    .replace(/EE/g, "I")
    .replace(/OO/g, "U")
    .replace(/(AU|OU)/g, "O")
    .replace(/([BDGJKPST])H/g, "$1")
    .replace(/(.)\1+/g, "$1")
    .replace(/Y$/, "I")
    .replace(/(?<=[A-Z]{2})[EI]ND(?:RA|ER|AR)$/, "INDR");
}

const LOW_SKELETONS = new Set(LOW_INFORMATION.map(skeleton));

function toToken(text: string): Token {
  const kind: TokenKind =
    text.length === 1 ? "initial" : WEAK_WORDS.has(text) ? "weak" : LOW_SKELETONS.has(skeleton(VARIANT_OF.get(text) ?? text)) ? "low" : "full";
  return { text, skeleton: skeleton(text), kind };
}

/** Alignment weight of a token (see `LOW_INFORMATION`). */
const weight = (t: Token) => (t.kind === "full" ? 1 : LOW_WEIGHT);

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

/** Vowel pairs that spell one sound in Indian names (`RAJINDER`/`RAJENDER`, `MOHAMMAD`/`MUHAMMAD`, `RAHMAN`/`REHMAN`). */
const VOWEL_SWAPS = new Set(["EI", "IE", "OU", "UO", "AE", "EA"]);

/**
 * True when two spellings (skeletons, or the tokens as written) differ by one edit that Indian
 * names take between spellings of the same name; the shorter has at least 4 letters (in a short
 * name one edit makes another name):
 * - an inner vowel swapped within `VOWEL_SWAPS` (not the first or last letter);
 * - `B` for `V` (Bengali and Odia: `RABI`/`RAVI`, `BIJAY`/`VIJAY`);
 * - an inner `A` inserted (Hindi schwa: `KAMLA`/`KAMALA`, `SHIVKUMAR`/`SHIVAKUMAR`);
 * - two adjacent letters swapped, 5+ letters (`PRAMOD`/`PARMOD`, a typing slip);
 * - Tamil final `N` after `A`, 5+ letters (`SRINIVASA`/`SRINIVASAN`) or `-AN`/`-AM`, 7+
 *   letters (`SUBRAMANIAN`/`SUBRAMANIAM`);
 * - a plural `S` on a 6+ letter word (`ENTERPRISE`/`ENTERPRISES`).
 * Consonant changes (`RAMESH`/`RAKESH`), a first or last letter changed and vowels of
 * different quality (`KARAN`/`KIRAN`, `RAHUL`/`RAHIL`) are different names.
 */
function variantEdit(a: string, b: string): boolean {
  const [x, y] = a.length <= b.length ? [a, b] : [b, a];
  if (x.length < 4) return false;
  if (x.length === y.length) {
    const diff = [...x].flatMap((c, i) => (c === y[i] ? [] : [i]));
    if (diff.length === 1) {
      const i = diff[0]!;
      const pair = x[i]! + y[i]!;
      if (VOWEL_SWAPS.has(pair)) return i > 0 && i < x.length - 1;
      if (pair === "BV" || pair === "VB") return true;
      return i === x.length - 1 && x.length >= 7 && x[i - 1] === "A" && (pair === "NM" || pair === "MN");
    }
    const [i, j] = diff;
    return diff.length === 2 && x.length >= 5 && j === i! + 1 && x[i!] === y[j] && x[j] === y[i!];
  }
  if (y.length !== x.length + 1) return false;
  let k = 0;
  while (k < x.length && x[k] === y[k]) k++;
  if (x.slice(k) !== y.slice(k + 1)) return false;
  const inserted = y[k];
  if (k < x.length) return inserted === "A" && k > 0;
  return (inserted === "N" && x.endsWith("A") && x.length >= 5) || (inserted === "S" && x.length >= 6);
}

/**
 * Endings after which a final `A` is the silent schwa of the same name (`RAM`/`RAMA`,
 * `SHIV`/`SHIVA`, `KRISHN`/`KRISHNA`, `LAKSHMAN`/`LAKSHMANA`, `KUMAR`/`KUMARA`, `RAJ`/`RAJA`,
 * `GOVIND`/`GOVINDA`, and the Kannada and Telugu habit of `RAMESHA`, `MANJUNATHA`, `PRAKASHA`),
 * on skeletons.
 */
const SCHWA_ENDINGS = /(?:ES|AS|AT|AM|IV|EV|SN|AN|AR|AJ|IND)$/;

/**
 * How two skeletons differ at their end, when that is all they differ in:
 * - `schwa`: a final `A` after a `SCHWA_ENDINGS` ending (`RAM`/`RAMA`): the same name;
 * - `gender`: a final `I` added (`KUMAR`/`KUMARI`, `DEV`/`DEVI`), a final `A` after another
 *   ending (`AMIT`/`AMITA`, `MANISH`/`MANISHA`, `LALIT`/`LALITA`: the feminine of a Hindi
 *   name) or `A` against `I` (`DEVA`/`DEVI`): a different person's name.
 */
function trailingVowel(a: string, b: string): "schwa" | "gender" | null {
  const [x, y] = a.length <= b.length ? [a, b] : [b, a];
  if (x.length < 3) return null;
  if (y.length === x.length + 1 && y.startsWith(x) && !/[AEIOU]$/.test(x)) {
    if (y.endsWith("I")) return "gender";
    if (y.endsWith("A")) return SCHWA_ENDINGS.test(x) ? "schwa" : "gender";
  }
  if (x.length === y.length && x.slice(0, -1) === y.slice(0, -1) && [x.at(-1), y.at(-1)].sort().join("") === "AI") return "gender";
  return null;
}

/** A name cut short: the shorter skeleton (3+ letters) begins the longer one, 2+ letters longer (`RAVI`/`RAVINDRA`, `AMIT`/`AMITABH`). */
function truncated(a: string, b: string): boolean {
  const [x, y] = a.length <= b.length ? [a, b] : [b, a];
  return x.length >= 3 && y.length >= x.length + 2 && y.startsWith(x);
}

/**
 * Similarity of two normalized tokens, in [0, 1], by rule:
 * 1 exact; 0.96 known variant (`MOHD`/`MOHAMMED`); 0.93 same transliteration skeleton
 * (`SHARMA`/`SARMA`); 0.9 silent schwa (`RAM`/`RAMA`); 0 gender-marked pair (`KUMAR`/`KUMARI`);
 * 0.88 one spelling edit (`variantEdit`: `RAJINDER`/`RAJENDER`, `KAMLA`/`KAMALA`); 0.85 initial
 * or abbreviation (`R`/`RAVI`, `PD`/`PRASAD`); 0.5 a truncated name (`RAVI`/`RAVINDRA`: review
 * level); else 0. Distinct given names get nothing for a common prefix (`AMIT`/`AMITABH` is a
 * truncation at most, `SANJAY`/`SANJEEV` 0).
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
  const tail = trailingVowel(a.skeleton, b.skeleton);
  if (tail) return tail === "schwa" ? 0.9 : 0;
  if (isAbbreviation(a.text, b.text) || isAbbreviation(b.text, a.text)) return 0.85;
  if (variantEdit(a.skeleton, b.skeleton) || variantEdit(a.text, b.text)) return 0.88;
  return truncated(a.skeleton, b.skeleton) ? 0.5 : 0;
}

/** Two full tokens whose only difference marks gender (`KUMAR`/`KUMARI`, `AMIT`/`AMITA`). */
function genderPair(a: Token, b: Token): boolean {
  if (a.kind === "initial" || b.kind === "initial" || a.text === b.text) return false;
  const va = VARIANT_OF.get(a.text);
  return !(va && va === VARIANT_OF.get(b.text)) && a.skeleton !== b.skeleton && trailingVowel(a.skeleton, b.skeleton) === "gender";
}

/** Cost of leaving one token of the longer name unmatched (a dropped middle name). */
const DROP_PENALTY: Record<TokenKind, number> = { full: 0.08, low: 0.04, weak: 0.02, initial: 0.03 };

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

/** One token of the shorter name assigned to one of the longer name, with their similarity. */
interface Pair {
  s: Token;
  l: Token;
  sim: number;
}

/**
 * Final score of one assignment: the weighted mean similarity of its pairs (each weighing as its
 * more informative token), minus the dropped tokens of the longer name, with the guards of the
 * file comment.
 */
function finalScore(short: Token[], long: Token[], pairs: Pair[], used: boolean[]): number {
  let num = 0;
  let den = 0;
  for (const p of pairs) {
    const w = Math.max(weight(p.s), weight(p.l));
    num += w * p.sim;
    den += w;
  }
  let penalty = 0;
  let droppedFull = false;
  long.forEach((t, j) => {
    if (used[j]) return;
    penalty += DROP_PENALTY[t.kind];
    if (t.kind === "full" || t.kind === "low") droppedFull = true;
  });
  let score = (num / den) * Math.max(0, 1 - penalty);
  const named = (t: Token) => t.kind === "full" || t.kind === "low";
  // Only initials (or legal-form words) agree: `R K` vs `RAVI KUMAR`.
  if (!pairs.some((p) => p.sim >= 0.8 && named(p.s) && named(p.l))) score = Math.min(score, 0.5);
  // A gender-marked pair: `RAVI KUMAR` vs `RAVI KUMARI`.
  if (pairs.some((p) => genderPair(p.s, p.l))) score = Math.min(score, 0.5);
  // A single name against a longer one: `ANJALI` vs `ANJALI SHARMA`.
  if (short.filter(named).length <= 1 && droppedFull) score = Math.min(score, 0.7);
  // Informative tokens exist but none agrees (an initial of one counts): `MOHAMMED KHAN` vs `MOHAMMED IRFAN KHAN`.
  const informative = [...short, ...long].some((t) => t.kind === "full");
  if (informative && !pairs.some((p) => p.sim >= 0.8 && (p.s.kind === "full" || p.l.kind === "full"))) score = Math.min(score, 0.65);
  return score;
}

/** Largest number of assignments searched exhaustively (8 tokens against 8); longer names are aligned greedily. */
const MAX_ASSIGNMENTS = 40_320;

/** Best final score over assignments of the shorter side's tokens to distinct tokens of the longer side. */
function alignScore(a: Token[], b: Token[]): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (!short.length) return 0;
  const sims = short.map((s) => long.map((l) => tokenSimilarity(s, l)));
  const used = new Array<boolean>(long.length).fill(false);
  const pairs: Pair[] = [];
  let assignments = 1;
  for (let i = 0; i < short.length; i++) assignments *= long.length - i;
  if (assignments > MAX_ASSIGNMENTS) {
    // Greedy for unusually long names: the most informative similar pairs first.
    const cand = sims.flatMap((row, i) => row.map((sim, j) => ({ i, j, v: sim * Math.max(weight(short[i]!), weight(long[j]!)) }))).sort((x, y) => y.v - x.v);
    const done = new Set<number>();
    for (const { i, j } of cand) {
      if (done.has(i) || used[j]) continue;
      done.add(i);
      used[j] = true;
      pairs.push({ s: short[i]!, l: long[j]!, sim: sims[i]![j]! });
    }
    return finalScore(short, long, pairs, used);
  }
  let best = 0;
  const assign = (i: number) => {
    if (i === short.length) {
      best = Math.max(best, finalScore(short, long, pairs, used));
      return;
    }
    for (let j = 0; j < long.length; j++) {
      if (used[j]) continue;
      used[j] = true;
      pairs.push({ s: short[i]!, l: long[j]!, sim: sims[i]![j]! });
      assign(i + 1);
      pairs.pop();
      used[j] = false;
    }
  };
  assign(0);
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
 * Bands and examples: the file comment; the table of Indian name pairs: name-match.test.ts.
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
 * @returns `{ score, match, verdict }` with `score` from `nameMatchScore`; `verdict` is `review`
 *   for scores in [min(threshold, 0.6), threshold).
 */
export function nameMatch(a: string, b: string, threshold: number = NAME_MATCH_THRESHOLD): NameMatchResult {
  const score = nameMatchScore(a, b);
  const verdict: NameVerdict = score >= threshold ? "match" : score >= Math.min(threshold, NAME_REVIEW_THRESHOLD) ? "review" : "no_match";
  return { score, match: verdict === "match", verdict };
}
