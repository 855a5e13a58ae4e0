/**
 * `business_documents`: one file per document the business's constitution needs
 * (./business-documents.ts), `{ files: { <document type>: file_... } }`. Checks: with
 * `manual_review: true`, `in.document.review` per document; else none (the files are evidence
 * for the reviewer). The page gets the documents asked (`slots`) instead of the settings.
 */
import { businessDetails } from "../../kyb/business-profile";
import type { FlowSessionRow } from "../../flow/flow-session";
import { defineStep } from "../step-type";
import { businessDocumentKind, businessDocumentSlots } from "./business-documents";
import { businessDocumentsStepInput, type TBusinessDocumentsSettings, ZBusinessDocumentsSettings } from "./business-documents.schemas";

/** The documents the step asks of session `s` (by the constitution entered in `business_details`). */
function sessionDocumentSlots(s: Pick<FlowSessionRow, "steps">, settings: TBusinessDocumentsSettings) {
  return businessDocumentSlots(settings, businessDetails(s.steps)?.constitution);
}

export const businessDocumentsStep = defineStep({
  type: "business_documents",
  label: "Business documents",
  description: "Certificates of incorporation, GST registration and similar records.",
  for: ["kyb"],
  settings: ZBusinessDocumentsSettings,
  input({ settings, session }) {
    const slots = sessionDocumentSlots(session, settings);
    return businessDocumentsStepInput(
      slots.map((x) => x.type),
      slots.filter((x) => x.required).map((x) => x.type),
    );
  },
  /** @throws DomainError parameter_invalid (`file_required`) unless each file is this step's upload of its document type. */
  async submit({ input, checkFiles }) {
    const entries = Object.entries(input.files);
    await checkFiles(
      entries.map(([, id]) => id),
      entries.map(([type]) => businessDocumentKind(type)),
    );
    return { data: input, method: "upload" };
  },
  plannedChecks({ settings, data: d }) {
    if (!settings.manual_review) return [];
    const files = (d.files ?? {}) as Record<string, string>;
    return Object.entries(files).map(([documentType, file]) => ({
      key: "in.document.review",
      input: { document_type: documentType, files: [file], fields: {} },
    }));
  },
  flowSettings: (settings, session) => ({ slots: sessionDocumentSlots(session, settings) }),
  uploadKinds: (settings, session) => sessionDocumentSlots(session, settings).map((slot) => businessDocumentKind(slot.type)),
});
