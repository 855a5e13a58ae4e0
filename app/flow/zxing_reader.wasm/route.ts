/**
 * ZXing-C++'s QR reader as WebAssembly, for the flow's camera and photo QR reading
 * (components/flow/capture/qr-reader.ts) in browsers without a native Barcode Detection API.
 * Served from our origin (no CDN: the flow must work where only this site is reachable), read
 * once from the installed `zxing-wasm` package, the exact build the `barcode-detector` ponyfill
 * expects (its ZXING_WASM_SHA256; route.test.ts checks it). The client asks for
 * `?v=<zxing-wasm version>`, so the answer can be cached for a year.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-static";

const WASM_FILE = path.join(process.cwd(), "node_modules", "zxing-wasm", "dist", "reader", "zxing_reader.wasm");

let bytes: Promise<Buffer> | null = null;

export async function GET(): Promise<Response> {
  bytes ??= readFile(WASM_FILE).catch((err: unknown) => {
    bytes = null;
    throw err;
  });
  return new Response(new Uint8Array(await bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/wasm",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
