import type { Metadata } from "next";
import { TeamView } from "~/components/dashboard/team";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Team" };

export default function TeamPage() {
  return <TeamView />;
}
