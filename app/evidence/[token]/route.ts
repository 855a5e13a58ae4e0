/** Downloads an evidence file by its short-lived address (server/evidence/evidence.ts). */
import { getDb } from "~/server/db";
import { openEvidence } from "~/server/evidence/evidence";
import { clientIp } from "~/server/http/client-ip";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const file = await openEvidence(await getDb(), token, clientIp(req.headers));
  if (!file) {
    return Response.json(
      { error: { type: "not_found_error", code: "resource_missing", message: "This evidence address is invalid or has expired. Request a new one." } },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }
  return new Response(new Uint8Array(file.body), { status: 200, headers: file.headers });
}
