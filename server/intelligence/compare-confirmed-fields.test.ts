import { describe, expect, it } from "vitest";
import { compareConfirmedFields, editSimilarity } from "./compare-confirmed-fields";
import { field } from "./parsers/parse-common";

const extracted = {
  pan: field("ABCPE1234F", 0.95),
  name: field("ANITA SHARMA", 0.6),
  father_name: field("RAJESH SHARMA", 0.95),
  date_of_birth: field("1988-08-14", 0.95),
};

describe("compareConfirmedFields", () => {
  it("raises no difference when the applicant confirms the values (case and spacing aside), only notes the unsure one kept", () => {
    expect(compareConfirmedFields(extracted, { pan: "abcpe 1234f", name: "Anita  Sharma", father_name: "RAJESH SHARMA", date_of_birth: "1988-08-14" })).toEqual(
      [{ code: "field_low_confidence", field: "name", severity: "info", detail: { extracted_confidence: 0.6 } }],
    );
    expect(compareConfirmedFields({ pan: field("ABCPE1234F", 0.95) }, { pan: "ABCPE1234F" })).toEqual([]);
  });

  it("always sends a changed identifier or date to review", () => {
    const s = compareConfirmedFields(extracted, { pan: "ABCPE1234G", date_of_birth: "1988-08-15" });
    expect(s.map((x) => [x.code, x.field, x.severity])).toEqual([
      ["field_corrected", "pan", "review"],
      ["field_corrected", "date_of_birth", "review"],
    ]);
    expect(s[0]!.detail).toMatchObject({ extracted: "ABCPE1234F", confirmed: "ABCPE1234G", extracted_confidence: 0.95 });
  });

  it("treats a close fix of an unsure name as a misread (info), a confident one as review", () => {
    const s = compareConfirmedFields(extracted, { name: "ANITHA SHARMA", father_name: "MAHESH VERMA" });
    expect(s.map((x) => [x.field, x.severity])).toEqual([
      ["name", "info"],
      ["father_name", "review"],
    ]);
  });

  it("flags cleared and newly typed fields", () => {
    const s = compareConfirmedFields({ name: field("ANITA SHARMA", 0.9) }, { name: "", gender: "female" });
    expect(s.map((x) => [x.code, x.field, x.severity])).toEqual([
      ["field_removed", "name", "review"],
      ["field_not_extracted", "gender", "info"],
    ]);
  });

  it("edit similarity", () => {
    expect(editSimilarity("KITTEN", "SITTING")).toBeCloseTo(1 - 3 / 7);
    expect(editSimilarity("A", "A")).toBe(1);
  });
});
