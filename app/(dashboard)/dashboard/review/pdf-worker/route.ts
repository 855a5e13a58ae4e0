/**
 * The pdfjs-dist worker of the evidence viewer (components/dashboard/review/evidence-viewer.tsx),
 * served from our own origin (no CDN), read once from the installed package.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-static";

let worker: Promise<Buffer> | null = null;

export async function GET(): Promise<Response> {
  worker ??= readFile(path.join(process.cwd(), "node_modules", "pdfjs-dist", "build", "pdf.worker.min.mjs"));
  return new Response(new Uint8Array(await worker), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" },
  });
}
