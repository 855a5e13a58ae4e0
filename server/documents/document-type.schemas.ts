/** The document-type catalog's API schemas (interface.md 4.3: document types and their extractable fields). */
import { z } from "zod";
import { ZList } from "../common.schemas";

export const ZDocumentField = z
  .object({
    key: z.string().meta({ description: "The key a workflow references the field by." }),
    label: z.string(),
    description: z.string(),
    type: z.enum(["string", "date", "enum"]).meta({ description: "`date`: ISO 8601 `YYYY-MM-DD`; `enum`: one of `hints.values`." }),
    hints: z
      .object({
        pattern: z.string().optional().meta({ description: "Regular expression the value matches." }),
        example: z.string().optional(),
        max_length: z.number().int().optional(),
        values: z.array(z.string()).readonly().optional(),
      })
      .optional(),
  })
  .meta({ id: "DocumentField", description: "A field that can be extracted from a document type." });
export type TDocumentField = z.infer<typeof ZDocumentField>;

export const ZDocumentType = z
  .object({
    id: z.string().meta({ description: "`<country>.<key>`, e.g. `in.pan_card`." }),
    object: z.literal("document_type"),
    key: z.string(),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2" }),
    name: z.string(),
    category: z.enum(["identity", "address", "business", "financial"]),
    sides: z.array(z.string()).readonly().meta({ description: "The pages or sides the applicant uploads, e.g. `front`, `back`." }),
    fields: z.array(ZDocumentField).readonly(),
  })
  .meta({ id: "DocumentType", description: "A document type of the catalog used by the `documents` workflow step." });

export const ZDocumentTypeList = ZList(ZDocumentType, "DocumentTypeList", "document types");
export type TDocumentTypeList = z.infer<typeof ZDocumentTypeList>;
