import { parse } from "mrz";
import { describe, expect, it } from "vitest";
import { findMrzLines, mrzVisualSignals, readMrz } from "./mrz";
import { field } from "./parsers/parse-common";
import { parsePassport } from "./parsers/passport";

// ICAO 9303 TD3 of a made-up passport (check digits computed by tests/fixtures/intelligence/render-fixtures.ts)
const L1 = "P<INDNAIR<<MEERA<<<<<<<<<<<<<<<<<<<<<<<<<<<<";
const L2 = "J8369854<4IND8504124F3109203<<<<<<<<<<<<<<06";
const NOW = new Date("2026-01-01T00:00:00Z");

describe("MRZ (ICAO 9303)", () => {
  it("parses a TD3 MRZ and verifies its check digits", () => {
    const r = readMrz([L1, L2], NOW)!;
    expect(r).toMatchObject({ format: "TD3", valid: true, invalid: [] });
    expect(Object.fromEntries(Object.entries(r.fields).map(([k, v]) => [k, v.value]))).toMatchObject({
      passport_number: "J8369854",
      surname: "NAIR",
      given_names: "MEERA",
      nationality: "IND",
      date_of_birth: "1985-04-12",
      date_of_expiry: "2031-09-20",
      sex: "female",
    });
  });

  it("reports a failed check digit", () => {
    const r = readMrz([L1, L2.replace("8504124", "8504134")], NOW)!;
    expect(r.valid).toBe(false);
    expect(r.invalid.join(" ")).toMatch(/Birth date check digit/);
    expect(r.fields.date_of_birth?.valid).toBe(false);
  });

  it("finds the MRZ in OCR lines with spaces, « fillers and dropped trailing fillers", () => {
    const lines = ["REPUBLIC OF INDIA", "P<INDNAIR<<MEERA««<<<< <<<<<<<<<<<<<<<<<<<<<<<", "J8369854<4IND8504124F3109203<<<<<<<<<<<<<<06"];
    expect(findMrzLines(lines)).toEqual([L1, L2]);
    expect(findMrzLines(["no", "mrz here"])).toBeNull();
  });

  it("finds no MRZ in ordinary text, even with punctuation read as fillers", () => {
    const page = [
      "REPUBLIC OF INDIA",
      "Date of Birth: 12/04/1985 Place of Birth: MUMBAI, MAHARASHTRA",
      "Date of Issue: 21/09/2021  Date of Expiry: 20/09/2031",
    ];
    expect(findMrzLines(page)).toBeNull();
  });

  it("raises a review signal per field where the visual zone disagrees", () => {
    const r = readMrz([L1, L2], NOW)!;
    const signals = mrzVisualSignals(r, { date_of_birth: field("1986-04-12", 0.9), surname: field("NAIR", 0.9), given_names: field("MEERA", 0.9) });
    expect(signals).toEqual([{ code: "mrz_visual_mismatch", field: "date_of_birth", severity: "review", detail: { mrz: "1985-04-12", visual: "1986-04-12" } }]);
  });

  it("takes names that agree but for a stray filler letter or a lost separator as the same", () => {
    const line2 = "Z1234567<1IND9001011M3012316<<<<<<<<<<<<<<06";
    const r = readMrz(["P<INDKUMAR<<KRAVI".padEnd(44, "<"), line2], NOW)!;
    expect(mrzVisualSignals(r, { surname: field("KUMAR", 0.9), given_names: field("RAVI", 0.9) })).toEqual([]);
    const lost = readMrz(["P<INDKUMAR<CRAVI".padEnd(44, "<"), line2], NOW)!;
    expect(mrzVisualSignals(lost, { surname: field("KUMAR", 0.9), given_names: field("RAVI", 0.9) })).toEqual([]);
    // another given name is still a difference
    expect(mrzVisualSignals(r, { surname: field("KUMAR", 0.9), given_names: field("RAJIV", 0.9) })).toEqual([
      { code: "mrz_visual_mismatch", field: "given_names", severity: "review", detail: { mrz: "KRAVI", visual: "RAJIV" } },
    ]);
  });

  it("passport parser prefers valid MRZ values and flags an expired passport", () => {
    const page = (t: string[]) => ({ lines: t.map((text) => ({ text, confidence: 0.9, bbox: [0, 0, 0, 0] as [number, number, number, number] })) });
    const ok = parsePassport([page(["Passport No. )8369854", "Surname", "NAIR", L1, L2])], undefined, NOW);
    expect(ok.fields.passport_number).toMatchObject({ value: "J8369854", source: "mrz", confidence: 0.99 });
    expect(ok.signals).toEqual([]);
    // MRZ names fill in only where the visual zone has none, and need review: no check digit protects them
    expect(ok.fields.given_names).toMatchObject({ value: "MEERA", source: "mrz", validity: "needs_review", problem: "mrz_name_unverified" });
    const expired = parsePassport([page([L1, L2])], undefined, new Date("2032-01-01T00:00:00Z"));
    expect(expired.signals.map((s) => s.code)).toEqual(["document_expired"]);
    expect(parsePassport([page(["Surname", "NAIR"])], undefined, NOW).signals.map((s) => s.code)).toEqual(["mrz_not_found"]);
  });
});

/**
 * OCR-B, the font of real passports' MRZ, read by Tesseract: the lines below are what it made of
 * OCR-B renders of these zones (full page and the MRZ-alphabet band pass), moved onto specimens
 * whose check digits the `mrz` package confirms.
 */
describe("MRZ read from OCR-B (filler misreads, lengths, ambiguous characters)", () => {
  const RAVI = ["P<INDKUMAR<<RAVI<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "Z1234567<1IND9001011M3012316<<<<<<<<<<<<<<06"];
  const ICAO = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
  const TD2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"];
  const TD1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];

  it("uses specimens whose check digits hold", () => {
    for (const mrz of [[L1, L2], RAVI]) expect(parse(mrz).valid).toBe(true);
    // UTO is ICAO's specimen state, unknown to the mrz package: only the state codes fail
    for (const mrz of [ICAO, TD2, TD1])
      expect(
        parse(mrz)
          .details.filter((d) => !d.valid)
          .map((d) => d.label),
      ).toEqual(["Issuing state", "Nationality"]);
  });

  it.each([
    [
      "fillers read as L, C, K runs, 45-47 characters",
      ["P<INDNAIR<S<MEERA<<<<LC<LLLLLLLLLLLLLLLLLLLLL", "J8369854<4INDB504124F3109203<<<<<<<<<<<<<<06"],
      [L1, L2],
    ],
    ["no < after the name, separator read S<", ["P<INDNAIRS<MEERACSCLLCLLLCLLLLLLLLCLLLLLLLLKLKL", "J8369854<4IND8504124F3109203<<<<<<<<<<<K<<<06"], [L1, L2]],
    [
      "a K inserted before the state, 47 characters",
      ["P<KINDNAIR<<MEERA<KLKLLLLLLLLLLLLLLLLLLLLLLKLKL", "J8369854<4IND8504124F3109203<<<<<<<<<<<<<<06"],
      [L1, L2],
    ],
    [
      "K in the optional-data fillers makes line 2 45 long",
      ["P<INDNAIR<<MEERA<<<<<LLLLLLLLLLLLLLLLLLLLLKLKL", "J8369854<4IND8504124F3109203<<<<<<<<<<<K<<<<06"],
      [L1, L2],
    ],
    [
      "Z read as 2 in the passport number, RAVI followed by KKK",
      ["P<INDKUMAR<<RAVIKKK<<<<L<LLLLLLLLLCLLLLK<L", "21234567<1IND9001011M3012316<<<<<<<<<<<<<<06"],
      RAVI,
    ],
    ["a vowel-final name before Z, S, C fillers", ["P<INDKUMARS<RAVIZSCLCLILLLLLLLLLLCLLLLLLLLLKL", "Z1234567<1IND9001011M3012316<<<<<<<<<<<<<<06"], RAVI],
    [
      "ICAO specimen: an 8 inserted, O read as 0, 45 characters",
      ["P<UTOERIKSSON<<ANNA<MARIA<<<<LLL<<LLLLLLL<CLL", "L8988902C36UT07408122F1204159ZE184226B<<<<<10"],
      ICAO,
    ],
    ["TD2: S for 5 in the document number and in a date", ["I<UTOERIKSSON<<ANNA<MARIALLLLLLLLLLL", "D2314S8907UT07408122F12041S9<<<<<<<6"], TD2],
    [
      "TD1: O for 0 in dates, 0 for O in the state, S< separator",
      ["I<UT0D231458907<<<<<KLLLLLLLLL", "74O8122F12O4159UT0<<<<<<<<<<<6", "ERIKSSONS<ANNA<MARIALLLLLLLLLL"],
      TD1,
    ],
  ])("%s", (_, ocr, mrz) => {
    expect(findMrzLines(["REPUBLIC OF INDIA", ...ocr, "Signature"])).toEqual(mrz);
  });

  it("accepts the repaired fields with valid check digits, the Z-series number included", () => {
    const r = readMrz(findMrzLines(["P<INDKUMAR<<RAVIKKK<<<<L<LLLLLLLLLCLLLLK<L", "21234567<1IND9001011M3012316<<<<<<<<<<<<<<06"])!, NOW)!;
    expect(r.valid).toBe(true);
    expect(r.fields).toMatchObject({
      passport_number: { value: "Z1234567", valid: true },
      surname: { value: "KUMAR", valid: true },
      given_names: { value: "RAVI", valid: true },
      date_of_birth: { value: "1990-01-01", valid: true },
      date_of_expiry: { value: "2030-12-31", valid: true },
    });
  });

  it("accepts no field whose check digit fails after repair: nothing is guessed", () => {
    // T is no misread of Z that repair knows, 7 read as 1 is a digit for a digit
    const t = readMrz(findMrzLines([RAVI[0]!, "T1234567<1IND9001011M3012316<<<<<<<<<<<<<<06"])!, NOW)!;
    expect(t.valid).toBe(false);
    expect(t.fields.passport_number).toEqual({ value: "T1234567", valid: false });
    expect(t.fields.date_of_birth).toEqual({ value: "1990-01-01", valid: true });
    // B for 8 in D23145890: four readings with one change hold its check digit (and so the
    // composite): none is taken
    const b = readMrz(findMrzLines([TD2[0]!, "D23145B907UTO7408122F1204159<<<<<<<6"])!, NOW)!;
    expect(b.fields.passport_number).toEqual({ value: "D23145B90", valid: false });
    expect(b.fields.date_of_expiry?.valid).toBe(true);
    const seven = readMrz(findMrzLines([RAVI[0]!, "Z1234561<1IND9001011M3012316<<<<<<<<<<<<<<06"])!, NOW)!;
    expect(seven.fields.passport_number).toEqual({ value: "Z1234561", valid: false });
    // OCR dropped the check digits at the end: the fields keep theirs, the composite is not invented
    const cut = readMrz(findMrzLines([L1, "J8369854<4IND8504124F3109203<<<<<<<"])!, NOW)!;
    expect(cut.valid).toBe(false);
    expect(cut.invalid).toEqual(["Composite check digit"]);
    expect(cut.fields.passport_number).toEqual({ value: "J8369854", valid: true });
  });

  it("keeps a name's last K or L when two fillers follow it as read", () => {
    const lines = findMrzLines(["P<INDPATNAIK<<ASHOK<<<<LLLLLLLLLLLLLLLLLLLLLLLL", "J8369854<4IND8504124F3109203<<<<<<<<<<<<<<06"])!;
    expect(lines[0]).toBe("P<INDPATNAIK<<ASHOK<<<<<<<<<<<<<<<<<<<<<<<<<");
  });
});
