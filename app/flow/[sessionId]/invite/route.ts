/**
 * GET /flow/{sessionId}/invite?k=ki_...: a KYB key person's invitation link (emailed, or copied
 * by the business's applicant; server/kyb/key-person-invite.ts). A genuine link of an active
 * session issues a fresh client token and answers 303 to the hosted flow with the token in the
 * fragment; otherwise 303 to the invitation's problem page (./problem), which says why in the
 * flow's own words. Never cached; no Referer leaves with the invite token.
 */
import { getDb } from "~/server/db";
import { clientIp } from "~/server/http/client-ip";
import { redeemKeyPersonInvite } from "~/server/kyb/key-person-invite";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ sessionId: string }> }): Promise<Response> {
  const { sessionId } = await params;
  const k = new URL(req.url).searchParams.get("k") ?? "";
  const result = await redeemKeyPersonInvite(await getDb(), sessionId, k, clientIp(req.headers));
  const location = "url" in result ? result.url : `/flow/${encodeURIComponent(sessionId)}/invite/problem?k=${encodeURIComponent(k)}`;
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}
