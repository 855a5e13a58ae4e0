/**
 * The `business_documents` step's schemas: its settings (which documents of the catalog are
 * asked) and what the applicant submits for the documents its constitution needs
 * (./business-documents.ts).
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { ZFileId } from "../input-fields";

/**
 * `business_documents`: which documents of the catalog are asked. The business's constitution
 * picks among them (./business-documents.ts): a certificate of incorporation from
 * companies and LLPs, a board resolution from companies and trusts, a partnership deed from
 * partnerships, a GST certificate and a bank statement from every business.
 */
export const ZBusinessDocumentsSettings = z.strictObject({
  document_types: z
    .array(z.string().min(1).max(64))
    .min(1, "Choose at least one document type.")
    .default(["certificate_of_incorporation", "gst_certificate", "partnership_deed", "board_resolution", "bank_statement"])
    .meta({ title: "Document types", description: "Keys of the document-type catalog (GET /v1/document-types) that may be asked." }),
  optional_types: z.array(z.string().min(1).max(64)).default(["bank_statement"]).meta({ title: "Optional documents", description: "Asked but not required." }),
  manual_review: z
    .boolean()
    .default(false)
    .meta({ title: "Reviewer checks each document", description: "Each document becomes an in.document.review check, which sends the session to a reviewer." }),
});
export type TBusinessDocumentsSettings = z.infer<typeof ZBusinessDocumentsSettings>;

/**
 * `business_documents`: one uploaded file per document type, `{ files: { <type>: file_... } }`.
 * `required` and `offered` are the types resolved for the business's constitution
 * (./business-documents.ts): every required type needs a file, others are optional.
 */
export function businessDocumentsStepInput(offered: readonly string[], required: readonly string[]) {
  return z.strictObject({ files: z.record(z.string(), ZFileId) }).superRefine((input, ctx) => {
    for (const type of Object.keys(input.files)) {
      if (!offered.includes(type)) ctx.addIssue({ code: "custom", path: ["files", type], message: "document_type_required" });
    }
    for (const type of required) {
      if (!input.files[type]) ctx.addIssue({ code: "custom", path: ["files", type], message: "business_document_required" });
    }
  });
}
export type TBusinessDocumentsStepInput = z.output<ReturnType<typeof businessDocumentsStepInput>>;
