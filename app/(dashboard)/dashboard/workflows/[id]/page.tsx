import type { Metadata } from "next";
import { WorkflowEditorView } from "~/components/dashboard/workflows/workflow-editor";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Workflow ${id}` };
}

export default async function WorkflowPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WorkflowEditorView id={id} />;
}
