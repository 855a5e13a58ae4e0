/**
 * The `documents` step's settings resolved against the document-type catalog
 * (server/documents/document-types.ts): which types the applicant may choose, which sides each
 * needs, and the fields to confirm. Pure data, shared by the server (validation) and the flow UI
 * (which receives the resolved shape in the flow state), so both apply the same rules.
 */
import { DOCUMENT_TYPES } from "../../documents/document-types";
import type { ResolvedDocumentField, ResolvedDocumentType, ResolvedDocumentsSettings, TDocumentsSettings } from "./documents.schemas";

/** Upload `kind` of one side of a document: `<document_type>_<side>`, e.g. `pan_card_front`. */
export function documentKind(documentType: string, side: string): string {
  return `${documentType}_${side}`;
}

/**
 * Resolves the step's settings: unknown document types are dropped (a workflow may name a type
 * of another country), fields are looked up per type (a catalog key the type lacks is skipped;
 * custom fields are asked for every type).
 */
export function resolveDocumentsSettings(settings: TDocumentsSettings, country = "IN"): ResolvedDocumentsSettings {
  const types: ResolvedDocumentType[] = [];
  for (const key of settings.document_types) {
    const type = DOCUMENT_TYPES.find((d) => d.key === key && d.country === country);
    if (!type) continue;
    const fields: ResolvedDocumentField[] = [];
    for (const f of settings.fields) {
      const ref = typeof f === "string" ? { key: f, required: true } : f;
      const catalog = type.fields.find((c) => c.key === ref.key);
      if (!catalog && typeof f === "string") continue;
      const custom = typeof f === "string" ? undefined : f;
      fields.push({
        key: ref.key,
        type: custom?.type ?? catalog?.type ?? "string",
        required: ref.required,
        pattern: custom?.pattern ?? catalog?.hints?.pattern,
        values: custom?.values ?? catalog?.hints?.values,
        max_length: custom?.max_length ?? catalog?.hints?.max_length ?? 200,
        example: catalog?.hints?.example,
        ...(custom?.label ? { label: custom.label } : {}),
        ...(catalog ? { catalog_label: catalog.label } : {}),
      });
    }
    types.push({ key: type.key, name: type.name, sides: type.sides, fields });
  }
  return { capture: settings.capture, types };
}
