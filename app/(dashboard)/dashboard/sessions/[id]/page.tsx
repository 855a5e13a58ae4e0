import type { Metadata } from "next";
import { SessionCaseView } from "~/components/dashboard/session-case";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Session ${id}` };
}

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SessionCaseView id={id} />;
}
