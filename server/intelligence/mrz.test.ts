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

  it("raises a review signal per field where the visual zone disagrees", () => {
    const r = readMrz([L1, L2], NOW)!;
    const signals = mrzVisualSignals(r, { date_of_birth: field("1986-04-12", 0.9), surname: field("NAIR", 0.9), given_names: field("MEERA", 0.9) });
    expect(signals).toEqual([{ code: "mrz_visual_mismatch", field: "date_of_birth", severity: "review", detail: { mrz: "1985-04-12", visual: "1986-04-12" } }]);
  });

  it("passport parser prefers valid MRZ values and flags an expired passport", () => {
    const page = (t: string[]) => ({ lines: t.map((text) => ({ text, confidence: 0.9, bbox: [0, 0, 0, 0] as [number, number, number, number] })) });
    const ok = parsePassport([page(["Passport No. )8369854", "Surname", "NAIR", L1, L2])], undefined, NOW);
    expect(ok.fields.passport_number).toMatchObject({ value: "J8369854", source: "mrz", confidence: 0.99 });
    expect(ok.signals).toEqual([]);
    const expired = parsePassport([page([L1, L2])], undefined, new Date("2032-01-01T00:00:00Z"));
    expect(expired.signals.map((s) => s.code)).toEqual(["document_expired"]);
    expect(parsePassport([page(["Surname", "NAIR"])], undefined, NOW).signals.map((s) => s.code)).toEqual(["mrz_not_found"]);
  });
});
