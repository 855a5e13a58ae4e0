/**
 * A PDF upload must be a document someone can read: it opens without a password and has at least
 * one page. Checked after the virus scan (server/uploads/accept-upload.ts), with pdf.js
 * (`pdfjs-dist`, the library that renders PDFs for OCR and in the reviewer's viewer), which
 * parses the file's structure only: no script runs (`isEvalSupported: false`), nothing renders.
 */
import { DomainError } from "../errors";
import { loadNodeModule } from "../intelligence/node-modules";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

/**
 * @param bytes a file sniffed as `application/pdf`.
 * @returns the number of pages (at least 1).
 * @throws DomainError `file_encrypted` (422: protected with a password), `file_no_pages` (422:
 *   the document has no page), `file_unreadable` (422: the PDF structure does not parse).
 */
export async function checkPdf(bytes: Uint8Array): Promise<number> {
  const pdfjs = loadNodeModule<PdfJs>("pdfjs-dist/legacy/build/pdf.mjs");
  let doc: Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;
  try {
    // verbosity 0: errors only (no "Indexing all PDF objects" warnings on stdout)
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  } catch (err) {
    if ((err as Error).name === "PasswordException") {
      throw new DomainError(
        "file_encrypted",
        "This PDF is protected with a password. Upload it without the password (print it to a new PDF) or upload a photo.",
        {
          param: "file",
        },
      );
    }
    throw new DomainError("file_unreadable", "This PDF could not be read. It may be damaged; upload it again or choose another file.", { param: "file" });
  }
  try {
    if (doc.numPages < 1) throw new DomainError("file_no_pages", "This PDF has no pages. Upload the document itself.", { param: "file" });
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}
