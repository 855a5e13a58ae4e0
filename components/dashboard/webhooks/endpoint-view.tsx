"use client";
/**
 * /dashboard/webhooks/[id]: one endpoint: its settings and state, send a test event, edit the
 * URL and events, disable / enable, rotate the secret (new one shown once, the old one keeps
 * signing for the overlap), delete, replay since a time, and its delivery log.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { DescriptionList } from "~/components/ui/description-list";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import type { PublicEventType } from "~/server/events/event.schemas";
import { CopyButton } from "../copy-button";
import { Modal } from "../modal";
import { formatAbsolute, RelativeTime } from "../relative-time";
import { BackLink, DetailPageFallback } from "../query-states";
import { useWorkspace } from "../workspace";
import { DeliveryLog } from "./delivery-log";
import { EndpointForm } from "./endpoint-form";
import {
  type Attempt,
  AttemptResult,
  canManageWebhooks,
  DISABLED_REASON_TEXT,
  describeSubscriptions,
  EndpointStatusBadge,
  EVENT_TYPES,
  SecretBox,
  type WebhookEndpoint,
} from "./webhook-ui";

type Dialog = "edit" | "rotate" | "delete" | "test" | "replay" | null;

export function EndpointView({ id }: { id: string }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const query = useQuery(trpc.webhooks.get.queryOptions({ projectId: ws.project.id, mode: ws.mode, id }));
  const [dialog, setDialog] = useState<Dialog>(null);

  const back = <BackLink href={ws.href("/dashboard/webhooks")}>Webhooks</BackLink>;
  if (!query.data) {
    return (
      <DetailPageFallback
        back={back}
        noun="endpoint"
        error={query.error}
        notFound={
          <>
            There is no webhook endpoint <span className="font-mono">{id}</span> in the {ws.mode} mode of {ws.project.name}.
          </>
        }
      />
    );
  }
  const e = query.data;
  const canManage = canManageWebhooks(ws.role);
  return (
    <div className="space-y-5" data-testid="endpoint-view" data-status={e.status}>
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate font-mono text-lg font-semibold text-slate-900" title={e.url}>
              {e.url}
            </h1>
            <EndpointStatusBadge endpoint={e} />
          </div>
          {e.description ? <p className="mt-0.5 text-sm text-slate-500">{e.description}</p> : null}
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog("test")}>Send test event</Button>
            <Button variant="secondary" onClick={() => setDialog("edit")}>
              Edit
            </Button>
            <ToggleButton endpoint={e} />
          </div>
        ) : null}
      </div>

      {e.status === "disabled" ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-100 px-4 py-2.5 text-sm text-slate-700" data-testid="disabled-note">
          {DISABLED_REASON_TEXT[e.disabled_reason ?? "manual"]} Nothing is sent to it; events created meanwhile can be replayed after enabling it.
        </p>
      ) : e.failing_since ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900">
          Deliveries have been failing since {formatAbsolute(e.failing_since)}. After 5 days of failures the endpoint is disabled.
        </p>
      ) : null}

      <div className="grid gap-5 md:grid-cols-2">
        <Card aria-labelledby="settings-title">
          <CardHeader titleId="settings-title" title="Endpoint" />
          <CardBody>
            <DescriptionList
              className="grid-cols-[7rem_minmax(0,1fr)]"
              rows={[
                [
                  "Id",
                  <span key="id" className="inline-flex items-center gap-1 font-mono text-xs break-all">
                    {e.id}
                    <CopyButton value={e.id} label="Copy endpoint id" />
                  </span>,
                ],
                ["Events", describeSubscriptions(e.events)],
                ["Mode", e.mode],
                ["Created", <RelativeTime key="c" date={e.created_at} />],
                ...(e.previous_secret_expires_at ? ([["Old secret", `signs too until ${formatAbsolute(e.previous_secret_expires_at)}`]] as const) : []),
              ]}
            />
          </CardBody>
        </Card>
        {canManage ? (
          <Card aria-labelledby="secret-title">
            <CardHeader
              titleId="secret-title"
              title="Signing secret"
              description="Shown once when created. Rotate it to get a new one; the old one keeps signing for the overlap you choose."
            />
            <CardBody className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setDialog("rotate")}>
                Rotate secret
              </Button>
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDialog("delete")}>
                Delete endpoint
              </Button>
            </CardBody>
          </Card>
        ) : null}
      </div>

      <Card className="min-w-0 overflow-hidden" aria-labelledby="deliveries-title">
        <CardHeader
          titleId="deliveries-title"
          title="Deliveries"
          description="Every event sent to this endpoint and each attempt. Failed deliveries are retried for about 3 days."
          actions={
            canManage && e.status === "enabled" ? (
              <Button variant="secondary" size="sm" onClick={() => setDialog("replay")}>
                Replay since…
              </Button>
            ) : null
          }
        />
        <DeliveryLog endpointId={e.id} />
      </Card>

      <EditDialog endpoint={e} open={dialog === "edit"} onClose={() => setDialog(null)} />
      <TestEventDialog endpoint={e} open={dialog === "test"} onClose={() => setDialog(null)} />
      <RotateDialog endpoint={e} open={dialog === "rotate"} onClose={() => setDialog(null)} />
      <DeleteDialog endpoint={e} open={dialog === "delete"} onClose={() => setDialog(null)} />
      <ReplayDialog endpoint={e} open={dialog === "replay"} onClose={() => setDialog(null)} />
    </div>
  );
}

function useInvalidateWebhooks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
}

function ToggleButton({ endpoint: e }: { endpoint: WebhookEndpoint }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: () => invalidate() }));
  const enabled = e.status === "enabled";
  return (
    <Button
      variant="secondary"
      loading={update.isPending}
      onClick={() => update.mutate({ projectId: ws.project.id, mode: ws.mode, id: e.id, disabled: enabled })}
    >
      {enabled ? "Disable" : "Enable"}
    </Button>
  );
}

function EditDialog({ endpoint: e, open, onClose }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const update = useMutation(trpc.webhooks.update.mutationOptions());
  return (
    <Modal open={open} onClose={onClose} title="Edit endpoint">
      {open ? (
        <div className="pb-5">
          <EndpointForm
            mode={ws.mode}
            initial={{ url: e.url, description: e.description, events: e.events }}
            submitLabel="Save"
            onCancel={onClose}
            onSubmit={async (values) => {
              await update.mutateAsync({ projectId: ws.project.id, mode: ws.mode, id: e.id, ...values });
              await invalidate();
              onClose();
            }}
          />
        </div>
      ) : null}
    </Modal>
  );
}

function TestEventDialog({ endpoint: e, open, onClose }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [type, setType] = useState<PublicEventType>("session.approved");
  const send = useMutation(trpc.webhooks.sendTest.mutationOptions({ onSettled: () => invalidate() }));
  const close = () => {
    send.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title="Send a test event"
      description="An example event about a placeholder session (or check) that does not exist, signed like every delivery. It is not listed under Events."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          <Button loading={send.isPending} onClick={() => send.mutate({ projectId: ws.project.id, mode: ws.mode, endpointId: e.id, type })}>
            Send test event
          </Button>
        </>
      }
    >
      <Field id="test-event-type" label="Event type">
        <Select id="test-event-type" value={type} onChange={(ev) => setType(ev.target.value as PublicEventType)}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </Field>
      {send.isError ? <FormError className="mt-3">{clientErrorInfo(send.error).message}</FormError> : null}
      {send.data ? <AttemptSummary attempt={send.data} /> : null}
    </Modal>
  );
}

function AttemptSummary({ attempt: a }: { attempt: Attempt }) {
  return (
    <div
      role="status"
      className={`mt-3 rounded-md border px-3 py-2 text-sm ${a.succeeded ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-900"}`}
      data-testid="test-result"
      data-succeeded={a.succeeded}
    >
      <p className="font-medium">
        {a.succeeded ? "Delivered" : "Not delivered"}: <AttemptResult {...a} /> in {a.latencyMs} ms
      </p>
      <p className="mt-0.5 font-mono text-xs">{a.requestId}</p>
      {a.responseExcerpt ? (
        <pre className="mt-1.5 max-h-32 overflow-auto rounded bg-white/70 px-2 py-1 font-mono text-xs whitespace-pre-wrap">{a.responseExcerpt}</pre>
      ) : null}
    </div>
  );
}

const OVERLAPS = [
  { label: "Stop the old secret now", seconds: 0 },
  { label: "1 hour", seconds: 3600 },
  { label: "24 hours", seconds: 86_400 },
  { label: "7 days", seconds: 7 * 86_400 },
];

function RotateDialog({ endpoint: e, open, onClose }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [overlap, setOverlap] = useState(86_400);
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions({ onSuccess: () => invalidate() }));
  const close = () => {
    rotate.reset();
    onClose();
  };
  const secret = rotate.data?.secret;
  return (
    <Modal
      open={open}
      onClose={close}
      dismissable={!secret}
      title={secret ? "Save the new signing secret" : "Rotate the signing secret"}
      description={
        secret
          ? "This is the only time it is shown. Until the overlap ends, deliveries carry a signature with each secret."
          : "A new secret signs every delivery from now on. During the overlap the old one signs too (a second v1= value), so your receiver can switch without rejecting deliveries."
      }
      footer={
        secret ? (
          <Button onClick={close}>I saved the secret</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              loading={rotate.isPending}
              onClick={() => rotate.mutate({ projectId: ws.project.id, mode: ws.mode, id: e.id, previous_secret_expires_in: overlap })}
            >
              Rotate secret
            </Button>
          </>
        )
      }
    >
      {secret ? (
        <SecretBox secret={secret} />
      ) : (
        <Field id="rotate-overlap" label="Keep the old secret signing for">
          <Select id="rotate-overlap" value={overlap} onChange={(ev) => setOverlap(Number(ev.target.value))}>
            {OVERLAPS.map((o) => (
              <option key={o.seconds} value={o.seconds}>
                {o.label}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {rotate.isError ? <FormError className="mt-3">{clientErrorInfo(rotate.error).message}</FormError> : null}
    </Modal>
  );
}

function DeleteDialog({ endpoint: e, open, onClose }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidateWebhooks();
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        router.push(ws.href("/dashboard/webhooks"));
      },
    }),
  );
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title="Delete this endpoint?"
      description="It stops receiving events at once and its delivery log is deleted. This cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate({ projectId: ws.project.id, mode: ws.mode, id: e.id })}>
            Delete endpoint
          </Button>
        </>
      }
    >
      <p className="truncate font-mono text-sm text-slate-700">{e.url}</p>
      {remove.isError ? <FormError className="mt-3">{clientErrorInfo(remove.error).message}</FormError> : null}
    </Modal>
  );
}

/** `datetime-local` value of a date, in the browser's time zone. */
function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function ReplayDialog({ endpoint: e, open, onClose }: { endpoint: WebhookEndpoint; open: boolean; onClose: () => void }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  // the dialog's clock is its mount time: the default start a day back, the earliest 30 days back
  const [oldest] = useState(() => localInputValue(new Date(Date.now() - 30 * 86_400_000)));
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - 24 * 3600_000)));
  const [includeDelivered, setIncludeDelivered] = useState(false);
  const replay = useMutation(trpc.webhooks.replay.mutationOptions({ onSuccess: () => invalidate() }));
  const close = () => {
    replay.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title="Replay events"
      description="Sends this endpoint the events since the time you choose (at most 30 days back) that it subscribes to and did not acknowledge, each with the full retry schedule."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {replay.data ? "Close" : "Cancel"}
          </Button>
          {replay.data ? null : (
            <Button
              loading={replay.isPending}
              onClick={() => replay.mutate({ projectId: ws.project.id, mode: ws.mode, endpointId: e.id, since: new Date(since), includeDelivered })}
            >
              Replay
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-3">
        <Field id="replay-since" label="Events created since">
          <Input id="replay-since" type="datetime-local" min={oldest} value={since} onChange={(ev) => setSince(ev.target.value)} />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox className="size-4" checked={includeDelivered} onChange={(ev) => setIncludeDelivered(ev.target.checked)} />
          Also events this endpoint already acknowledged
        </label>
        {replay.isError ? <FormError>{clientErrorInfo(replay.error).message}</FormError> : null}
        {replay.data ? (
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="replay-result">
            {replay.data.replayed === 0
              ? "Nothing to replay: every event since then reached the endpoint."
              : `${replay.data.replayed} event${replay.data.replayed === 1 ? "" : "s"} queued for delivery.`}
            {replay.data.truncatedAt ? ` The limit was reached; replay again from ${formatAbsolute(replay.data.truncatedAt)} for the rest.` : ""}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
