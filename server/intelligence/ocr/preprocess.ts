/**
 * Image preparation for Tesseract with sharp: upright (EXIF orientation), grey, contrast
 * stretched, scaled so text is large enough (Tesseract reads best at ~30 px capital height;
 * phone photos of ID cards are usually far above, small scans below). Output PNG.
 */
import sharp from "sharp";

/** Pages narrower than this are enlarged; wider than OCR_MAX_WIDTH are reduced. */
export const OCR_MIN_WIDTH = 1200;
export const OCR_MAX_WIDTH = 2400;

/**
 * @param bytes an encoded image (JPEG, PNG, WebP, TIFF, ...).
 * @returns PNG bytes ready for `recognizeText`.
 * @throws Error when the image does not decode.
 */
export async function prepareForOcr(bytes: Uint8Array): Promise<Buffer> {
  const img = sharp(bytes, { failOn: "error", limitInputPixels: 268_402_689 }).autoOrient();
  const meta = await img.metadata();
  const width = (meta.autoOrient?.width ?? meta.width) || OCR_MIN_WIDTH;
  const target = width < OCR_MIN_WIDTH ? OCR_MIN_WIDTH : width > OCR_MAX_WIDTH ? OCR_MAX_WIDTH : width;
  return img.resize({ width: target, kernel: "lanczos3" }).grayscale().normalise().png({ compressionLevel: 1 }).toBuffer();
}

/** The bottom `fraction` of a prepared page (where a TD3 MRZ sits), PNG. */
export async function bottomBand(page: Buffer, fraction = 0.3): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(page).metadata();
  const top = Math.floor(height * (1 - fraction));
  return sharp(page)
    .extract({ left: 0, top, width, height: height - top })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
