/**
 * GET /digilocker-sandbox/consent?<the authorization request>&person=<id> (or &decision=deny):
 * the sandbox consent page's answer (server/providers/digilocker-sandbox.ts): 303 to the flow's
 * callback with a code for that sandbox person, or with `error=access_denied`. Only the flow's
 * own callback is ever a destination (400 otherwise).
 */
import { sandboxConsentRedirect } from "~/server/providers/digilocker-sandbox";

export const dynamic = "force-dynamic";

export function GET(req: Request): Response {
  const q = Object.fromEntries(new URL(req.url).searchParams);
  const location = sandboxConsentRedirect(q, q.decision === "deny" ? null : (q.person ?? ""));
  if (!location) return new Response("Not a request the sandbox DigiLocker answers.", { status: 400, headers: { "cache-control": "no-store" } });
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}
