import type { Metadata } from "next";
import { headers } from "next/headers";
import { earlyStateScript } from "~/components/flow/early-state";
import { FlowApp } from "~/components/flow/flow-app";
import { loadMessages } from "~/components/flow/i18n/locales";
import { pageLocale } from "~/server/embed/flow-frame-ancestors";

/** The title in the session's language (the proxy passes it on; the flow adds the organization once it knows it). */
export async function generateMetadata(): Promise<Metadata> {
  const messages = await loadMessages(pageLocale(await headers()));
  return { title: messages.common.pageTitle, robots: { index: false, follow: false } };
}

/**
 * The hosted applicant flow. The server never sees the client token (it is in the URL
 * fragment); everything the token opens happens in the browser, see
 * components/flow/flow-app.tsx. The server renders the frame in the session's language, and an
 * inline script asks for the session's state before the app's bundle has loaded
 * (components/flow/early-state.ts).
 */
export default async function FlowPage({ params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  const locale = pageLocale(await headers());
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: earlyStateScript(sessionId) }} />
      <FlowApp sessionId={sessionId} locale={locale} messages={locale === "en" ? undefined : await loadMessages(locale)} />
    </>
  );
}
