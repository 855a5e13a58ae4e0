import type { Metadata } from "next";
import { ClaimHandoffScreen } from "~/components/flow/handoff/claim-handoff-screen";

export const metadata: Metadata = {
  title: "Verify your identity",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/**
 * A "continue on your phone" link, `/h/{code}` (server/flow/flow-handoff.ts): the page posts the
 * code (opening the link is not enough: a link preview never uses it up), then opens the flow
 * with the client token it got, or says why the link does not work.
 */
export default async function HandoffPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  return <ClaimHandoffScreen code={code} />;
}
