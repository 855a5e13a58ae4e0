/**
 * Why an upload was refused, from the server's error code (server/uploads/accept-upload.ts) or
 * the browser's `network`: the message to show (a key of the flow's dictionaries) and whose
 * problem it is, which decides the way forward the refusal screen offers (issue 17).
 */

/**
 * - `file`: the file itself (infected, type, size, damaged, an Aadhaar number too unclear to mask): choose another file;
 * - `transient`: the service for now (scanner down, network, unknown): try the same file again;
 * - `not_configured`: no virus scanner is set up, nothing the applicant can do: go back.
 */
export type UploadRefusalCause = "file" | "transient" | "not_configured";

export interface UploadRefusal {
  /** `documents.<key>` or `errors.<key>` of components/flow/i18n. */
  message:
    | {
        ns: "documents";
        key:
          | "refusedInfected"
          | "refusedType"
          | "refusedTooLarge"
          | "refusedUnreadable"
          | "refusedAadhaarUnclear"
          | "refusedEncrypted"
          | "refusedScanner"
          | "refusedNotConfigured";
      }
    | { ns: "errors"; key: "network" | "generic" };
  cause: UploadRefusalCause;
}

const BY_CODE: Record<string, UploadRefusal> = {
  file_infected: { message: { ns: "documents", key: "refusedInfected" }, cause: "file" },
  file_type_not_allowed: { message: { ns: "documents", key: "refusedType" }, cause: "file" },
  file_too_large: { message: { ns: "documents", key: "refusedTooLarge" }, cause: "file" },
  file_unreadable: { message: { ns: "documents", key: "refusedUnreadable" }, cause: "file" },
  aadhaar_unreadable: { message: { ns: "documents", key: "refusedAadhaarUnclear" }, cause: "file" },
  // a PDF without a page cannot be shown either; one with a password needs another copy
  file_no_pages: { message: { ns: "documents", key: "refusedUnreadable" }, cause: "file" },
  file_encrypted: { message: { ns: "documents", key: "refusedEncrypted" }, cause: "file" },
  scanner_unavailable: { message: { ns: "documents", key: "refusedScanner" }, cause: "transient" },
  scanner_not_configured: { message: { ns: "documents", key: "refusedNotConfigured" }, cause: "not_configured" },
  network: { message: { ns: "errors", key: "network" }, cause: "transient" },
};

/** The refusal of `code`; an unknown code reads as a generic, transient failure. */
export function uploadRefusal(code: string): UploadRefusal {
  return Object.hasOwn(BY_CODE, code) ? BY_CODE[code]! : { message: { ns: "errors", key: "generic" }, cause: "transient" };
}
