/**
 * A project's hosted-flow logo (server/projects/project-logo.ts): public, since the applicant's
 * page shows it. Each upload gets a new address, so it is cached forever. Logos are PNG or
 * WebP (SVG uploads are rasterised), served with a sandboxing Content-Security-Policy anyway.
 */
import { getDb } from "~/server/db";
import { readProjectLogo } from "~/server/projects/project-logo";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ projectId: string; file: string }> }): Promise<Response> {
  const { projectId, file } = await params;
  const logo = await readProjectLogo(await getDb(), projectId, file);
  if (!logo) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(logo.bytes), {
    status: 200,
    headers: {
      "Content-Type": logo.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
