import type { Metadata } from "next";
import { InviteScreen } from "./invite-screen";

export const metadata: Metadata = {
  title: "Verify your identity",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/**
 * A key person's invitation link, `/flow/{sessionId}/invite#k=ki_...` (server/kyb/key-person-invite.ts).
 * The server never sees the invite token (it is in the URL fragment); the page reads it in the
 * browser and opens the flow, asks before taking over a device, or says why the link does not work.
 */
export default async function InvitePage({ params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return <InviteScreen sessionId={sessionId} />;
}
