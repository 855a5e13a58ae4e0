"use client";
/**
 * /dashboard/workflows: the project's workflows (name, type, current version, draft changes,
 * updated), "New workflow", and for owners, admins and developers rename and archive/restore
 * (server/workflows/manage-workflow.ts: an archived workflow takes no new sessions and leaves
 * GET /v1/workflows; running sessions keep their version).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "~/components/ui/field-error";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { clientErrorInfo } from "~/components/trpc/domain-error";
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
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.workflows.list.pathKey() });
  const rename = useMutation(trpc.workflows.rename.mutationOptions({ onSuccess: () => (setRenaming(null), void refresh()) }));
  const archive = useMutation(trpc.workflows.archive.mutationOptions({ onSuccess: () => void refresh() }));
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
              ...(canManage ? [{ label: "Actions", className: "px-4 py-2.5 text-right font-medium" }] : []),
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
                  {w.archived ? (
                    <Badge tone="gray">Archived</Badge>
                  ) : w.version ? (
                    <Badge tone="green" dot>
                      Version {w.version}
                    </Badge>
                  ) : (
                    <Badge tone="gray">Not published</Badge>
                  )}
                </td>
                <td className="px-4 py-2.5">{w.draftChanges ? <Badge tone="amber">Draft changes</Badge> : <span className="text-slate-500">—</span>}</td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap text-slate-600">
                  <RelativeTime date={w.updatedAt} />
                </td>
                {canManage ? (
                  <td className="relative z-10 px-4 py-2.5 text-right whitespace-nowrap">
                    <Button size="sm" variant="ghost" onClick={() => (rename.reset(), setRenaming({ id: w.id, name: w.name }))} data-testid="workflow-rename">
                      Rename
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={archive.isPending && archive.variables?.id === w.id}
                      onClick={() => archive.mutate({ ...tenant, id: w.id, archived: !w.archived })}
                      data-testid={w.archived ? "workflow-restore" : "workflow-archive"}
                    >
                      {w.archived ? "Restore" : "Archive"}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        </Card>
      )}

      {archive.isError ? <FormError>{clientErrorInfo(archive.error).message}</FormError> : null}
      <Modal
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        title="Rename workflow"
        description="Sessions and versions keep their workflow; the API shows the new name at once."
      >
        {renaming ? (
          <form
            className="space-y-4 pb-5"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              rename.mutate({ ...tenant, id: renaming.id, name: renaming.name });
            }}
          >
            <FormError>{rename.isError ? clientErrorInfo(rename.error).message : null}</FormError>
            <Field id="workflow-name" label="Name">
              <Input id="workflow-name" value={renaming.name} maxLength={100} onChange={(e) => setRenaming({ ...renaming, name: e.target.value })} autoFocus />
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={rename.isPending}>
                Rename
              </Button>
            </div>
          </form>
        ) : null}
      </Modal>

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
