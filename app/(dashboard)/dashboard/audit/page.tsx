import type { Metadata } from "next";
import { AuditLogView } from "~/components/dashboard/audit/audit-log";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { session } = await searchParams;
  return <AuditLogView initialSessionId={typeof session === "string" ? session : undefined} />;
}
