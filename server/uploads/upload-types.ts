/**
 * What an upload is, decided from its bytes only (decisions.md "Limits beyond interface.md":
 * "JPEG, PNG, WebP, HEIC, PDF only, checked by content (magic bytes), not by name"). The file
 * name and the browser's declared type are never consulted.
 */
import { fileTypeFromBuffer } from "file-type";

/** Accepted MIME types, as `file-type` v21 names them. HEIF stills count as HEIC; sequences and AVIF do not. */
export const ALLOWED_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif", "application/pdf"] as const;
export type UploadType = (typeof ALLOWED_UPLOAD_TYPES)[number];

/** Largest upload in bytes: 15 MiB (decisions.md "Limits beyond interface.md"); one byte more is refused. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/**
 * The upload's type from its magic bytes (`file-type` `fileTypeFromBuffer`).
 * @returns one of ALLOWED_UPLOAD_TYPES, or null for anything else (including empty input and text).
 */
export async function sniffUploadType(bytes: Uint8Array): Promise<UploadType | null> {
  if (bytes.byteLength === 0) return null;
  const detected = await fileTypeFromBuffer(bytes);
  return detected && (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(detected.mime) ? (detected.mime as UploadType) : null;
}
