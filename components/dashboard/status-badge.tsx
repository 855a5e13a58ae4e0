import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { TSessionStatus } from "~/server/sessions/session.schemas";

/** One colour per session status, used everywhere in the dashboard. */
export const SESSION_STATUS_META: Record<TSessionStatus, { label: string; tone: BadgeTone }> = {
  created: { label: "Created", tone: "gray" },
  started: { label: "Started", tone: "sky" },
  in_progress: { label: "In progress", tone: "blue" },
  processing: { label: "Processing", tone: "violet" },
  review: { label: "Review", tone: "amber" },
  approved: { label: "Approved", tone: "green" },
  declined: { label: "Declined", tone: "red" },
  resubmission_requested: { label: "Resubmission requested", tone: "orange" },
  expired: { label: "Expired", tone: "gray" },
  cancelled: { label: "Cancelled", tone: "gray" },
};

export function SessionStatusBadge({ status }: { status: TSessionStatus }) {
  const meta = SESSION_STATUS_META[status];
  return (
    <Badge tone={meta.tone} dot>
      {meta.label}
    </Badge>
  );
}

const CHECK_STATUS_META: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "gray" },
  running: { label: "Running", tone: "blue" },
  passed: { label: "Passed", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  needs_review: { label: "Needs review", tone: "amber" },
  error: { label: "Error", tone: "orange" },
};

/** Check and step statuses (they share most values). */
const STEP_STATUS_META: Record<string, { label: string; tone: BadgeTone }> = {
  ...CHECK_STATUS_META,
  in_progress: { label: "In progress", tone: "blue" },
  submitted: { label: "Submitted", tone: "sky" },
  skipped: { label: "Skipped", tone: "gray" },
};

export function CheckStatusBadge({ status }: { status: string }) {
  const meta = CHECK_STATUS_META[status] ?? { label: status, tone: "gray" as const };
  return <Badge tone={meta.tone}>{meta.label}</Badge>;
}

export function StepStatusBadge({ status }: { status: string }) {
  const meta = STEP_STATUS_META[status] ?? { label: status, tone: "gray" as const };
  return <Badge tone={meta.tone}>{meta.label}</Badge>;
}

export const DECISION_LABELS: Record<string, string> = {
  approved: "Approved",
  declined: "Declined",
  resubmission_requested: "Resubmission requested",
};
