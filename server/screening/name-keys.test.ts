import { describe, expect, it } from "vitest";
import { blockingKeys, phoneticKey, screeningTokens, tokenSimilarity, transliterate, TOKEN_TIERS } from "./name-keys";

const texts = (name: string) => screeningTokens(name).map((t) => t.text);
const sim = (a: string, b: string) => tokenSimilarity(screeningTokens(a)[0]!, screeningTokens(b)[0]!);

describe("transliterate", () => {
  it.each([
    ["मोहम्मद असलम", "MOHAMMAD ASLAM"],
    ["अजमल कसाब", "AJMAL KASAB"],
    ["राजेश कुमार", "RAJESH KUMAR"],
    ["नरेन्द्र मोदी", "NARENDRA MODI"],
    ["लक्ष्मी", "LAKSHMI"],
    ["हाफ़िज़ सईद", "HAFIZ SAID"],
    ["दाऊद इब्राहिम", "DAUD IBRAHIM"],
    ["प्लॉट १२", "PLOT 12"],
    ["محمد", "MHMD"],
    ["أيمن", "AIMN"],
    ["عمر", "AMR"],
    ["Zoë Smith", "Zoë Smith"],
  ])("%s -> %s", (raw, latin) => {
    expect(transliterate(raw)).toBe(latin);
  });
});

describe("screeningTokens", () => {
  it.each([
    ["Hafiz Muhammad Saeed", ["HAFIZ", "MUHAMMAD", "SAEED"]],
    ["Abdur-Rahman al-Zawahiri", ["ABD", "RAHMAN", "ZAWAHIRI"]],
    ["ABDULRAHMAN", ["ABD", "RAHMAN"]],
    ["Abdurrahman", ["ABD", "RAHMAN"]],
    ["Abdulaziz", ["ABD", "AZIZ"]],
    ["Abdullah", ["ABDULLAH"]],
    ["Usama bin Muhammad bin Awad BIN LADIN", ["USAMA", "MUHAMMAD", "AWAD", "LADIN"]],
    ["Ben Smith", ["BEN", "SMITH"]],
    ["Lashkar-e-Tayyiba", ["LASHKAR", "TAYYIBA"]],
    ["Mr. Rajesh Kumar S/O Ramesh", ["RAJESH", "KUMAR"]],
    ["KASKAR, Dawood Ibrahim", ["KASKAR", "DAWOOD", "IBRAHIM"]],
    ["मोहम्मद असलम", ["MOHAMMAD", "ASLAM"]],
    ["", []],
  ])("%j -> %j", (raw, tokens) => {
    expect(texts(raw)).toEqual(tokens);
  });

  it("classifies titles, initials, legal-form words and very common parts", () => {
    const [hafiz, r, singh] = screeningTokens("Hafiz R Singh");
    expect([hafiz?.kind, r?.kind, singh?.kind, singh?.common]).toEqual(["title", "initial", "full", true]);
    expect(screeningTokens("Acme Trust").map((t) => t.kind)).toEqual(["full", "weak"]);
    expect(screeningTokens("Mohd")[0]).toMatchObject({ variant: "MUHAMMAD", common: true });
  });

  it("keeps the bare form of a token with an attached article", () => {
    expect(screeningTokens("ALZAWAHIRI")[0]?.alts.map((t) => t.text)).toEqual(["ZAWAHIRI"]);
    expect(screeningTokens("ZIAUL HAQ")[0]?.alts.map((t) => t.text)).toEqual(["ZIA"]);
  });
});

describe("phoneticKey", () => {
  it.each([
    [["MUHAMMAD", "MOHAMMED", "MOHAMAD"], "MHMD"],
    [["OSAMA", "USAMA"], "USM"],
    [["CHOWDHURY", "CHAUDHARY", "CHOUDHARY"], "CDR"],
    [["LAKSHMI", "LAXMI"], "LKSM"],
    [["SAEED", "SAYEED", "SYED"], "SD"],
    [["HAFIZ", "HAFEEZ", "HAFEZ"], "HFZ"],
    [["VIKRAM", "BIKRAM", "WIKRAM"], "BKRM"],
    [["QASIM", "KASIM", "CASIM"], "KSM"],
    [["RAHMAN", "REHMAN", "RAHAMAN"], "RHMN"],
  ])("%j -> %s", (spellings, key) => {
    for (const s of spellings) expect(phoneticKey(s), s).toBe(key);
  });

  it("keeps the first vowel's class, so different names stay apart", () => {
    expect(phoneticKey("AMIR")).not.toBe(phoneticKey("UMAR"));
    expect(phoneticKey("ZAHIR")).not.toBe(phoneticKey("ZAWAHIRI"));
  });
});

describe("tokenSimilarity", () => {
  it.each([
    ["SHARMA", "SHARMA", TOKEN_TIERS.exact],
    ["MOHD", "MUHAMMAD", TOKEN_TIERS.variant],
    ["DAWOOD", "DAUD", TOKEN_TIERS.variant],
    ["MAHMUD", "MUHAMMAD", 0],
    ["HASAN", "HUSSAIN", 0],
    ["HAFIZ", "HAFEEZ", TOKEN_TIERS.phonetic],
    ["SAEED", "SYED", TOKEN_TIERS.phonetic],
    ["LADEN", "LADIN", TOKEN_TIERS.phonetic],
    ["DAVID", "DAUD", 0],
    ["R", "RAJESH", TOKEN_TIERS.initial],
    ["K", "RAJESH", 0],
    ["PANJWAR", "PANJWER", TOKEN_TIERS.phonetic],
    ["RAJESH", "RAKESH", TOKEN_TIERS.typo],
    ["ASLAM", "ASLAN", TOKEN_TIERS.nearTypo],
    ["SALIM", "SALMAN", 0],
    ["RAZA", "RAJA", 0],
    ["ALZAWAHIRI", "ZAWAHIRI", TOKEN_TIERS.exact],
  ])("%s / %s = %d", (a, b, expected) => {
    expect(sim(a, b)).toBe(expected);
    expect(sim(b, a)).toBe(expected);
  });

  it("compares an Arabic-script token with a Latin one by consonants", () => {
    expect(tokenSimilarity(screeningTokens("سعيد")[0]!, screeningTokens("SAEED")[0]!)).toBe(TOKEN_TIERS.phonetic);
    expect(tokenSimilarity(screeningTokens("أسامة")[0]!, screeningTokens("USAMA")[0]!)).toBe(TOKEN_TIERS.phonetic);
  });
});

describe("blockingKeys", () => {
  const shared = (a: string, b: string) => blockingKeys(screeningTokens(a)[0]!).filter((k) => blockingKeys(screeningTokens(b)[0]!).includes(k));

  it("files variants and one-letter typos under a common key, initials under none", () => {
    expect(shared("MOHD", "MUHAMMAD")).toContain("v:MUHAMMAD");
    expect(shared("ASLAM", "ASLAN")).toContain("d:ASL");
    expect(shared("REHMAN", "RHMN")).not.toEqual([]);
    expect(shared("SHARMA", "VERMA")).toEqual([]);
    expect(blockingKeys(screeningTokens("R")[0]!)).toEqual([]);
  });
});
