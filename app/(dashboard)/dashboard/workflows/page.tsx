import type { Metadata } from "next";
import { WorkflowsView } from "~/components/dashboard/workflows/workflows-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Workflows" };

export default function WorkflowsPage() {
  return <WorkflowsView />;
}
