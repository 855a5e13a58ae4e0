"use client";
/** Small shared pieces of the webhook and event pages: badges, labels, the one-time secret box. */
import type { inferRouterOutputs } from "@trpc/server";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { PUBLIC_EVENT_TYPES } from "~/server/events/event.schemas";
import type { AppRouter } from "~/server/trpc/root";
import { WEBHOOK_ALERT_ROLES, WEBHOOK_MANAGE_ROLES } from "~/server/webhooks/webhook-endpoint.schemas";
import { CopyButton } from "../copy-button";
import type { Role } from "../types";

type Outputs = inferRouterOutputs<AppRouter>;
export type WebhookEndpoint = Outputs["webhooks"]["get"];
export type DeliveryRow = Outputs["webhooks"]["deliveries"]["data"][number];
export type Attempt = Outputs["webhooks"]["attempts"][number];
export type EventRow = Outputs["events"]["list"]["data"][number];

export const EVENT_TYPES = PUBLIC_EVENT_TYPES;

export function canManageWebhooks(role: Role): boolean {
  return (WEBHOOK_MANAGE_ROLES as readonly Role[]).includes(role);
}
export function seesWebhookAlerts(role: Role): boolean {
  return (WEBHOOK_ALERT_ROLES as readonly Role[]).includes(role);
}

export const DISABLED_REASON_TEXT: Record<string, string> = {
  manual: "Disabled by a team member.",
  endpoint_gone: "Disabled because the endpoint answered 410 Gone.",
  failing: "Disabled because every delivery failed for 5 days.",
};

/** `["*"]` → "All events"; `["session.*", "check.completed"]` → "All session events, check.completed". */
export function describeSubscriptions(events: readonly string[]): string {
  return events.map((e) => (e === "*" ? "All events" : e === "session.*" ? "All session events" : e)).join(", ");
}

export function EndpointStatusBadge({ endpoint }: { endpoint: Pick<WebhookEndpoint, "status" | "disabled_reason" | "failing_since"> }) {
  if (endpoint.status === "disabled") {
    return (
      <Badge tone={endpoint.disabled_reason === "manual" ? "gray" : "red"} dot>
        {endpoint.disabled_reason === "manual" ? "Disabled" : "Disabled automatically"}
      </Badge>
    );
  }
  if (endpoint.failing_since) {
    return (
      <Badge tone="amber" dot>
        Failing
      </Badge>
    );
  }
  return (
    <Badge tone="green" dot>
      Enabled
    </Badge>
  );
}

const DELIVERY_TONES: Record<string, { tone: BadgeTone; label: string }> = {
  succeeded: { tone: "green", label: "Delivered" },
  pending: { tone: "amber", label: "Retrying" },
  failed: { tone: "red", label: "Failed" },
};

export function DeliveryStatusBadge({ status, attempts }: { status: string; attempts: number }) {
  const meta = DELIVERY_TONES[status] ?? { tone: "gray" as const, label: status };
  return (
    <Badge tone={status === "pending" && attempts === 0 ? "sky" : meta.tone} dot>
      {status === "pending" && attempts === 0 ? "Queued" : meta.label}
    </Badge>
  );
}

/** "200", "503", "timed out after 10 s": what the last answer was. */
export function AttemptResult({ statusCode, error, succeeded }: { statusCode: number | null; error: string | null; succeeded: boolean }) {
  if (statusCode !== null) {
    return <span className={succeeded ? "font-mono text-emerald-700" : "font-mono text-red-700"}>{statusCode}</span>;
  }
  return <span className="text-red-700">{error ?? "no answer"}</span>;
}

/** A secret shown once, with a copy button. */
export function SecretBox({ secret }: { secret: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2" data-testid="webhook-secret">
      <code className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900">{secret}</code>
      <CopyButton value={secret} label="Copy secret" />
    </div>
  );
}
