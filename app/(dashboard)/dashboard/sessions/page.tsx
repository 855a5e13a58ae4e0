import type { Metadata } from "next";
import { SessionsView } from "~/components/dashboard/sessions-table";
import { ZSessionStatus } from "~/server/sessions/session.schemas";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { status, due } = await searchParams;
  const parsed = ZSessionStatus.safeParse(status);
  return <SessionsView status={parsed.success ? parsed.data : undefined} reviewDue={due === "1"} />;
}
