/**
 * `documents`: photos or files of an identity document (one per side of the chosen type) and the
 * fields the applicant confirms, possibly pre-filled by OCR (server/intelligence/). Both the
 * extracted and the confirmed values are kept; their differences become review signals. Check:
 * `in.document.review` (provider `manual`: a reviewer decides). The page gets the settings
 * resolved against the document-type catalog of the session's country.
 */
import { defineStep } from "../step-type";
import { documentKind, resolveDocumentsSettings } from "./documents-config";
import { documentsStepInput, ZDocumentsSettings } from "./documents.schemas";

export const documentsStep = defineStep({
  type: "documents",
  label: "Documents",
  description: "Photos or files of an identity document and the fields the applicant confirms.",
  for: ["kyc", "kyb"],
  settings: ZDocumentsSettings,
  input: ({ settings, session }) => documentsStepInput(resolveDocumentsSettings(settings, session.country)),
  /** @throws DomainError parameter_invalid (`file_required`) unless the files are this step's uploads of the chosen type's sides. */
  async submit({ db, session, settings, input, checkFiles }) {
    const type = resolveDocumentsSettings(settings, session.country).types.find((t) => t.key === input.document_type)!;
    await checkFiles(
      input.files,
      type.sides.map((side) => documentKind(type.key, side)),
    );
    if (input.extraction_id) {
      // loaded when used: the registry is also read where the OCR engines must not load (publishing from the admin CLI)
      const { confirmDocumentFields } = await import("../../intelligence/document-extractions");
      await confirmDocumentFields(db, { projectId: session.projectId, mode: session.mode }, session.id, input.extraction_id, input.fields);
    }
    return { data: input, method: "upload" };
  },
  plannedChecks: ({ data: d }) => [{ key: "in.document.review", input: { document_type: d.document_type, files: d.files, fields: d.fields ?? {} } }],
  flowSettings: (settings, session) => ({ ...settings, documents: resolveDocumentsSettings(settings, session.country) }),
  uploadKinds: (settings, session) =>
    resolveDocumentsSettings(settings, session.country).types.flatMap((t) => t.sides.map((side) => documentKind(t.key, side))),
});
