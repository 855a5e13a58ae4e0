"use client";
/** /dashboard/webhooks: the endpoints of the project's current mode, and adding one (secret shown once). */
import { DataTable } from "../data-table";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn, focusRing } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Spinner } from "~/components/ui/spinner";
import { useTRPC } from "~/components/trpc/react";
import { Modal } from "../modal";
import { PageHeader } from "../page-header";
import { RelativeTime } from "../relative-time";
import { useWorkspace } from "../workspace";
import { EndpointForm } from "./endpoint-form";
import { WebhookAlertList } from "./webhook-alerts";
import { canManageWebhooks, describeSubscriptions, EndpointStatusBadge, SecretBox } from "./webhook-ui";

export function WebhooksView() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ id: string; secret: string; url: string } | null>(null);
  const list = useQuery(trpc.webhooks.list.queryOptions({ projectId: ws.project.id, mode: ws.mode }));
  const create = useMutation(trpc.webhooks.create.mutationOptions());
  const canManage = canManageWebhooks(ws.role);

  return (
    <div>
      <PageHeader
        title="Webhooks"
        description={`Endpoints that receive this project's ${ws.mode} events, signed with Service-Signature.`}
        actions={
          <>
            <Link href={ws.href("/dashboard/events")} className={buttonClasses({ variant: "secondary", size: "md" })}>
              Events
            </Link>
            {canManage ? <Button onClick={() => setAdding(true)}>Add endpoint</Button> : null}
          </>
        }
      />
      <WebhookAlertList />
      {list.isPending ? (
        <Card className="flex h-40 items-center justify-center text-slate-500">
          <Spinner className="size-5" label="Loading endpoints" />
        </Card>
      ) : list.isError ? (
        <FormError>Could not load webhook endpoints: {list.error.message}</FormError>
      ) : list.data.data.length === 0 ? (
        <Card className="px-6 py-10 text-center" data-testid="webhooks-empty">
          <p className="text-sm font-medium text-slate-900">No {ws.mode} webhook endpoints yet</p>
          <p className="mx-auto mt-1 max-w-lg text-sm text-slate-500">
            Add an endpoint to be told when a session changes status or a check finishes. Verify each delivery&apos;s signature, de-duplicate on the event id,
            answer 2xx, then fetch the session: deliveries can repeat and arrive out of order.
          </p>
          {canManage ? (
            <Button className="mt-4" onClick={() => setAdding(true)}>
              Add endpoint
            </Button>
          ) : null}
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <DataTable
            columns={[{ label: "Endpoint" }, { label: "Events" }, { label: "Status" }, { label: "Created", className: "px-4 py-2.5 text-right font-medium" }]}
          >
            {list.data.data.map((e) => (
              <tr key={e.id} className="relative hover:bg-slate-50" data-testid="endpoint-row">
                <td className="max-w-md px-4 py-2.5">
                  <Link
                    href={ws.href(`/dashboard/webhooks/${e.id}`)}
                    className={cn("block truncate font-mono text-[13px] text-slate-900 after:absolute after:inset-0 hover:text-brand-700", focusRing)}
                    title={e.url}
                  >
                    {e.url}
                  </Link>
                  {e.description ? <p className="truncate text-xs text-slate-500">{e.description}</p> : null}
                </td>
                <td className="max-w-xs truncate px-4 py-2.5 text-slate-600" title={e.events.join(", ")}>
                  {describeSubscriptions(e.events)}
                </td>
                <td className="px-4 py-2.5">
                  <EndpointStatusBadge endpoint={e} />
                </td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap text-slate-600">
                  <RelativeTime date={e.created_at} />
                </td>
              </tr>
            ))}
          </DataTable>
        </Card>
      )}

      <Modal
        open={adding}
        onClose={() => setAdding(false)}
        title={`Add a ${ws.mode} webhook endpoint`}
        description="Deliveries are POSTed as JSON and signed with a secret shown once."
      >
        {adding ? (
          <div className="pb-5">
            <EndpointForm
              mode={ws.mode}
              submitLabel="Add endpoint"
              onCancel={() => setAdding(false)}
              onSubmit={async (values) => {
                const result = await create.mutateAsync({ projectId: ws.project.id, mode: ws.mode, ...values });
                await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.pathKey() });
                setAdding(false);
                setCreated({ id: result.id, secret: result.secret, url: result.url });
              }}
            />
          </div>
        ) : null}
      </Modal>

      <Modal
        open={!!created}
        onClose={() => setCreated(null)}
        dismissable={false}
        title="Save the signing secret"
        description="This is the only time the secret is shown. Store it with your receiver; it verifies the Service-Signature header of every delivery."
        footer={
          <Button
            onClick={() => {
              const id = created?.id;
              setCreated(null);
              if (id) router.push(ws.href(`/dashboard/webhooks/${id}`));
            }}
          >
            I saved the secret
          </Button>
        }
      >
        {created ? (
          <div className="space-y-2">
            <p className="truncate font-mono text-xs text-slate-500">{created.url}</p>
            <SecretBox secret={created.secret} />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
