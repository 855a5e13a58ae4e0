"use client";
/**
 * /dashboard/events: the project's events of the last 30 days (the list GET /v1/events serves),
 * and /dashboard/events/[id]: one event's envelope, its deliveries per endpoint with every
 * attempt, and sending it to an endpoint by hand.
 */
import { DataTable, LoadMoreFooter } from "../data-table";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { cn, focusRing } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import type { PublicEventType } from "~/server/events/event.schemas";
import { CopyButton } from "../copy-button";
import { PageHeader } from "../page-header";
import { formatAbsolute, RelativeTime } from "../relative-time";
import { BackLink, DetailPageFallback } from "../query-states";
import { useWorkspace } from "../workspace";
import { DeliveryLog } from "./delivery-log";
import { AttemptResult, canManageWebhooks, EVENT_TYPES, type EventRow } from "./webhook-ui";

const PAGE_SIZE = 50;

/** The object an event is about: the session, check or CKYC upload's session id. */
function subjectOf(e: EventRow): string {
  if ("session" in e.data && e.data.session) return e.data.session.id;
  if ("check" in e.data) return e.data.check.id;
  return "ckyc_upload" in e.data ? e.data.ckyc_upload.session_id : "";
}

export function EventsView() {
  const ws = useWorkspace();
  const [type, setType] = useState<PublicEventType | undefined>(undefined);
  return (
    <div>
      <PageHeader
        title="Events"
        description="Everything webhooks deliver, kept 30 days. Receivers should not rely on delivery order: compare created_at and fetch the session."
        actions={
          <div className="flex items-center gap-2">
            <Label htmlFor="event-type-filter" className="text-slate-600">
              Type
            </Label>
            <Select
              id="event-type-filter"
              className="w-60"
              value={type ?? ""}
              onChange={(e) => setType((e.target.value || undefined) as PublicEventType | undefined)}
            >
              <option value="">All types</option>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      <EventsTable key={`${ws.project.id}:${ws.mode}:${type ?? "all"}`} type={type} />
    </div>
  );
}

function EventsTable({ type }: { type?: PublicEventType }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pages = useQueries({
    queries: cursors.map((startingAfter) => trpc.events.list.queryOptions({ projectId: ws.project.id, mode: ws.mode, type, limit: PAGE_SIZE, startingAfter })),
  });
  const rows = pages.flatMap((p) => p.data?.data ?? []);
  const first = pages[0];
  const last = pages[pages.length - 1];
  if (first?.isPending) {
    return (
      <Card className="flex h-48 items-center justify-center text-slate-500">
        <Spinner className="size-5" label="Loading events" />
      </Card>
    );
  }
  if (first?.isError) return <FormError>Could not load events: {first.error.message}</FormError>;
  if (!rows.length) {
    return (
      <Card className="px-6 py-12 text-center">
        <p className="text-sm font-medium text-slate-900">No {type ?? ""} events in the last 30 days</p>
        <p className="mt-1 text-sm text-slate-500">Events appear when a {ws.mode} session changes status or an asynchronous check finishes.</p>
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <DataTable columns={[{ label: "Type" }, { label: "Event" }, { label: "About" }, { label: "Created", className: "px-4 py-2.5 text-right font-medium" }]}>
        {rows.map((e) => (
          <tr key={e.id} className="relative hover:bg-slate-50" data-testid="event-row">
            <td className="px-4 py-2.5 font-mono text-[13px] text-slate-900">
              <Link href={ws.href(`/dashboard/events/${e.id}`)} className={cn("after:absolute after:inset-0 hover:text-brand-700", focusRing)}>
                {e.type}
              </Link>
            </td>
            <td className="px-4 py-2.5 font-mono text-xs text-slate-500">{e.id}</td>
            <td className="px-4 py-2.5 font-mono text-xs text-slate-600">{subjectOf(e)}</td>
            <td className="px-4 py-2.5 text-right whitespace-nowrap text-slate-600">
              <RelativeTime date={e.created_at} />
            </td>
          </tr>
        ))}
      </DataTable>
      <LoadMoreFooter count={rows.length} noun={["event", "events"]} page={last} onMore={(id) => setCursors((c) => [...c, id])} />
    </Card>
  );
}

export function EventView({ id }: { id: string }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const query = useQuery(trpc.events.get.queryOptions({ projectId: ws.project.id, mode: ws.mode, id }));
  const back = <BackLink href={ws.href("/dashboard/events")}>Events</BackLink>;
  if (!query.data) {
    return (
      <DetailPageFallback
        back={back}
        noun="event"
        error={query.error}
        notFound={
          <>
            No event <span className="font-mono">{id}</span> in the {ws.mode} mode of {ws.project.name} in the last 30 days.
          </>
        }
      />
    );
  }
  const e = query.data;
  const sessionId = "session" in e.data && e.data.session ? e.data.session.id : null;
  return (
    <div className="space-y-5" data-testid="event-view">
      {back}
      <div>
        <h1 className="font-mono text-lg font-semibold text-slate-900">{e.type}</h1>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1 font-mono text-xs">
            {e.id}
            <CopyButton value={e.id} label="Copy event id" />
          </span>
          <span title={formatAbsolute(e.created_at)}>
            created <RelativeTime date={e.created_at} />
          </span>
          {sessionId ? (
            <Link href={ws.href(`/dashboard/sessions/${sessionId}`)} className="text-brand-700 hover:underline">
              Open session
            </Link>
          ) : null}
        </p>
      </div>
      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Card className="min-w-0 overflow-hidden" aria-labelledby="event-deliveries-title">
          <CardHeader
            titleId="event-deliveries-title"
            title="Deliveries"
            description="Each endpoint this event was sent to, with every attempt."
            actions={<SendToEndpoint eventId={e.id} />}
          />
          <DeliveryLog eventId={e.id} />
        </Card>
        <Card aria-labelledby="payload-title" className="min-w-0">
          <CardHeader titleId="payload-title" title="Payload" description="The JSON body every delivery signs." />
          <CardBody>
            <pre className="overflow-x-auto rounded-md bg-slate-900 px-3 py-2.5 font-mono text-xs leading-relaxed text-slate-100" data-testid="event-payload">
              {JSON.stringify(e, null, 2)}
            </pre>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

/** Sends the event to any endpoint of the mode once, now (also one it never went to). */
function SendToEndpoint({ eventId }: { eventId: string }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ ...trpc.webhooks.list.queryOptions({ projectId: ws.project.id, mode: ws.mode }), enabled: canManageWebhooks(ws.role) });
  const [endpointId, setEndpointId] = useState("");
  const resend = useMutation(trpc.webhooks.resend.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() }) }));
  if (!canManageWebhooks(ws.role) || !endpoints.data?.data.length) return null;
  const chosen = endpointId || endpoints.data.data[0]!.id;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="send-to-endpoint" className="sr-only">
        Endpoint
      </label>
      <Select id="send-to-endpoint" className="w-56" size="md" value={chosen} onChange={(ev) => setEndpointId(ev.target.value)}>
        {endpoints.data.data.map((ep) => (
          <option key={ep.id} value={ep.id}>
            {ep.url}
          </option>
        ))}
      </Select>
      <Button
        variant="secondary"
        size="sm"
        loading={resend.isPending}
        onClick={() => resend.mutate({ projectId: ws.project.id, mode: ws.mode, eventId, endpointId: chosen })}
      >
        Send now
      </Button>
      {resend.data ? (
        <span role="status" className="text-xs">
          <AttemptResult {...resend.data} />
        </span>
      ) : resend.isError ? (
        <span role="alert" className="text-xs text-red-700">
          {clientErrorInfo(resend.error).message}
        </span>
      ) : null}
    </div>
  );
}
