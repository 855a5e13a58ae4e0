"use client";
/** /dashboard/workflows: the project's workflows (name, type, current version, draft changes, updated) and "New workflow". */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn, focusRing } from "~/components/ui/cn";
import { useTRPC } from "~/components/trpc/react";
import { DataTable } from "../data-table";
import { Modal } from "../modal";
import { PageHeader } from "../page-header";
import { ErrorCard, LoadingCard } from "../query-states";
import { RelativeTime } from "../relative-time";
import { useWorkspace } from "../workspace";
import { CreateWorkflowForm } from "./create-workflow-form";

export function WorkflowsView() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const list = useQuery(trpc.workflows.list.queryOptions(tenant));
  const create = useMutation(trpc.workflows.create.mutationOptions());
  const [creating, setCreating] = useState(false);
  const canManage = ws.can("manageWorkflows");
  const newButton = canManage ? <Button onClick={() => setCreating(true)}>New workflow</Button> : null;

  return (
    <div>
      <PageHeader
        title="Workflows"
        description="The steps an applicant goes through and the rules that decide a session. Workflows apply to test and live mode."
        actions={newButton}
      />
      {list.isPending ? (
        <LoadingCard label="Loading workflows" />
      ) : list.isError ? (
        <ErrorCard what="workflows" message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card className="px-6 py-10 text-center" data-testid="workflows-empty">
          <p className="text-sm font-medium text-slate-900">No workflows yet</p>
          <p className="mx-auto mt-1 max-w-lg text-sm text-slate-500">
            A workflow lists the steps of a verification and its decision rules. Start from the KYC or KYB template, preview it, then publish it to create
            sessions with it.
          </p>
          {newButton ? <div className="mt-4">{newButton}</div> : null}
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <DataTable
            columns={[
              { label: "Name" },
              { label: "Type" },
              { label: "Current version" },
              { label: "Draft" },
              { label: "Updated", className: "px-4 py-2.5 text-right font-medium" },
            ]}
          >
            {list.data.map((w) => (
              <tr key={w.id} className="relative hover:bg-slate-50" data-testid="workflow-row">
                <td className="px-4 py-2.5">
                  <Link
                    href={ws.href(`/dashboard/workflows/${w.id}`)}
                    className={cn("font-medium text-slate-900 after:absolute after:inset-0 hover:text-brand-700", focusRing)}
                  >
                    {w.name}
                  </Link>
                  <p className="font-mono text-xs text-slate-500">{w.id}</p>
                </td>
                <td className="px-4 py-2.5 text-slate-700">{w.type === "kyc" ? "KYC" : "KYB"}</td>
                <td className="px-4 py-2.5">
                  {w.version ? (
                    <Badge tone="green" dot>
                      Version {w.version}
                    </Badge>
                  ) : (
                    <Badge tone="gray">Not published</Badge>
                  )}
                </td>
                <td className="px-4 py-2.5">{w.draftChanges ? <Badge tone="amber">Draft changes</Badge> : <span className="text-slate-400">—</span>}</td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap text-slate-600">
                  <RelativeTime date={w.updatedAt} />
                </td>
              </tr>
            ))}
          </DataTable>
        </Card>
      )}

      <Modal open={creating} onClose={() => setCreating(false)} title="New workflow" description="It starts as a draft you can edit, preview and publish.">
        {creating ? (
          <div className="pb-5">
            <CreateWorkflowForm
              onCancel={() => setCreating(false)}
              onSubmit={async (values) => {
                const { id } = await create.mutateAsync({ ...tenant, ...values });
                await queryClient.invalidateQueries({ queryKey: trpc.workflows.list.pathKey() });
                router.push(ws.href(`/dashboard/workflows/${id}`));
              }}
            />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
