import type { Metadata } from "next";
import { AcceptInvitation } from "~/components/dashboard/account-forms";

export const metadata: Metadata = { title: "Join your team" };

/** Opened from the emailed link `/invite#token=...`. */
export default function InvitePage() {
  return <AcceptInvitation />;
}
