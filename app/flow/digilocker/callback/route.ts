/**
 * GET /flow/digilocker/callback?code&state (or ?error=access_denied&state): where DigiLocker
 * sends the applicant back after its consent page (the redirect URI registered with DigiLocker;
 * server/digilocker/digilocker-authorization.ts). The `state` names the session and step; the
 * answer is 303 to the hosted flow with `?digilocker=<authorization id>`, which the
 * `digilocker` step submits with the applicant's client token (kept in this tab). An unknown,
 * used or expired state is a 400 page. Never cached; no Referer leaves with the code.
 */
import { completeDigilocker } from "~/server/digilocker/digilocker-authorization";
import { getDb } from "~/server/db";

export const dynamic = "force-dynamic";

const HEADERS = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

export async function GET(req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const done = await completeDigilocker(await getDb(), { state: q.get("state"), code: q.get("code"), error: q.get("error") });
  if (!done) {
    const body =
      "<!doctype html><meta charset=utf-8><title>DigiLocker</title><p>This DigiLocker link has expired or was already used. Go back to the verification page and try again.</p>";
    return new Response(body, { status: 400, headers: { ...HEADERS, "content-type": "text/html; charset=utf-8" } });
  }
  const location = `/flow/${encodeURIComponent(done.sessionId)}?digilocker=${encodeURIComponent(done.authorizationId)}`;
  return new Response(null, { status: 303, headers: { ...HEADERS, location } });
}
