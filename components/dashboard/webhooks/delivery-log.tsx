"use client";
/**
 * The delivery log of one endpoint or one event: each delivery with its status and last answer,
 * expandable into every attempt (request id, status code, latency, response excerpt, error),
 * with "Resend" for one event. Refreshes every 5 s while deliveries are still retrying.
 */
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn, focusRing } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Spinner } from "~/components/ui/spinner";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { CopyButton } from "../copy-button";
import { formatAbsolute, RelativeTime } from "../relative-time";
import { useWorkspace } from "../workspace";
import { AttemptResult, canManageWebhooks, DeliveryStatusBadge, type DeliveryRow } from "./webhook-ui";

const PAGE_SIZE = 25;
type StatusFilter = "pending" | "succeeded" | "failed" | undefined;
const FILTERS: { label: string; status: StatusFilter }[] = [
  { label: "All", status: undefined },
  { label: "Failed", status: "failed" },
  { label: "Retrying", status: "pending" },
  { label: "Delivered", status: "succeeded" },
];

export function DeliveryLog({ endpointId, eventId }: { endpointId?: string; eventId?: string }) {
  const [status, setStatus] = useState<StatusFilter>(undefined);
  return (
    <div>
      <div role="group" aria-label="Filter deliveries" className="flex gap-1 border-b border-slate-200 px-4 pt-1">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={f.status === status}
            onClick={() => setStatus(f.status)}
            className={cn(
              "-mb-px h-9 border-b-2 px-2.5 text-sm font-medium",
              focusRing,
              f.status === status ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {f.label}
          </button>
        ))}
      </div>
      <DeliveryTable key={status ?? "all"} endpointId={endpointId} eventId={eventId} status={status} />
    </div>
  );
}

function DeliveryTable({ endpointId, eventId, status }: { endpointId?: string; eventId?: string; status: StatusFilter }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [open, setOpen] = useState<string | null>(null);
  const pages = useQueries({
    queries: cursors.map((startingAfter) => ({
      ...trpc.webhooks.deliveries.queryOptions({ projectId: ws.project.id, mode: ws.mode, endpointId, eventId, status, limit: PAGE_SIZE, startingAfter }),
      refetchInterval: (q: { state: { data?: { data: DeliveryRow[] } } }) => (q.state.data?.data.some((d) => d.status === "pending") ? 5_000 : false),
    })),
  });
  const rows = pages.flatMap((p) => p.data?.data ?? []);
  const first = pages[0];
  const last = pages[pages.length - 1];

  if (first?.isPending) {
    return (
      <div className="flex h-32 items-center justify-center text-slate-500">
        <Spinner label="Loading deliveries" />
      </div>
    );
  }
  if (first?.isError) return <FormError className="m-4">Could not load deliveries: {first.error.message}</FormError>;
  if (!rows.length) {
    return (
      <p className="px-5 py-8 text-center text-sm text-slate-500" data-testid="deliveries-empty">
        {status
          ? "No deliveries with this status."
          : endpointId
            ? "Nothing was sent to this endpoint yet. Send a test event to try it."
            : "This event was not sent to any endpoint."}
      </p>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-slate-100" aria-label="Deliveries">
        {rows.map((d) => (
          <DeliveryRowView key={d.id} delivery={d} showEvent={!!endpointId} expanded={open === d.id} onToggle={() => setOpen(open === d.id ? null : d.id)} />
        ))}
      </ul>
      {last?.data?.hasMore ? (
        <div className="border-t border-slate-200 px-4 py-3 text-right">
          <Button
            variant="secondary"
            size="sm"
            loading={last.isFetching}
            onClick={() => {
              const lastId = last.data?.data.at(-1)?.id;
              if (lastId) setCursors((c) => [...c, lastId]);
            }}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** One delivery: status, what was sent (event, or endpoint on an event's page), the last answer, actions; expandable. */
function DeliveryRowView({
  delivery: d,
  showEvent,
  expanded,
  onToggle,
}: {
  delivery: DeliveryRow;
  showEvent: boolean;
  expanded: boolean;
  onToggle: () => void;
}) {
  const ws = useWorkspace();
  return (
    <li className={cn("px-4 py-3", expanded && "bg-slate-50")} data-testid="delivery-row" data-status={d.status}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="w-24 shrink-0">
          <DeliveryStatusBadge status={d.status} attempts={d.attempts} />
          {d.status === "pending" && d.nextAttemptAt ? (
            <p className="mt-1 text-xs text-slate-500">
              next <RelativeTime date={d.nextAttemptAt} />
            </p>
          ) : null}
        </div>
        <div className="min-w-48 flex-1">
          {showEvent ? (
            <p className="flex flex-wrap items-center gap-1.5">
              <span className="font-mono text-[13px] text-slate-900">{d.event.type}</span>
              {d.event.test ? <Badge tone="violet">test</Badge> : null}
            </p>
          ) : (
            <Link
              href={ws.href(`/dashboard/webhooks/${d.endpoint.id}`)}
              className={cn("block truncate font-mono text-[13px] text-slate-900 hover:text-brand-700", focusRing)}
              title={d.endpoint.url}
            >
              {d.endpoint.url}
            </Link>
          )}
          <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-500">
            {showEvent && !d.event.test ? (
              <Link href={ws.href(`/dashboard/events/${d.event.id}`)} className={cn("font-mono hover:text-brand-700", focusRing)}>
                {d.event.id}
              </Link>
            ) : showEvent ? (
              <span className="font-mono">{d.event.id}</span>
            ) : null}
            <span>
              event created <RelativeTime date={d.event.createdAt} />
            </span>
          </p>
        </div>
        <div className="w-40 shrink-0 text-sm">
          {d.lastAttempt ? <AttemptResult {...d.lastAttempt} /> : <span className="text-slate-500">not sent yet</span>}
          <p className="text-xs text-slate-500">
            {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
            {d.lastAttempt ? (
              <>
                {" · "}
                <RelativeTime date={d.lastAttempt.createdAt} />
              </>
            ) : null}
          </p>
        </div>
        <div className="ml-auto flex shrink-0 gap-1.5">
          <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={onToggle}>
            {expanded ? "Hide attempts" : "Attempts"}
          </Button>
          {!d.event.test ? <ResendButton delivery={d} /> : null}
        </div>
      </div>
      {expanded ? (
        <div className="mt-3">
          <AttemptList delivery={d} />
        </div>
      ) : null}
    </li>
  );
}

function ResendButton({ delivery }: { delivery: DeliveryRow }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.webhooks.attempts.pathKey() });
      },
    }),
  );
  if (!canManageWebhooks(ws.role)) return null;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        loading={resend.isPending}
        onClick={() => resend.mutate({ projectId: ws.project.id, mode: ws.mode, eventId: delivery.event.id, endpointId: delivery.endpoint.id })}
      >
        Resend
      </Button>
      {resend.isError ? (
        <span className="max-w-48 text-xs text-red-700" role="alert">
          {clientErrorInfo(resend.error).message}
        </span>
      ) : null}
    </span>
  );
}

const TRIGGER_LABELS: Record<string, string> = { automatic: "scheduled", resend: "resend", test: "test event" };

function AttemptList({ delivery }: { delivery: DeliveryRow }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const query = useQuery(trpc.webhooks.attempts.queryOptions({ projectId: ws.project.id, mode: ws.mode, deliveryId: delivery.id }));
  if (query.isPending) return <Spinner label="Loading attempts" />;
  if (query.isError) return <FormError>Could not load attempts: {query.error.message}</FormError>;
  if (!query.data.length) return <p className="text-sm text-slate-500">No attempt yet: the delivery is queued.</p>;
  return (
    <ol className="space-y-2" aria-label={`Attempts of delivery ${delivery.id}`}>
      {query.data.map((a) => (
        <li key={a.id} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm" data-testid="attempt">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="font-medium text-slate-900">#{a.number}</span>
            <AttemptResult {...a} />
            <span className="text-slate-600 tabular-nums">{a.latencyMs} ms</span>
            <Badge tone={a.trigger === "automatic" ? "gray" : "violet"}>{TRIGGER_LABELS[a.trigger] ?? a.trigger}</Badge>
            <span className="text-slate-500" title={formatAbsolute(a.createdAt)}>
              {formatAbsolute(a.createdAt)}
            </span>
            <span className="inline-flex items-center gap-0.5 font-mono text-xs text-slate-500">
              {a.requestId}
              <CopyButton value={a.requestId} label="Copy request id" />
            </span>
          </div>
          <p className="mt-1 truncate font-mono text-xs text-slate-500" title={a.url}>
            POST {a.url}
          </p>
          {a.error && a.statusCode !== null ? <p className="mt-1 text-xs text-red-700">{a.error}</p> : null}
          {a.responseExcerpt ? (
            <pre
              className="mt-1.5 max-h-40 overflow-auto rounded bg-slate-900 px-2.5 py-1.5 font-mono text-xs whitespace-pre-wrap text-slate-100"
              aria-label="Response body (first 2 KiB)"
            >
              {a.responseExcerpt}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
