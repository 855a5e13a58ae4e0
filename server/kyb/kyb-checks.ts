/**
 * The checks of the KYB steps (the KYB rows of server/checks/step-checks.ts):
 *
 * | step type | data | checks |
 * |---|---|---|
 * | `business_details` | `{ legal_name, constitution, gstin, cin? \| llpin?, udyam_number?, address }` | `in.gstin.verify` (with the legal name), `in.cin.verify` for a CIN or LLPIN, `in.udyam.verify` when a Udyam number was given |
 * | `business_documents` | `{ files: { <document type>: file_... } }` | with `manual_review: true`, `in.document.review` per document; else none (the files are evidence for the reviewer) |
 * | `bank_account` | `{ account_number, ifsc, name }` (`name`: the business's legal name, stored at submission) | `in.bank_account.verify` (penny drop in the business's name) |
 * | `key_people` | `{ people }` | none: each person completes a KYC session of their own |
 */
import { ZBusinessDocumentsSettings } from "../workflows/workflow.schemas";
import type { PlannedCheck } from "../checks/step-checks";

/** The planned checks of a KYB step, or null for a type that is not a KYB step. */
export function kybChecksForStep(type: string, settings: Record<string, unknown>, d: Record<string, unknown>): PlannedCheck[] | null {
  switch (type) {
    case "business_details": {
      const checks: PlannedCheck[] = [{ key: "in.gstin.verify", input: { gstin: d.gstin, name: d.legal_name } }];
      if (d.cin !== undefined) checks.push({ key: "in.cin.verify", input: { cin: d.cin } });
      else if (d.llpin !== undefined) checks.push({ key: "in.cin.verify", input: { llpin: d.llpin } });
      if (d.udyam_number !== undefined) checks.push({ key: "in.udyam.verify", input: { udyam_number: d.udyam_number } });
      return checks;
    }
    case "business_documents": {
      if (!ZBusinessDocumentsSettings.parse(settings).manual_review) return [];
      const files = (d.files ?? {}) as Record<string, string>;
      return Object.entries(files).map(([documentType, file]) => ({ key: "in.document.review", input: { document_type: documentType, files: [file], fields: {} } }));
    }
    case "bank_account":
      return [{ key: "in.bank_account.verify", input: { account_number: d.account_number, ifsc: d.ifsc, name: d.name } }];
    case "key_people":
      return [];
    default:
      return null;
  }
}
