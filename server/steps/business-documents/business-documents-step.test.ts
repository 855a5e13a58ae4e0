/** The checks a `business_documents` step plans (through the registry, as the session pipeline asks). */
import { describe, expect, it } from "vitest";
import { checksForStep } from "../../checks/step-checks";

const files = { gst_certificate: "file_GsTGsTGsTGsTGsTGsTGsTGsT", bank_statement: "file_BaNkBaNkBaNkBaNkBaNkBaNk" };

describe("business_documents: planned checks", () => {
  it("plans a reviewer's in.document.review per document only with manual_review", () => {
    expect(checksForStep("business_documents", {}, { files })).toEqual([]);
    expect(checksForStep("business_documents", { manual_review: true }, { files })).toEqual([
      { key: "in.document.review", input: { document_type: "gst_certificate", files: [files.gst_certificate], fields: {} } },
      { key: "in.document.review", input: { document_type: "bank_statement", files: [files.bank_statement], fields: {} } },
    ]);
  });
});
