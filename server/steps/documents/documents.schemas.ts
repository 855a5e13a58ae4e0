/**
 * The `documents` step's schemas: its settings (document types offered, fields to confirm,
 * capture) and what the applicant submits for the settings resolved against the document-type
 * catalog (./documents-config.ts, which gives the `Resolved*` shapes below).
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { ZFileId } from "../input-fields";

/** Whether `pattern` compiles as a JavaScript regular expression (the flow and the server test values with it). */
function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** A field of the `documents` step beyond the catalog (or overriding a catalog field's label and rules). */
export const ZDocumentFieldSetting = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "Lower-case letters, digits and _, starting with a letter."),
  /** Label per flow language; a catalog field keeps its translated label when omitted. */
  label: z.strictObject({ en: z.string().min(1, "Enter the English label.").max(100), hi: z.string().min(1).max(100).optional() }).optional(),
  type: z.enum(["string", "date", "enum"]).optional(),
  pattern: z
    .string()
    .max(200)
    .refine((p) => isRegExp(p), "Not a valid regular expression.")
    .optional(),
  values: z.array(z.string().min(1).max(64)).min(1, "Give at least one value.").max(20).optional(),
  max_length: z.number().int().min(1).max(1000).optional(),
  required: z.boolean().default(true),
});
export type TDocumentFieldSetting = z.infer<typeof ZDocumentFieldSetting>;

/**
 * `documents`: the document types the applicant may choose from (keys of the document-type
 * catalog, GET /v1/document-types) and the fields they confirm. A field is a catalog key
 * (asked when the chosen type has it), an override of one, or a custom field (always asked).
 */
export const ZDocumentsSettings = z.strictObject({
  document_types: z
    .array(z.string().min(1).max(64))
    .min(1, "Choose at least one document type.")
    .default(["pan_card", "aadhaar_card", "passport", "voter_id", "driving_licence"]),
  fields: z
    .array(z.union([z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), ZDocumentFieldSetting]))
    .max(20)
    .default(["name", "date_of_birth"]),
  /** `upload_or_camera`: a photo taken in the flow or a file (image or PDF); `camera`: a photo taken in the flow only. */
  capture: z.enum(["upload_or_camera", "camera"]).default("upload_or_camera"),
});
export type TDocumentsSettings = z.infer<typeof ZDocumentsSettings>;

/** A field the applicant confirms. `label` is set for workflow-defined labels; catalog fields are translated by key. */
export interface ResolvedDocumentField {
  key: string;
  type: "string" | "date" | "enum";
  required: boolean;
  pattern?: string;
  values?: readonly string[];
  max_length?: number;
  example?: string;
  label?: { en: string; hi?: string };
  /** English label of the catalog, the fallback for a key the flow's dictionary does not know. */
  catalog_label?: string;
}

export interface ResolvedDocumentType {
  key: string;
  /** English name of the catalog, the fallback for a type the flow's dictionary does not know. */
  name: string;
  sides: readonly string[];
  fields: ResolvedDocumentField[];
}

export interface ResolvedDocumentsSettings {
  capture: TDocumentsSettings["capture"];
  types: ResolvedDocumentType[];
}

/** An identifier as printed (PAN, passport number...): upper case, no spaces. */
const normalizeCode = (v: string) => v.toUpperCase().replace(/\s+/g, "");

/** The value rules of one document field; messages are i18n keys. Fields with a pattern are normalized with normalizeCode. */
export function documentFieldSchema(field: ResolvedDocumentField) {
  const max = field.max_length ?? 200;
  return z
    .string({ error: "field_required" })
    .default("")
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (!v) {
        if (field.required) ctx.addIssue({ code: "custom", message: "field_required" });
        return;
      }
      if (v.length > max) ctx.addIssue({ code: "custom", message: "field_too_long" });
      else if (field.type === "date") {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v)) || v < "1900-01-01") ctx.addIssue({ code: "custom", message: "date_invalid" });
      } else if (field.type === "enum" && field.values && !field.values.includes(v)) ctx.addIssue({ code: "custom", message: "value_invalid" });
      else if (field.pattern && !new RegExp(field.pattern).test(normalizeCode(v))) ctx.addIssue({ code: "custom", message: "field_format" });
    })
    .transform((v) => (field.pattern && field.type === "string" ? normalizeCode(v) : v));
}

/** The fields form of one document type: `{ <key>: string }` (keys of other types are dropped). */
export function documentFieldsInput(fields: readonly ResolvedDocumentField[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f.key, documentFieldSchema(f)])));
}

/** A document extraction id (`dex_...`) as returned by `flow.extractDocument`. */
const ZExtractionId = z.string().regex(/^dex_[0-9A-Za-z]{20,40}$/, { error: "file_required" });

/**
 * `{ document_type, files: [file_...], fields, extraction_id? }` for the step's resolved
 * settings: a type the workflow offers, one file per side in the type's order, and the type's
 * fields; `extraction_id` names the OCR pre-fill the fields were confirmed from.
 */
export function documentsStepInput(config: ResolvedDocumentsSettings) {
  return z
    .strictObject({
      document_type: z.string({ error: "document_type_required" }),
      files: z.array(ZFileId).min(1, { error: "file_required" }).max(10),
      fields: z.record(z.string(), z.string()).default({}),
      extraction_id: ZExtractionId.optional(),
    })
    .transform((input, ctx) => {
      const type = config.types.find((t) => t.key === input.document_type);
      if (!type) {
        ctx.addIssue({ code: "custom", path: ["document_type"], message: "document_type_required" });
        return z.NEVER;
      }
      if (input.files.length !== type.sides.length) {
        ctx.addIssue({ code: "custom", path: ["files"], message: "file_required" });
        return z.NEVER;
      }
      const fields = documentFieldsInput(type.fields).safeParse(input.fields);
      if (!fields.success) {
        for (const issue of fields.error.issues) ctx.addIssue({ code: "custom", path: ["fields", ...issue.path.map(String)], message: issue.message });
        return z.NEVER;
      }
      return {
        document_type: type.key,
        files: input.files,
        fields: fields.data as Record<string, string>,
        ...(input.extraction_id ? { extraction_id: input.extraction_id } : {}),
      };
    });
}
export type TDocumentsStepInput = z.output<ReturnType<typeof documentsStepInput>>;
