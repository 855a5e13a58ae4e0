/**
 * Name tokens and keys for sanctions and PEP screening: the same person written in Latin,
 * Devanagari or Arabic script, with Indian and Arabic-origin transliterations, honorifics,
 * initials and any token order, reduced to tokens that compare cheaply.
 *
 * Pipeline of `screeningTokens(raw)`:
 * 1. Script: Devanagari and Arabic/Urdu letters are transliterated to Latin (`transliterate`);
 *    other scripts are dropped (a name written only in them gives no tokens).
 * 2. `normalizeName` of the name matcher (server/checks/name-match.ts): diacritics, case,
 *    punctuation, relation clauses (`S/O`), leading honorifics, suffixes, business abbreviations.
 * 3. Arabic name structure: `ABDUL`/`ABDEL`/`ABDUR` and their joined forms (`ABDULAZIZ`,
 *    `ABDURRAHMAN`) become `ABD` + name; articles (`AL`, `EL`, `UL`, `UD`...) and patronymic
 *    connectors (`BIN`, `IBN`, `BINT`; `BEN` and the izafat `E` between two tokens) are dropped; a
 *    token with an attached article (`ALZAWAHIRI`, `ZIAUL`) also keeps its bare form as an alternative.
 * 4. Each token gets a kind (`full`; `initial`; `title` for titles such as `HAJI`, `MAULANA`,
 *    `HAFIZ`, `SYED`, `GENERAL` and the bound prefixes `ABD`, `ABU`, `UMM`; `weak` for legal-form
 *    words), whether it is a very common name part (`SINGH`, `KUMAR`, `MUHAMMAD`), the canonical
 *    spelling of its variant group if it has one (`MOHD`/`MUHAMMED` -> `MUHAMMAD`) and a phonetic
 *    key (`phoneticKey`).
 *
 * `tokenSimilarity` compares two tokens by tiers; `blockingKeys` gives the keys an index files a
 * token under so that variants and one-letter typos of it meet (server/screening/screening-index.ts).
 */
import jaroWinkler from "talisman/metrics/jaro-winkler";
import { normalizeName } from "../checks/name-match";

/** Devanagari consonants (U+0915–U+0939 and the nukta forms U+0958–U+095F), without their inherent vowel. */
const DEVANAGARI_CONSONANTS: Record<string, string> = {
  क: "K",
  ख: "KH",
  ग: "G",
  घ: "GH",
  ङ: "N",
  च: "CH",
  छ: "CHH",
  ज: "J",
  झ: "JH",
  ञ: "N",
  ट: "T",
  ठ: "TH",
  ड: "D",
  ढ: "DH",
  ण: "N",
  त: "T",
  थ: "TH",
  द: "D",
  ध: "DH",
  न: "N",
  प: "P",
  फ: "PH",
  ब: "B",
  भ: "BH",
  म: "M",
  य: "Y",
  र: "R",
  ल: "L",
  ळ: "L",
  व: "V",
  श: "SH",
  ष: "SH",
  स: "S",
  ह: "H",
  "\u0958": "Q",
  "\u0959": "KH",
  "\u095A": "GH",
  "\u095B": "Z",
  "\u095C": "R",
  "\u095D": "RH",
  "\u095E": "F",
  "\u095F": "Y",
};
/** A consonant followed by the nukta sign (U+093C), as in decomposed text. */
const DEVANAGARI_NUKTA: Record<string, string> = { K: "Q", KH: "KH", G: "GH", J: "Z", D: "R", DH: "RH", PH: "F" };
const DEVANAGARI_VOWELS: Record<string, string> = {
  अ: "A",
  आ: "A",
  इ: "I",
  ई: "I",
  उ: "U",
  ऊ: "U",
  ऋ: "RI",
  ए: "E",
  ऐ: "AI",
  ओ: "O",
  औ: "AU",
  ऑ: "O",
};
const DEVANAGARI_MATRAS: Record<string, string> = {
  "\u093E": "A",
  "\u093F": "I",
  "\u0940": "I",
  "\u0941": "U",
  "\u0942": "U",
  "\u0943": "RI",
  "\u0947": "E",
  "\u0948": "AI",
  "\u094B": "O",
  "\u094C": "AU",
  "\u0949": "O",
  "\u0945": "E",
};
const VIRAMA = "\u094D";
const NUKTA = "\u093C";

/** One Devanagari syllable: a consonant (or none, for an independent vowel) and its vowel (`null`: virama). */
interface Akshara {
  consonant: string;
  vowel: string | null;
  /** the vowel is the consonant's inherent `A` (no vowel sign written) */
  inherent: boolean;
}

/**
 * Devanagari to Latin: a consonant carries an inherent `A` unless a vowel sign or the virama
 * follows. Schwa deletion as Hindi pronounces it: after a vowel, a word's final inherent `A` is
 * dropped (kept after a conjunct: `नरेन्द्र` -> `NARENDRA`), and a medial one before a consonant
 * that has a vowel of its own (`असलम` -> `ASLAM`,
 * `अजमल` -> `AJMAL`, `राजेश` -> `RAJESH`, `मोहम्मद` -> `MOHAMMAD`). Anusvara and chandrabindu -> `N`,
 * visarga -> `H`; other signs are dropped.
 */
function devanagariToLatin(text: string): string {
  const syllables: Akshara[] = [];
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    let consonant = DEVANAGARI_CONSONANTS[c];
    if (consonant !== undefined) {
      if (chars[i + 1] === NUKTA) {
        consonant = DEVANAGARI_NUKTA[consonant] ?? consonant;
        i++;
      }
      const next = chars[i + 1];
      if (next === VIRAMA) {
        syllables.push({ consonant, vowel: null, inherent: false });
        i++;
      } else if (next !== undefined && DEVANAGARI_MATRAS[next] !== undefined) {
        syllables.push({ consonant, vowel: DEVANAGARI_MATRAS[next]!, inherent: false });
        i++;
      } else syllables.push({ consonant, vowel: "A", inherent: true });
    } else if (DEVANAGARI_VOWELS[c] !== undefined) syllables.push({ consonant: "", vowel: DEVANAGARI_VOWELS[c]!, inherent: false });
    else if (c === "\u0902" || c === "\u0901") syllables.push({ consonant: "N", vowel: null, inherent: false });
    else if (c === "\u0903") syllables.push({ consonant: "H", vowel: null, inherent: false });
  }
  const last = syllables.length - 1;
  syllables.forEach((s, i) => {
    if (!s.inherent || i === 0) return;
    const prevHasVowel = syllables[i - 1]!.vowel !== null;
    const next = syllables[i + 1];
    const medial = next !== undefined && next.consonant !== "" && next.vowel !== null && !(i + 1 === last && next.inherent);
    if (prevHasVowel && (i === last || medial)) s.vowel = null;
  });
  return syllables.map((s) => s.consonant + (s.vowel ?? "")).join("");
}

/**
 * Arabic-script letters (Arabic, Persian, Urdu) to Latin. Short vowels are not written in the
 * script, so `محمد` gives `MHMD`: the phonetic key (vowels dropped) is what meets `MUHAMMAD`.
 * `ا ع و ي` start a word as `A A W Y` and are vowels (`A`, nothing, `U`, `I`) inside it.
 */
const ARABIC_LETTERS: Record<string, string> = {
  ب: "B",
  ت: "T",
  ث: "TH",
  ج: "J",
  ح: "H",
  خ: "KH",
  د: "D",
  ذ: "DH",
  ر: "R",
  ز: "Z",
  س: "S",
  ش: "SH",
  ص: "S",
  ض: "D",
  ط: "T",
  ظ: "Z",
  غ: "GH",
  ف: "F",
  ق: "Q",
  ك: "K",
  ل: "L",
  م: "M",
  ن: "N",
  ه: "H",
  ة: "A",
  ى: "A",
  أ: "A",
  إ: "I",
  آ: "A",
  ٱ: "A",
  ء: "",
  ئ: "I",
  ؤ: "U",
  پ: "P",
  چ: "CH",
  ژ: "ZH",
  ک: "K",
  گ: "G",
  ی: "I",
  ے: "E",
  ٹ: "T",
  ڈ: "D",
  ڑ: "R",
  ں: "N",
  ہ: "H",
  ھ: "H",
  ۃ: "A",
};
const ARABIC_WORD_START: Record<string, string> = { ا: "A", ع: "A", و: "W", ي: "Y", ی: "Y" };
const ARABIC_INSIDE: Record<string, string> = { ا: "A", ع: "", و: "U", ي: "I" };

function arabicToLatin(text: string): string {
  let out = "";
  let inWord = false;
  for (const c of text) {
    const mapped = (inWord ? ARABIC_INSIDE[c] : ARABIC_WORD_START[c]) ?? ARABIC_INSIDE[c] ?? ARABIC_LETTERS[c];
    if (mapped !== undefined) out += mapped;
    else if (c >= "\u0660" && c <= "\u0669") out += String(c.charCodeAt(0) - 0x0660);
    else if (c >= "\u06F0" && c <= "\u06F9") out += String(c.charCodeAt(0) - 0x06f0);
    else if (!(c >= "\u0600" && c <= "\u06FF")) out += c; // harakat, tatweel and other signs are dropped
    if (mapped !== undefined) inWord = true;
    else if (!(c >= "\u0600" && c <= "\u06FF")) inWord = false;
  }
  return out;
}

/** `raw` with its Devanagari and Arabic-script runs written in Latin letters; everything else unchanged. */
export function transliterate(raw: string): string {
  return raw
    .replace(/[\u0900-\u0963\u0970-\u097F]+/g, devanagariToLatin)
    .replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966))
    .replace(/[\u0600-\u06FF]+/g, arabicToLatin);
}

/**
 * Spelling variants of one name, scored as near-equal (0.98); each group's first entry is canonical.
 * Two tokens in *different* groups are different names even when their phonetic keys collide
 * (`MAHMUD`/`MUHAMMAD` both key `MHMD`, `HASAN`/`HUSAYN` both `HSN`).
 */
const VARIANT_GROUPS: readonly string[][] = [
  [
    "MUHAMMAD",
    "MOHAMMAD",
    "MOHAMMED",
    "MOHAMED",
    "MOHAMAD",
    "MOHAMMOD",
    "MUHAMMED",
    "MUHAMAD",
    "MUHAMED",
    "MOHMAD",
    "MOHMED",
    "MOHD",
    "MD",
    "MHD",
    "MOHAMMEED",
    "MEHMET",
    "MEHMED",
    "MUHAMMET",
    "MHMD",
  ],
  ["AHMAD", "AHMED", "AHMET", "AHMAT", "AHAMED", "AHAMAD"],
  ["MAHMUD", "MAHMOUD", "MAHMOOD", "MEHMOOD", "MEHMUD", "MAHMOD", "MAHAMOOD"],
  ["HUSAYN", "HUSSAIN", "HUSSEIN", "HUSAIN", "HOSSEIN", "HUSEIN", "HOSEIN", "HUSSEN", "HOSAIN", "HOSSAIN", "HUSSAYN"],
  ["HASAN", "HASSAN", "HASEN", "HASSEN"],
  ["ABDULLAH", "ABDALLAH", "ABDULLA", "ABDALLA", "ABDOULLAH", "ABDULAH", "ABDULLAHI", "ABDALAH"],
  ["DAWUD", "DAWOOD", "DAUD", "DAOOD", "DAVOOD", "DAWOUD", "DAOUD", "DAWOD"],
  ["YUSUF", "YOUSUF", "YOUSEF", "YUSSUF", "YOUSSEF", "YUSEF", "YOUSAF", "YUSOF", "YOUSOF", "YOSEF"],
  ["IBRAHIM", "IBRAHEEM", "EBRAHIM", "IBRAHEM", "EBRAHEEM", "IBRAHIEM"],
  ["USAMA", "OSAMA", "OUSAMA", "USAMAH", "OSAMAH"],
  ["UMAR", "OMAR", "OMER", "UMER"],
  ["USMAN", "OSMAN", "OTHMAN", "UTHMAN", "USMAAN", "OSMANE"],
  ["SHAYKH", "SHAIKH", "SHEIKH", "SHAIK", "SHEKH", "SHEK", "SK", "SHEIK"],
  ["KUMAR", "KR", "KMR"],
  ["PRASAD", "PD", "PRASHAD"],
  ["CHANDRA", "CHANDER", "CHANDAR", "CHANDRE"],
  ["NARAYAN", "NARAYANA", "NARAYANAN"],
  ["VENKAT", "VENKATA"],
  ["KRISHNA", "KRISHAN", "KISHAN", "KRISHN"],
];
const VARIANT_OF = new Map<string, string>(VARIANT_GROUPS.flatMap((group) => group.map((name) => [name, group[0]!] as [string, string])));

/** Articles and patronymic connectors: carry no identity, dropped (`AL QAIDA`, `OSAMA BIN LADIN`). */
const ARTICLES = new Set(["AL", "EL", "UL", "UD", "UR", "US", "AS", "AD", "AZ", "AN", "AT", "AR", "ED", "ES", "ER", "EZ"]);
const CONNECTORS = new Set(["BIN", "IBN", "BINT", "BINTI", "BINTE", "BN", "ABN", "BNT", "WALAD", "OULD"]);
/** Dropped between two tokens only: `BEN` (`BEN SMITH` is a given name) and the Urdu izafat `E`/`I` (`LASHKAR E TAYYIBA`). */
const CONNECTORS_INSIDE = new Set(["BEN", "BENT", "E", "I"]);

/**
 * Titles that listed names carry (`HAJI`, `MAULANA`, `MULLAH`, `GENERAL`, `HAFIZ` one who knows
 * the Quran by heart, `SYED` a lineage) and prefixes bound to the name that follows (`ABD`
 * servant of, `ABU` father of, `UMM` mother of): kept and paired, but weighed little.
 */
const TITLES = new Set([
  "HAJI",
  "HAJJI",
  "HADJI",
  "ALHAJ",
  "ALHAJI",
  "HAJ",
  "MAULANA",
  "MOULANA",
  "MAWLANA",
  "MAULVI",
  "MOULVI",
  "MAWLAWI",
  "MAWLAVI",
  "MAULAVI",
  "MULLAH",
  "MULLA",
  "MUFTI",
  "QARI",
  "IMAM",
  "HAFIZ",
  "HAFEEZ",
  "HAFEZ",
  "SYED",
  "SAYYID",
  "SAYYED",
  "SAYED",
  "SAIYED",
  "SAIYID",
  "SYYED",
  "GENERAL",
  "GEN",
  "LIEUTENANT",
  "LT",
  "COLONEL",
  "BRIGADIER",
  "BRIG",
  "MAJOR",
  "CAPTAIN",
  "COMMANDER",
  "CDR",
  "ADMIRAL",
  "MARSHAL",
  "SERGEANT",
  "SGT",
  "DOCTOR",
  "ENGINEER",
  "ENG",
  "USTAD",
  "USTADH",
  "JANAB",
  "ABD",
  "ABU",
  "ABOU",
  "UMM",
]);

/**
 * Name parts so frequent that they do not tell people apart (`SINGH`, `KUMAR`, `DEVI`,
 * `MUHAMMAD`, `KHAN`, `ALI`): paired and weighed like any name, but a name whose only distinctive
 * part is one token is "single" for the guards of the name score (`PARAMJIT SINGH` against
 * `PARAMJIT SINGH PANJWAR`).
 */
const COMMON_PARTS = new Set([
  "SINGH",
  "KAUR",
  "KUMAR",
  "KUMARI",
  "DEVI",
  "MUHAMMAD",
  "AHMAD",
  "KHAN",
  "ALI",
  "BEGUM",
  "BIBI",
  "KHATUN",
  "BANO",
  "LAL",
  "RAM",
  "CHAND",
  "PRASAD",
  "BAI",
  "BEN",
  "BHAI",
  "SHAYKH",
]);

/** Legal-form and filler words of entity names (`LIMITED`, `TRUST`, `COMPANY`): kept, weighed little. */
const WEAK_WORDS = new Set([
  "PRIVATE",
  "LIMITED",
  "LLP",
  "LLC",
  "INC",
  "CORPORATION",
  "COMPANY",
  "CO",
  "AND",
  "OF",
  "THE",
  "GROUP",
  "HOLDING",
  "HOLDINGS",
  "TRADING",
  "ORGANIZATION",
  "ORGANISATION",
  "FOUNDATION",
  "TRUST",
  "SOCIETY",
  "ASSOCIATION",
  "FRONT",
  "FORCE",
  "FORCES",
  "MOVEMENT",
  "ARMY",
  "PARTY",
  "INTERNATIONAL",
  "OPC",
  "SA",
  "SARL",
  "GMBH",
  "JSC",
  "OOO",
  "PJSC",
]);

export type TokenKind = "full" | "initial" | "title" | "weak";

/** One normalized name token, ready to compare. */
export interface NameToken {
  /** upper-case A–Z and digits */
  text: string;
  kind: TokenKind;
  /** a `full` token too frequent to tell people apart (`COMMON_PARTS`) */
  common: boolean;
  /** written in Arabic script: vowels unwritten, compared by consonant key only */
  abjad: boolean;
  /** canonical spelling of its variant group, or null */
  variant: string | null;
  /** phonetic key (`phoneticKey`) */
  key: string;
  /** the token without an attached article (`ALZAWAHIRI` -> `ZAWAHIRI`, `ZIAUL` -> `ZIA`) */
  alts: NameToken[];
}

const VOWEL_CLASS: Record<string, string> = { A: "A", E: "I", I: "I", O: "U", U: "U" };

/**
 * Phonetic key of one token, robust to how Indian and Arabic-origin names are written in Latin:
 * `PH`->`F`, `Q`->`K`, `C`->`K` (not in `CH`), `X`->`KS`, `W` after a vowel and not before one
 * dropped (`CHOWDHURY`), `W`/`V`->`B` (Bengali `BIKRAM`/`VIKRAM`, `GOBIND`/`GOVIND`), `H` dropped
 * after `K G T D B S C J Z` (`KH`, `SH`, `TH`...) and at the end, doubled letters single, vowels
 * (and `Y`) dropped except the first letter, whose vowel is kept as a class: `A`, `I` (`E`, `I`),
 * `U` (`O`, `U`). `MUHAMMAD`/`MOHAMMED` -> `MHMD`, `OSAMA`/`USAMA` -> `USM`,
 * `CHOWDHURY`/`CHAUDHARY` -> `CDR`, `LAKSHMI`/`LAXMI` -> `LKSM`, `SAEED`/`SAYEED`/`SYED` -> `SD`.
 */
export function phoneticKey(text: string): string {
  const s = text
    .replace(/PH/g, "F")
    .replace(/Q/g, "K")
    .replace(/CK/g, "K")
    .replace(/C(?!H)/g, "K")
    .replace(/X/g, "KS")
    .replace(/([AEIOU])W(?![AEIOUY])/g, "$1")
    .replace(/[WV]/g, "B")
    .replace(/([KGTDBSCJZ])H/g, "$1")
    .replace(/(.)\1+/g, "$1")
    .replace(/(.)H$/, "$1");
  if (!s) return "";
  return (VOWEL_CLASS[s[0]!] ?? s[0]!) + s.slice(1).replace(/[AEIOUY]/g, "");
}

function kindOf(text: string): TokenKind {
  if (text.length === 1) return "initial";
  if (TITLES.has(text)) return "title";
  if (WEAK_WORDS.has(text)) return "weak";
  return "full";
}

/** `ALZAWAHIRI` -> `ZAWAHIRI`; `ZIAUL`, `NASIRUD` -> `ZIA`, `NASIR` (an article attached before or after). */
function altTexts(text: string): string[] {
  if (VARIANT_OF.has(text)) return [];
  const out: string[] = [];
  if (/^(AL|EL)[A-Z]{3,}$/.test(text)) out.push(text.slice(2));
  if (/^[A-Z]{3,}(UL|UR|UD|US|UZ|UN)$/.test(text)) out.push(text.slice(0, -2));
  return out;
}

function makeToken(text: string, abjad: boolean): NameToken {
  const kind = kindOf(text);
  const variant = VARIANT_OF.get(text) ?? null;
  return {
    text,
    kind,
    common: kind === "full" && COMMON_PARTS.has(variant ?? text),
    abjad,
    variant,
    key: phoneticKey(text),
    alts: altTexts(text).map((t) => makeToken(t, abjad)),
  };
}

/** `ABDUL`, `ABDEL`, `ABDUR`... alone, and joined to a name (`ABDULAZIZ`, `ABDURRAHMAN`: the article's consonant assimilated). */
const ABD_ALONE = /^ABD[UEOAI]?[LRSZNDT]?$/;
const ABD_JOINED = /^ABD[UEOAI]?(?:L|([RSZNDT])(?=\1))?([A-Z]{3,})$/;

function splitArabicStructure(tokens: string[]): string[] {
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if ((ARTICLES.has(t) || CONNECTORS.has(t)) && tokens.length > 1) return;
    if (CONNECTORS_INSIDE.has(t) && i > 0 && i < tokens.length - 1) return;
    if (VARIANT_OF.has(t)) return void out.push(t);
    if (ABD_ALONE.test(t)) return void out.push("ABD");
    const joined = ABD_JOINED.exec(t);
    if (joined) return void out.push("ABD", joined[2]!);
    out.push(t);
  });
  return out;
}

/**
 * The screening tokens of a name in any of the supported scripts (see the module comment), e.g.
 * `"Hafiz Muhammad Saeed"` -> HAFIZ, MUHAMMAD, SAEED; `"Abdur-Rahman al-Zawahiri"` -> ABD, RAHMAN,
 * ZAWAHIRI; `"मोहम्मद असलम"` -> MOHAMMAD, ASLAM. Empty for a name with nothing left.
 */
export function screeningTokens(raw: string): NameToken[] {
  const abjad = /[\u0600-\u06FF]/.test(raw);
  return splitArabicStructure(normalizeName(transliterate(raw))).map((t) => makeToken(t, abjad));
}

/**
 * Keys an index files a token under, and looks it up by: its phonetic key, its variant group,
 * and (for keys of 4+ letters) each key with one letter after the first deleted, so that a
 * one-letter typo meets the right spelling (`ASLAN`/`ASLAM` share `ASL`); keys of Arabic-script
 * tokens without their first vowel class. Initials give none. Alternatives (`alts`) add theirs.
 */
export function blockingKeys(token: NameToken): string[] {
  if (token.kind === "initial") return [];
  const keys = new Set<string>([`k:${token.key}`, `a:${consonantKey(token)}`]);
  if (token.variant) keys.add(`v:${token.variant}`);
  if (token.key.length >= 4) for (let i = 1; i < token.key.length; i++) keys.add(`d:${token.key.slice(0, i)}${token.key.slice(i + 1)}`);
  if (token.key.length >= 3) keys.add(`d:${token.key}`);
  for (const alt of token.alts) for (const k of blockingKeys(alt)) keys.add(k);
  return [...keys];
}

/** The key without its leading vowel class (`USM` -> `SM`): Arabic script does not write it. */
function consonantKey(token: NameToken): string {
  return /^[AIU]/.test(token.key) ? token.key.slice(1) : token.key;
}

/** Levenshtein distance, stopping early once it exceeds `max` (returns `max + 1`). */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Similarity tiers of `tokenSimilarity`. */
export const TOKEN_TIERS = { exact: 1, variant: 0.98, phonetic: 0.95, initial: 0.75, typo: 0.7, nearTypo: 0.6 } as const;

function similarityOf(a: NameToken, b: NameToken): number {
  if (a.text === b.text) return TOKEN_TIERS.exact;
  if (a.kind === "initial" || b.kind === "initial") {
    const [short, long] = a.text.length <= b.text.length ? [a, b] : [b, a];
    return short.kind === "initial" && long.kind !== "initial" && long.text.startsWith(short.text) ? TOKEN_TIERS.initial : 0;
  }
  if (a.variant && b.variant) return a.variant === b.variant ? TOKEN_TIERS.variant : 0;
  if (a.abjad !== b.abjad) return consonantKey(a) === consonantKey(b) && consonantKey(a).length >= 2 ? TOKEN_TIERS.phonetic : 0;
  if (a.key === b.key && (a.key.length >= 3 || jaroWinkler(a.text, b.text) >= 0.75)) return TOKEN_TIERS.phonetic;
  if (Math.min(a.text.length, b.text.length) >= 6 && editDistance(a.text, b.text, 1) <= 1) return TOKEN_TIERS.typo;
  if (Math.min(a.key.length, b.key.length) >= 2 && editDistance(a.key, b.key, 1) <= 1 && jaroWinkler(a.text, b.text) >= 0.88) return TOKEN_TIERS.nearTypo;
  return 0;
}

/**
 * Similarity of two tokens in [0, 1], by tier (`TOKEN_TIERS`): 1 the same text; 0.98 the same
 * variant group (`MOHD`/`MUHAMMAD`), 0 for two different groups (`MAHMUD`/`MUHAMMAD`); 0.95 the
 * same phonetic key (`HAFIZ`/`HAFEEZ`, `SAEED`/`SAYEED`/`SYED`, `LADEN`/`LADIN`; keys shorter than
 * 3 letters also need Jaro–Winkler >= 0.75 on the text; an Arabic-script token against a Latin
 * one compares consonants only); 0.75 an initial and a token it begins; 0.7 one edit apart on
 * tokens of 6+ letters; 0.6 keys one edit apart with Jaro–Winkler >= 0.88 on the text
 * (`ASLAM`/`ASLAN`, `PANNU`/`PANNUN`); else 0. One-letter differences score low on purpose: names
 * from identity documents and lists are spelled carefully, and many distinct Indian names are
 * one letter apart (`RAJESH`/`RAKESH`/`RAMESH`). Alternatives (`alts`) are compared too.
 */
export function tokenSimilarity(a: NameToken, b: NameToken): number {
  if (a.text === b.text && a.abjad === b.abjad) return TOKEN_TIERS.exact;
  const key = `${a.abjad ? "@" : ""}${a.text}|${b.abjad ? "@" : ""}${b.text}`;
  const cached = SIMILARITY_CACHE.get(key);
  if (cached !== undefined) return cached;
  let best = similarityOf(a, b);
  for (const alt of a.alts) if (best < 1) best = Math.max(best, similarityOf(alt, b));
  for (const alt of b.alts) if (best < 1) best = Math.max(best, similarityOf(a, alt));
  if (SIMILARITY_CACHE.size >= SIMILARITY_CACHE_SIZE) SIMILARITY_CACHE.clear();
  SIMILARITY_CACHE.set(key, best);
  return best;
}

/** Similarities of token pairs already compared (names repeat a lot); cleared when full. */
const SIMILARITY_CACHE = new Map<string, number>();
const SIMILARITY_CACHE_SIZE = 200_000;

/** A token made of two adjacent ones (`VENKATA` + `RAMANA` -> `VENKATARAMANA`), for names written with or without a space. */
export function joinTokens(a: NameToken, b: NameToken): NameToken {
  return makeToken(a.text + b.text, a.abjad || b.abjad);
}
