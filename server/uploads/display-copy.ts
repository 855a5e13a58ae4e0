/**
 * The display copy of an image upload: what a reviewer's browser is shown instead of the
 * applicant's original. Re-encoding with `sharp` (libvips) applies the EXIF orientation, drops
 * every metadata block (EXIF incl. GPS, XMP, IPTC, ICC after conversion to sRGB), bounds the size
 * and leaves no polyglot payload from the original file. The original bytes and their SHA-256
 * remain the evidence; the copy is a convenience.
 *
 * HEIC: the prebuilt `sharp` binaries carry libheif without an HEVC decoder (only AV1/AVIF), so
 * HEIC/HEIF uploads usually get no display copy (`sharp.format.heif.input.fileSuffix` then
 * lacks `.heic`). They are stored all the same; a sharp built with libde265 renders them.
 */
import sharp from "sharp";
import { DomainError } from "../errors";
import type { UploadType } from "./upload-types";

/** Longest side of a display copy in pixels (never enlarged). */
export const DISPLAY_MAX_PX = 1600;
/** Display copies are WebP. */
export const DISPLAY_CONTENT_TYPE = "image/webp";
/** Refuse to decode images above this many pixels (decompression bombs); a 200 MP phone photo still fits. */
export const MAX_INPUT_PIXELS = 268_402_689;

/** True when this sharp build can decode HEVC-coded HEIF (`.heic` among heifload's suffixes). */
export function heicDecodable(): boolean {
  return sharp.format.heif?.input.fileSuffix?.includes(".heic") ?? false;
}

/**
 * A bounded WebP copy of an image upload for display, or null when there is none: PDFs, and
 * HEIC/HEIF that this sharp build cannot decode.
 * @param bytes the original upload, already scanned and sniffed.
 * @param type its sniffed type (server/uploads/upload-types.ts).
 * @returns WebP bytes, at most DISPLAY_MAX_PX on the longest side, upright, without metadata.
 * @throws DomainError `file_unreadable` when a JPEG, PNG or WebP cannot be decoded (corrupt,
 *   truncated, or above MAX_INPUT_PIXELS).
 */
export async function renderDisplayCopy(bytes: Uint8Array, type: UploadType): Promise<Buffer | null> {
  if (type === "application/pdf") return null;
  const heif = type === "image/heic" || type === "image/heif";
  if (heif && !heicDecodable()) return null;
  try {
    return await sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // HEIC support is the fragile part of sharp builds: keep the original, skip the copy.
    if (heif) return null;
    throw new DomainError("file_unreadable", "This image could not be read. It may be damaged; upload it again or choose another file.", { param: "file" });
  }
}
