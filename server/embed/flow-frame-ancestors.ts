/**
 * Who may frame the hosted flow (issue 18, the embeddable modal): the page of a session sends
 * `Content-Security-Policy: frame-ancestors` with its project's allowed origins (the dashboard's
 * "Allowed origins", the same list that vets `redirect_url`), so the flow opens in a modal on
 * the integrator's own site and nowhere else. A project without allowed origins, or an unknown
 * session, gets `'none'`: the flow is never framed by default. Every other page of the app
 * sends `frame-ancestors 'none'` (server/http/security-headers.ts).
 */
import type { Db } from "../db";

/** `/flow/<segment>`: the flow's page itself (not its upload route, invite page or the DigiLocker callback). */
const FLOW_PAGE = /^\/flow\/([^/]+)$/;

const SESSION_ID = /^ses_[0-9A-Za-z]{1,64}$/;

/** The policy of a page no one may frame. */
export const NOT_FRAMED = "frame-ancestors 'none'";

/**
 * Whether `pathname` is the hosted flow's page: null when it is not; else its session id, or
 * null for a segment that cannot be one (its page is never framed; no lookup needed).
 */
export function flowPage(pathname: string): { sessionId: string | null } | null {
  const segment = FLOW_PAGE.exec(pathname)?.[1];
  if (segment === undefined) return null;
  return { sessionId: SESSION_ID.test(segment) ? segment : null };
}

/** The value of the `Content-Security-Policy` header of session `sessionId`'s flow page (`'none'` for an unknown session). */
export async function flowFrameAncestors(db: Db, sessionId: string): Promise<string> {
  const s = await db.session.findUnique({ where: { id: sessionId }, select: { project: { select: { allowedOrigins: true } } } });
  // stored normalized (server/projects/allowed-origins.ts); anything else never reaches the header
  const origins = (s?.project.allowedOrigins ?? []).filter((o) => /^https?:\/\/[^\s;,'"]+$/.test(o));
  return origins.length ? `frame-ancestors ${origins.join(" ")}` : NOT_FRAMED;
}
