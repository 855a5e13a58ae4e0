import type { Metadata } from "next";
import { headers } from "next/headers";
import { earlyStateScript } from "~/components/flow/early-state";
import { FlowApp } from "~/components/flow/flow-app";
import { loadFirstMessages } from "~/components/flow/i18n/locales";
import { getDb } from "~/server/db";
import { pageLocale } from "~/server/embed/flow-frame-ancestors";
import { getFlowPreview } from "~/server/flow/flow-state";

/** The title in the session's language (the proxy passes it on; the flow adds the organization once it knows it). */
export async function generateMetadata(): Promise<Metadata> {
  const messages = await loadFirstMessages(pageLocale(await headers()));
  return { title: messages.common.pageTitle, robots: { index: false, follow: false } };
}

/**
 * The hosted applicant flow. The server never sees the client token (it is in the URL
 * fragment); everything the token opens happens in the browser, see
 * components/flow/flow-app.tsx. The server renders the frame in the session's language, and an
 * inline script after it asks for the session's state before the app's bundle has loaded
 * (components/flow/early-state.ts; after the frame, so that the parser reaches the first screen's
 * HTML while the stylesheet is still loading, and the browser paints it as soon as it arrives). What the server may show of the session without the token
 * (its current step, the workflow's and the project's part of the state) is painted from the
 * HTML until then (components/flow/first-paint.tsx); an unreadable session (database down)
 * paints the spinner instead.
 */
export default async function FlowPage({ params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  const locale = pageLocale(await headers());
  const preview = await getDb()
    .then((db) => getFlowPreview(db, sessionId))
    .catch(() => null);
  return (
    <>
      <FlowApp sessionId={sessionId} locale={locale} messages={locale === "en" ? undefined : await loadFirstMessages(locale)} preview={preview} />
      <script dangerouslySetInnerHTML={{ __html: earlyStateScript(sessionId) }} />
    </>
  );
}
