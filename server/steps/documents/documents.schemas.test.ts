/** The `documents` step's settings resolved against the catalog, and what its form accepts. */
import { describe, expect, it } from "vitest";
import { resolveDocumentsSettings } from "./documents-config";
import { documentsStepInput, ZDocumentsSettings } from "./documents.schemas";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("documents", () => {
  const config = resolveDocumentsSettings(
    ZDocumentsSettings.parse({
      document_types: ["pan_card", "aadhaar_card", "nope"],
      fields: ["name", "pan", "aadhaar_last4", { key: "occupation", label: { en: "Occupation" }, required: false }],
    }),
  );
  const files = (n: number) => Array.from({ length: n }, (_, i) => `file_${String(i).repeat(24).slice(0, 24)}`);

  it("resolves types and fields from the catalog", () => {
    expect(config.types.map((t) => [t.key, t.sides, t.fields.map((f) => f.key)])).toEqual([
      ["pan_card", ["front"], ["name", "pan", "occupation"]],
      ["aadhaar_card", ["front", "back"], ["name", "aadhaar_last4", "occupation"]],
    ]);
  });
  it("needs one file per side and the type's fields in their format", () => {
    const schema = documentsStepInput(config);
    expect(schema.parse({ document_type: "pan_card", files: files(1), fields: { name: "Ravi", pan: "abcpe 1234f" } })).toEqual({
      document_type: "pan_card",
      files: files(1),
      fields: { name: "Ravi", pan: "ABCPE1234F", occupation: "" },
    });
    expect(firstMessage(schema.safeParse({ document_type: "aadhaar_card", files: files(1), fields: {} }))).toBe("file_required");
    expect(
      schema
        .safeParse({ document_type: "aadhaar_card", files: files(2), fields: { name: "", aadhaar_last4: "12" } })
        .error?.issues.map((i) => [i.path.join("."), i.message]),
    ).toEqual([
      ["fields.name", "field_required"],
      ["fields.aadhaar_last4", "field_format"],
    ]);
    expect(firstMessage(schema.safeParse({ document_type: "passport", files: files(2), fields: {} }))).toBe("document_type_required");
  });
});
