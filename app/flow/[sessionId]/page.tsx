import type { Metadata } from "next";
import { FlowApp } from "~/components/flow/flow-app";

export const metadata: Metadata = {
  title: "Verify your identity",
  robots: { index: false, follow: false },
};

/**
 * The hosted applicant flow. The server never sees the client token (it is in the URL
 * fragment); everything happens in the browser, see components/flow/flow-app.tsx.
 */
export default async function FlowPage({ params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return <FlowApp sessionId={sessionId} />;
}
