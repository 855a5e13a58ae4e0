/**
 * The one way an applicant upload becomes evidence (issue 4). In this order:
 * 1. size: at most 15 MiB (decisions.md "Limits beyond interface.md") -> `file_too_large`;
 * 2. type from content (server/uploads/upload-types.ts): JPEG, PNG, WebP, HEIC, PDF ->
 *    `file_type_not_allowed`; the file name and declared type are never used. Sniffing reads
 *    magic bytes only (nothing is decoded or stored), so it is safe before the scan, and an
 *    unaccepted type is refused as such whether or not the scanner is up (issue 17);
 * 3. virus scan of every byte by clamd (server/uploads/scan-bytes.ts), before anything is
 *    stored or decoded -> `file_infected` (audited with the signature names),
 *    `scanner_not_configured` (no clamd address at all: the operator has to set one) or
 *    `scanner_unavailable` (clamd did not answer: transient). Both fail closed; only test mode
 *    with `SCANNER=off` skips the scan;
 * 4. Aadhaar masking (server/uploads/mask-aadhaar.ts, by `kind`): an Aadhaar card's number
 *    (first 8 digits) and QR are blacked out and the masked page replaces the upload from here
 *    on (type, size, SHA-256, display copy, storage); only its last 4 digits are kept
 *    (`aadhaarLast4`) -> `aadhaar_unreadable` when the number cannot be located (nothing stored);
 * 5. a PDF must open without a password and have a page (server/uploads/pdf-check.ts) ->
 *    `file_encrypted`, `file_no_pages`, `file_unreadable` (checked before masking); display copy of
 *    images (server/uploads/display-copy.ts) -> `file_unreadable` for a JPEG/PNG/WebP that does not decode;
 * 6. blobs into the BlobStore (server/evidence/blob-store.ts), then the `evidence_files` row and
 *    its audit row in one transaction. If that transaction fails, the blobs are deleted again:
 *    no blob without a row, no row without its blobs.
 */
import { createHash } from "node:crypto";
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { type BlobStore, blobStore } from "../evidence/blob-store";
import { DomainError, notFound } from "../errors";
import type { EvidenceFile } from "../generated/prisma/client";
import type { Mode } from "../generated/prisma/enums";
import { newId } from "../ids";
import { recordUpload } from "../metrics/metrics";
import { DISPLAY_CONTENT_TYPE, renderDisplayCopy } from "./display-copy";
import { aadhaarMaskingFor, maskAadhaar } from "./mask-aadhaar";
import { checkPdf } from "./pdf-check";
import { ScannerUnavailableError, type ScanVerdict, scanBytes } from "./scan-bytes";
import { type ScannerConfig, scannerConfig } from "./upload-config";
import { MAX_UPLOAD_BYTES, sniffUploadType } from "./upload-types";

export interface AcceptUploadInput {
  db: Db;
  projectId: string;
  /** The session the file belongs to; null only for a Files API upload attached to no session (then `actor` is required). */
  sessionId: string | null;
  /** Test and live uploads differ only in whether `SCANNER=off` may skip the scan. */
  mode: Mode;
  /** Workflow step name the file belongs to (e.g. `pan`; `files` for a Files API upload). */
  step: string;
  /**
   * What the file shows (e.g. `pan_card_front`, `selfie`, `statement`; Files API: its purpose,
   * e.g. `identity_document`). Decides Aadhaar masking (`aadhaarMaskingFor`).
   */
  kind: string;
  /** The purpose a backend declared (Files API, server/files/files.ts); absent for hosted-flow uploads. */
  purpose?: string;
  /** The uploaded bytes, exactly as received. */
  bytes: Uint8Array;
  /** The browser's file name: accepted for the caller's convenience, never used to type the file, never stored. */
  declaredName?: string;
  /** Who uploads; default the applicant of the session (required without a session). */
  actor?: Actor;
}

/** Replaceable collaborators (tests): the store defaults to `blobStore()`, the scanner to `scannerConfig()`. */
export interface AcceptUploadDeps {
  store?: BlobStore;
  scanner?: ScannerConfig;
}

const ALLOWED_LIST = "a JPEG, PNG, WebP or HEIC photo, or a PDF";

/**
 * Checks, scans, re-encodes and stores one upload, and records it as an evidence file; counts
 * it in the metric `uploads_total` by outcome (`stored` or the error code).
 * @returns the new `evidence_files` row (`id` `file_...`, `contentType` = sniffed type, `size` in
 *   bytes, `sha256` hex of the original, `storageKey`, `displayKey` of the WebP display copy or
 *   null, `scanStatus` `clean` | `skipped`; for a masked Aadhaar: type, size and SHA-256 of the
 *   masked page and `aadhaarLast4`).
 * @throws DomainError `resource_missing` (a `sessionId` of no session in this project and mode),
 *   `file_too_large` (413, > 15 MiB), `file_type_not_allowed` (415; also for an empty file;
 *   checked before the scan), `file_infected` (422; nothing stored, an audit row
 *   `evidence.upload_infected` names the signatures), `scanner_not_configured` (503, no clamd
 *   address), `scanner_unavailable` (503, clamd did not answer), `file_unreadable` (422),
 *   `aadhaar_unreadable` (422, the Aadhaar number could not be located to mask it),
 *   `file_encrypted` / `file_no_pages` (422, a PDF with a password or without a page).
 */
export async function acceptUpload(input: AcceptUploadInput, deps: AcceptUploadDeps = {}): Promise<EvidenceFile> {
  try {
    const row = await storeUpload(input, deps);
    recordUpload("stored");
    return row;
  } catch (err) {
    recordUpload(err instanceof DomainError ? err.code : "error");
    throw err;
  }
}

async function storeUpload(input: AcceptUploadInput, deps: AcceptUploadDeps): Promise<EvidenceFile> {
  const { db, projectId, sessionId, mode, step, kind, purpose, bytes } = input;
  const actor: Actor | undefined = input.actor ?? (sessionId ? { type: "applicant", id: sessionId } : undefined);
  if (!actor) throw new Error("acceptUpload: an upload without a session needs its actor");

  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new DomainError("file_too_large", `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB. Upload a smaller file.`, {
      param: "file",
      details: { max_bytes: MAX_UPLOAD_BYTES, size: bytes.byteLength },
    });
  }
  if (bytes.byteLength === 0) throw new DomainError("file_type_not_allowed", `The file is empty. Upload ${ALLOWED_LIST}.`, { param: "file" });

  if (sessionId) {
    const session = await db.session.findFirst({ where: { id: sessionId, projectId, mode }, select: { id: true } });
    if (!session) throw notFound("session", sessionId, "session_id");
  }

  const sniffed = await sniffUploadType(bytes);
  if (!sniffed) {
    throw new DomainError("file_type_not_allowed", `This type of file is not accepted. Upload ${ALLOWED_LIST}.`, { param: "file" });
  }

  const sha256Of = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
  const scanner = deps.scanner ?? scannerConfig();
  let scanStatus: "clean" | "skipped" = "skipped";
  if (!(mode === "test" && scanner.skipTestMode)) {
    if (!scanner.clamd) {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "upload refused: no virus scanner configured (CLAMD_SOCKET or CLAMD_HOST/CLAMD_PORT)",
          session_id: sessionId,
          mode,
        }),
      );
      throw new DomainError("scanner_not_configured", "This service is not set up to accept files yet: no virus scanner is configured.");
    }
    let verdict: ScanVerdict;
    try {
      verdict = await scanBytes(bytes, scanner);
    } catch (err) {
      if (!(err instanceof ScannerUnavailableError)) throw err;
      console.error(JSON.stringify({ level: "error", msg: "upload refused: virus scanner unavailable", session_id: sessionId, mode, error: err.message }));
      throw new DomainError("scanner_unavailable", "Uploads cannot be checked right now. Try again in a few minutes.");
    }
    if (verdict.infected) {
      await db.$transaction((tx) =>
        writeAudit(tx, {
          actor,
          action: "evidence.upload_infected",
          objectType: sessionId ? "session" : "project",
          objectId: sessionId ?? projectId,
          projectId,
          mode,
          data: { step, kind, size: bytes.byteLength, sha256: sha256Of(bytes), signatures: verdict.signatures },
        }),
      );
      throw new DomainError("file_infected", "This file was refused by our security check. Upload a different file.", { param: "file" });
    }
    scanStatus = "clean";
  }

  if (sniffed === "application/pdf") await checkPdf(bytes);
  // from here on only the masked page of an Aadhaar card exists
  const masked = await maskAadhaar(bytes, sniffed, aadhaarMaskingFor(kind));
  const stored = masked?.bytes ?? bytes;
  const contentType = masked?.contentType ?? sniffed;
  const size = stored.byteLength;
  const sha256 = sha256Of(stored);
  const aadhaarLast4 = masked?.last4 ?? null;

  const display = await renderDisplayCopy(stored, contentType);

  const store = deps.store ?? blobStore();
  const id = newId("evidence");
  const storageKey = `${projectId}/${sessionId ?? `files-${mode}`}/${id}`;
  const displayKey = display ? `${storageKey}.display.webp` : null;
  const written: string[] = [];
  try {
    written.push(storageKey);
    await store.put(storageKey, stored, { contentType });
    if (display && displayKey) {
      written.push(displayKey);
      await store.put(displayKey, display, { contentType: DISPLAY_CONTENT_TYPE });
    }
    return await db.$transaction(async (tx) => {
      const row = await tx.evidenceFile.create({
        data: { id, projectId, mode, sessionId, step, kind, purpose, contentType, size, sha256, storageKey, displayKey, scanStatus, aadhaarLast4 },
      });
      await writeAudit(tx, {
        actor,
        action: "evidence.uploaded",
        objectType: "evidence_file",
        objectId: id,
        projectId,
        mode,
        data: {
          session_id: sessionId,
          step,
          kind,
          purpose,
          content_type: contentType,
          size,
          sha256,
          scan_status: scanStatus,
          ...(masked ? { aadhaar_masked: masked.masked } : {}),
        },
      });
      return row;
    });
  } catch (err) {
    const results = await Promise.allSettled(written.map((key) => store.delete(key)));
    const leaked = written.filter((_, i) => results[i]?.status === "rejected");
    if (leaked.length > 0) console.error(JSON.stringify({ level: "error", msg: "upload rollback left blobs behind", keys: leaked }));
    throw err;
  }
}
