import { describe, expect, it } from "vitest";
import { jaroWinkler, nameMatch, nameMatchScore, normalizeName } from "./name-match";

describe("jaroWinkler", () => {
  // Reference values from Winkler (1990) / the usual worked examples.
  it.each([
    ["MARTHA", "MARHTA", 0.961],
    ["DWAYNE", "DUANE", 0.84],
    ["DIXON", "DICKSONX", 0.813],
    ["ABC", "ABC", 1],
    ["ABC", "XYZ", 0],
    ["", "", 0],
  ])("%s / %s = %d", (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 3);
  });
});

describe("normalizeName", () => {
  it.each([
    ["Smt. K.S. Rao W/O Late Ramesh", ["K", "S", "RAO"]],
    ["Mr.  RAVI   kumar", ["RAVI", "KUMAR"]],
    ["RAVI KUMAR S/O RAMESH KUMAR", ["RAVI", "KUMAR"]],
    ["SUNITA DEVI D/O SHRI MOHAN LAL", ["SUNITA", "DEVI"]],
    ["Anil Kumar son of Suresh", ["ANIL", "KUMAR"]],
    ["John D'Souza Jr.", ["JOHN", "DSOUZA"]],
    ["Dr. Late Shri Ram", ["RAM"]],
    ["M/S ACME TRADERS PVT. LTD.", ["ACME", "TRADERS", "PRIVATE", "LIMITED"]],
    ["Zoë Fernández", ["ZOE", "FERNANDEZ"]],
    ["RAJ KUMARI", ["RAJ", "KUMARI"]],
    ["  ", []],
  ])("%j -> %j", (raw, tokens) => {
    expect(normalizeName(raw)).toEqual(tokens);
  });
});

/**
 * Real-world-style pairs (registry name vs typed name) with the score range each must land in.
 * `RAVI KUMAR` vs `RAVINDRA KUMAR` is deliberately below 0.8: RAVI is a common short form of
 * several longer names (RAVINDRA, RAVICHANDRAN, RAVISHANKAR), so the registry holds a different
 * name and a reviewer (the `name_mismatch` rule sends it to review) should accept or refuse it;
 * it still scores well above a name sharing only the surname (`AMIT KUMAR`, 0.5).
 */
const TABLE: [string, string, number, number, string][] = [
  // identical after normalization
  ["RAVI KUMAR", "RAVI KUMAR", 1, 1, "exact"],
  ["ravi  kumar.", "RAVI KUMAR", 1, 1, "case, punctuation, spaces"],
  ["Mr. Ravi Kumar", "RAVI KUMAR", 1, 1, "honorific"],
  ["SMT. ANITA DEVI", "ANITA DEVI", 1, 1, "honorific Smt"],
  ["KUMARI PRIYA", "PRIYA", 1, 1, "honorific Kumari"],
  ["RAVI KUMAR S/O RAMESH KUMAR", "RAVI KUMAR", 1, 1, "relation clause"],
  ["KUMAR RAVI", "RAVI KUMAR", 1, 1, "token order"],
  ["VENKATA RAMANA", "VENKATARAMANA", 1, 1, "spacing"],
  ["JOHN D SOUZA", "JOHN D'SOUZA", 1, 1, "apostrophe and spacing"],
  ["ACME TRADERS PVT. LTD.", "ACME TRADERS PRIVATE LIMITED", 1, 1, "business abbreviations"],
  // high: variants, transliteration, initials, dropped middle names
  ["MOHD SALIM", "MOHAMMED SALIM", 0.95, 0.99, "Mohd abbreviation"],
  ["MOHAMMAD SALIM", "MOHAMMED SALIM", 0.95, 0.99, "Mohammad / Mohammed"],
  ["SYED ABDUL RAHMAN", "SAYYED ABDUL REHMAN", 0.9, 0.97, "Syed / Sayyed and Rahman / Rehman"],
  ["RAJESH KR SINGH", "RAJESH KUMAR SINGH", 0.95, 0.99, "Kr abbreviation"],
  ["RAVI SHARMA", "RAVI SARMA", 0.93, 0.99, "Sharma / Sarma: high but below exact"],
  ["LAKSHMI", "LAXMI", 0.9, 0.99, "Lakshmi / Laxmi"],
  ["SANTHOSH KUMAR", "SANTOSH KUMAR", 0.93, 0.99, "aspirated th"],
  ["GEETHA RANI", "GITA RANI", 0.93, 0.99, "ee / i and th / t"],
  ["SREENIVASAN", "SRINIVASAN", 0.9, 0.99, "ee / i"],
  ["GOURAV", "GAURAV", 0.9, 0.99, "ou / au"],
  ["R. KUMAR", "RAVI KUMAR", 0.88, 0.97, "initial"],
  ["K S RAO", "KOTA SRINIVASA RAO", 0.85, 0.95, "initials"],
  ["KS RAO", "KOTA SRINIVASA RAO", 0.85, 0.95, "initials written together"],
  ["P. V. NARASIMHA RAO", "PAMULAPARTI VENKATA NARASIMHA RAO", 0.85, 0.97, "two initials"],
  ["DR. SHRI K. VENKATESWARA RAO", "VENKATESVARA RAO K", 0.93, 0.99, "honorifics, order, w / v"],
  ["RAVI SHANKAR KUMAR", "RAVI KUMAR", 0.88, 0.95, "dropped middle name"],
  ["KOTA SRINIVASA RAO", "SRINIVASA RAO", 0.88, 0.95, "dropped family name"],
  ["SELVI", "SELVI R", 0.93, 0.99, "dropped initial"],
  ["VENKAT RAMANA", "VENKATARAMANA", 0.8, 0.9, "spacing plus a dropped vowel"],
  ["INFOSYS LIMITED", "INFOSYS", 0.95, 0.99, "legal form dropped"],
  // below the threshold: different names
  ["RAVI KUMAR", "RAVINDRA KUMAR", 0.7, 0.79, "truncated given name: review"],
  ["KUMAR", "RAVI KUMAR", 0.6, 0.7, "surname alone"],
  ["ANJALI", "ANJALI SHARMA", 0.6, 0.7, "given name alone"],
  ["R K", "RAVI KUMAR", 0.5, 0.6, "initials only"],
  ["RAVI KUMAR", "AMIT KUMAR", 0.4, 0.55, "same surname, other given name"],
  ["ANIL KUMAR", "SUNIL KUMAR", 0.4, 0.6, "rhyming given names"],
  ["PRIYA SHARMA", "PRIYA VERMA", 0.4, 0.6, "other surname"],
  ["RELIANCE INDUSTRIES LIMITED", "RELIANCE RETAIL LIMITED", 0.5, 0.75, "sister company"],
  ["SURESH", "RAMESH", 0, 0.3, "different single names"],
  ["ASHOK", "ALOK", 0, 0.6, "different single names"],
  ["", "RAVI KUMAR", 0, 0, "empty"],
];

describe("nameMatchScore on Indian names", () => {
  it("has at least 25 pairs of matches and non-matches", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(25);
    expect(TABLE.filter(([, , lo]) => lo >= 0.8).length).toBeGreaterThanOrEqual(15);
    expect(TABLE.filter(([, , , hi]) => hi < 0.8).length).toBeGreaterThanOrEqual(10);
  });

  it.each(TABLE)("%s / %s in [%d, %d] (%s)", (a, b, lo, hi) => {
    const score = nameMatchScore(a, b);
    expect(score).toBeGreaterThanOrEqual(lo);
    expect(score).toBeLessThanOrEqual(hi);
    // symmetric
    expect(nameMatchScore(b, a)).toBe(score);
  });

  it("ranks exact above transliteration above truncation above surname-only", () => {
    const exact = nameMatchScore("RAVI SHARMA", "RAVI SHARMA");
    const translit = nameMatchScore("RAVI SHARMA", "RAVI SARMA");
    const truncated = nameMatchScore("RAVI SHARMA", "RAVINDRA SHARMA");
    const surname = nameMatchScore("RAVI SHARMA", "AMIT SHARMA");
    expect(exact).toBe(1);
    expect(translit).toBeLessThan(exact);
    expect(truncated).toBeLessThan(translit);
    expect(surname).toBeLessThan(truncated);
  });
});

describe("nameMatch", () => {
  it("decides with the default threshold 0.8", () => {
    expect(nameMatch("R. KUMAR", "RAVI KUMAR")).toEqual({ score: 0.925, match: true });
    expect(nameMatch("RAVI KUMAR", "RAVINDRA KUMAR").match).toBe(false);
  });

  it("takes a custom threshold", () => {
    expect(nameMatch("RAVI KUMAR", "RAVINDRA KUMAR", 0.75).match).toBe(true);
    expect(nameMatch("RAVI SHARMA", "RAVI SARMA", 0.99).match).toBe(false);
  });
});
