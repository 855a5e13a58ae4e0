/**
 * JPEG 2000 decoding (the photo of an Aadhaar Secure QR code, and of offline e-KYC files that
 * carry one) with OpenJPEG compiled to WASM: `@cornerstonejs/codec-openjpeg` (1.3.6, its
 * decode-only build). Reads both the JP2 file format and a raw J2K codestream. The prebuilt sharp
 * (libvips without OpenJPEG) cannot.
 */
import { loadNodeModule } from "../node-modules";

interface FrameInfo {
  width: number;
  height: number;
  bitsPerSample: number;
  componentCount: number;
  isSigned: boolean;
}
interface J2KDecoder {
  getEncodedBuffer(length: number): Uint8Array;
  decode(): void;
  getDecodedBuffer(): Uint8Array;
  getFrameInfo(): FrameInfo;
  delete(): void;
}
interface OpenJpegModule {
  J2KDecoder: new () => J2KDecoder;
}
type OpenJpegFactory = (options?: { print?: (s: string) => void; printErr?: (s: string) => void }) => Promise<OpenJpegModule>;

/** JP2 signature box (ISO/IEC 15444-1 I.5.1) and the J2K codestream's SOC + SIZ markers. */
const JP2_SIGNATURE = [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
const J2K_START = [0xff, 0x4f, 0xff, 0x51];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** Whether the bytes are a JPEG 2000 file (JP2) or codestream (J2K), by their first bytes. */
export function isJpeg2000(bytes: Uint8Array): boolean {
  return startsWith(bytes, JP2_SIGNATURE) || startsWith(bytes, J2K_START);
}

let codec: Promise<OpenJpegModule> | null = null;

/** The WASM module, instantiated once per process (~30 ms); its log lines are dropped. */
function openJpeg(): Promise<OpenJpegModule> {
  codec ??= loadNodeModule<OpenJpegFactory>("@cornerstonejs/codec-openjpeg/decodewasmjs")({ print: () => {}, printErr: () => {} }).catch((err: unknown) => {
    codec = null;
    throw err;
  });
  return codec;
}

/**
 * Decodes a JPEG 2000 image to interleaved 8-bit pixels.
 * @returns `channels` 1 (grey), 3 (RGB) or 4 (RGBA) values per pixel, row by row.
 * @throws Error when the bytes are not a decodable JPEG 2000 image, or use more than 8 bits or
 *   another number of components.
 */
export async function decodeJpeg2000(bytes: Uint8Array): Promise<{ data: Uint8Array; width: number; height: number; channels: 1 | 3 | 4 }> {
  const decoder = new (await openJpeg()).J2KDecoder();
  try {
    decoder.getEncodedBuffer(bytes.length).set(bytes);
    decoder.decode();
    const info = decoder.getFrameInfo();
    if (info.bitsPerSample !== 8 || info.isSigned) throw new Error(`JPEG 2000 with ${info.bitsPerSample}-bit samples is not supported`);
    const channels = info.componentCount;
    if (channels !== 1 && channels !== 3 && channels !== 4) throw new Error(`JPEG 2000 with ${channels} components is not supported`);
    const data = decoder.getDecodedBuffer().slice();
    if (data.length !== info.width * info.height * channels) throw new Error("JPEG 2000 decoded to an unexpected size");
    return { data, width: info.width, height: info.height, channels };
  } catch (err) {
    throw err instanceof Error ? err : new Error(`JPEG 2000 could not be decoded (${String(err)})`);
  } finally {
    decoder.delete();
  }
}
