import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getDb } from "~/server/db";
import { inspectKeyPersonInvite } from "~/server/kyb/key-person-invite";
import { InviteProblemScreen } from "./invite-problem-screen";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Verify your identity",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/**
 * Where a refused invitation link lands (app/flow/[sessionId]/invite/route.ts): the reason, in
 * the flow's frame and words. The same `k` is checked again, so the organization's name and the
 * session's language appear only for a genuine link; a link that works again is sent on.
 */
export default async function InviteProblemPage({
  params,
  searchParams,
}: {
  params: Promise<{ sessionId: string }>;
  searchParams: Promise<{ k?: string | string[] }>;
}) {
  const { sessionId } = await params;
  const { k } = await searchParams;
  const token = typeof k === "string" ? k : "";
  const problem = await inspectKeyPersonInvite(await getDb(), sessionId, token);
  if (!problem) redirect(`/flow/${encodeURIComponent(sessionId)}/invite?k=${encodeURIComponent(token)}`);
  return <InviteProblemScreen problem={problem} />;
}
