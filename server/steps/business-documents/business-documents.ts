/**
 * Which documents the `business_documents` step asks of a business: its constitution picks
 * among the step's `document_types` (what Indian banks ask under the RBI KYC Master Direction
 * 2016, s. 36-39, for legal entities): a company its certificate of incorporation and a board
 * resolution naming the authorized signatory, an LLP its certificate of incorporation, a
 * partnership its deed, a trust a resolution of its trustees; every business its GST
 * certificate and a bank statement. Types in `optional_types` are asked but not required.
 * Pure data, shared by the server (validation, upload kinds) and the flow UI.
 */
import type { TConstitution } from "../business-details/business-details.schemas";
import type { TBusinessDocumentsSettings } from "./business-documents.schemas";

const BY_CONSTITUTION: Record<TConstitution, readonly string[]> = {
  private_limited: ["certificate_of_incorporation", "board_resolution", "gst_certificate", "bank_statement"],
  public_limited: ["certificate_of_incorporation", "board_resolution", "gst_certificate", "bank_statement"],
  llp: ["certificate_of_incorporation", "gst_certificate", "bank_statement"],
  partnership: ["partnership_deed", "gst_certificate", "bank_statement"],
  proprietorship: ["gst_certificate", "bank_statement"],
  trust: ["board_resolution", "gst_certificate", "bank_statement"],
};

/** A document the step asks for. */
export interface BusinessDocumentSlot {
  /** Key of the document-type catalog; the upload's `kind` is `<type>_document`. */
  type: string;
  required: boolean;
}

/**
 * The documents asked of a business of `constitution` (unknown or not yet given: every type of
 * the settings), in the catalog order of its constitution.
 */
export function businessDocumentSlots(settings: TBusinessDocumentsSettings, constitution: string | undefined): BusinessDocumentSlot[] {
  const wanted = BY_CONSTITUTION[constitution as TConstitution] ?? settings.document_types;
  return wanted.filter((type) => settings.document_types.includes(type)).map((type) => ({ type, required: !settings.optional_types.includes(type) }));
}

/** Upload `kind` of a business document: `<type>_document` (one side, as the catalog declares). */
export function businessDocumentKind(type: string): string {
  return `${type}_document`;
}
