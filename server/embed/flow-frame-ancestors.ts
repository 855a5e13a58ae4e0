/**
 * What the hosted flow's page needs from its session before it renders (proxy.ts): who may frame
 * it, and its language.
 *
 * Who may frame the hosted flow (issue 18, the embeddable modal): the page of a session sends
 * `Content-Security-Policy: frame-ancestors` with its project's allowed origins (the dashboard's
 * "Allowed origins", the same list that vets `redirect_url`), so the flow opens in a modal on
 * the integrator's own site and nowhere else. A project without allowed origins, or an unknown
 * session, gets `'none'`: the flow is never framed by default. Every other page of the app
 * sends `frame-ancestors 'none'` (server/http/security-headers.ts).
 */
import type { Db } from "../db";
import { ZLocale, type TLocale } from "../workflows/workflow.schemas";

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

/**
 * The request header that carries the flow page's language from the proxy to the page and the
 * root layout (`<html lang>`, WCAG 3.1.1: the first HTML of a Hindi page says `lang="hi"`).
 */
export const FLOW_LOCALE_HEADER = "x-verify-flow-locale";

/**
 * The language of the page a request renders: the flow page's session's language (the header
 * the proxy sets), else "en" (every other page). Anything but a flow language reads as "en".
 */
export function pageLocale(headers: Headers): TLocale {
  const parsed = ZLocale.safeParse(headers.get(FLOW_LOCALE_HEADER));
  return parsed.success ? parsed.data : "en";
}

/**
 * What session `sessionId`'s flow page sends: `csp`, the value of its `Content-Security-Policy`
 * header (`frame-ancestors 'none'` for an unknown session), and `locale`, the session's language
 * (the last one the applicant chose; null for an unknown session). The language is no secret of
 * the session: the page's `lang` says it anyway.
 */
export async function flowPageSession(db: Db, sessionId: string): Promise<{ csp: string; locale: TLocale | null }> {
  const s = await db.session.findUnique({ where: { id: sessionId }, select: { locale: true, project: { select: { allowedOrigins: true } } } });
  // stored normalized (server/projects/allowed-origins.ts); anything else never reaches the header
  const origins = (s?.project.allowedOrigins ?? []).filter((o) => /^https?:\/\/[^\s;,'"]+$/.test(o));
  const locale = ZLocale.safeParse(s?.locale);
  return { csp: origins.length ? `frame-ancestors ${origins.join(" ")}` : NOT_FRAMED, locale: locale.success ? locale.data : null };
}
