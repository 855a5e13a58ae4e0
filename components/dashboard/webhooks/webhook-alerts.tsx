"use client";
/**
 * Endpoints the service disabled by itself (410 Gone, or 5 days of failures), shown to the
 * project's owners and admins: a banner on every dashboard page (`WebhookAlertBanner`) and the
 * full list on the webhooks page (`WebhookAlertList`), where they can keep it disabled.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "~/components/ui/button";
import { useTRPC } from "~/components/trpc/react";
import { formatAbsolute } from "../relative-time";
import { useWorkspace } from "../workspace";
import { DISABLED_REASON_TEXT, seesWebhookAlerts } from "./webhook-ui";

function useAlerts() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const enabled = seesWebhookAlerts(ws.role);
  const query = useQuery({ ...trpc.webhooks.alerts.queryOptions({ projectId: ws.project.id, mode: ws.mode }), enabled, staleTime: 60_000 });
  return enabled ? (query.data ?? []) : [];
}

/** One line above the page header, on every dashboard page, while alerts exist. */
export function WebhookAlertBanner() {
  const ws = useWorkspace();
  const alerts = useAlerts();
  if (!alerts.length) return null;
  const first = alerts[0]!;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 bg-red-600 px-4 py-1.5 text-center text-xs font-medium text-white"
      data-testid="webhook-alert-banner"
    >
      <span>
        {alerts.length === 1 ? `A ${first.mode} webhook endpoint was disabled automatically` : `${alerts.length} webhook endpoints were disabled automatically`}
        {alerts.length === 1 ? `: ${first.url}` : ""}. Events are not being delivered to {alerts.length === 1 ? "it" : "them"}.
      </span>
      <Link
        href={ws.href(alerts.length === 1 ? `/dashboard/webhooks/${first.endpointId}` : "/dashboard/webhooks", {}, { mode: first.mode })}
        className="underline underline-offset-2 hover:no-underline"
      >
        Review
      </Link>
    </div>
  );
}

/** Every alert, with "Keep disabled" (ends the alert) and a link to the endpoint. */
export function WebhookAlertList() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const acknowledge = useMutation(
    trpc.webhooks.acknowledgeAlert.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() }) }),
  );
  if (!alerts.length) return null;
  return (
    <ul className="mb-5 space-y-2" aria-label="Disabled webhook endpoints">
      {alerts.map((a) => (
        <li
          key={a.endpointId}
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm"
          data-testid="webhook-alert"
        >
          <div className="min-w-0">
            <p className="font-medium text-red-900">
              <span className="font-mono">{a.url}</span> <span className="font-normal text-red-800">({a.mode})</span>
            </p>
            <p className="text-red-800">
              {DISABLED_REASON_TEXT[a.reason]} {a.disabledAt ? `Disabled ${formatAbsolute(a.disabledAt)}.` : ""} Fix the receiver, enable the endpoint, then
              replay the missed events.
            </p>
          </div>
          <div className="flex gap-2">
            <Link
              href={ws.href(`/dashboard/webhooks/${a.endpointId}`, {}, { mode: a.mode })}
              className="text-sm font-medium text-red-900 underline underline-offset-2"
            >
              Open endpoint
            </Link>
            <Button
              variant="secondary"
              size="sm"
              loading={acknowledge.isPending}
              onClick={() => acknowledge.mutate({ projectId: ws.project.id, mode: a.mode, id: a.endpointId })}
            >
              Keep disabled
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
