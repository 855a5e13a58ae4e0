"use client";
import { DataTable, LoadMoreFooter } from "./data-table";
import { useQueries } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { cn, focusRing } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Spinner } from "~/components/ui/spinner";
import { useClientValue } from "~/components/ui/use-client-value";
import { useTRPC } from "~/components/trpc/react";
import type { TSessionStatus } from "~/server/sessions/session.schemas";
import { CopyButton } from "./copy-button";
import { RelativeTime } from "./relative-time";
import { DECISION_LABELS, SESSION_STATUS_META, SessionStatusBadge } from "./status-badge";
import type { SessionListItem } from "./types";
import { useWorkspace } from "./workspace";

const PAGE_SIZE = 25;

const TABS: { label: string; status?: TSessionStatus }[] = [
  { label: "All" },
  { label: "Review", status: "review" },
  { label: "Approved", status: "approved" },
  { label: "Declined", status: "declined" },
  { label: "Resubmission", status: "resubmission_requested" },
  { label: "In progress", status: "in_progress" },
  { label: "Processing", status: "processing" },
  { label: "Started", status: "started" },
  { label: "Created", status: "created" },
  { label: "Expired", status: "expired" },
  { label: "Cancelled", status: "cancelled" },
];

export function SessionsView({ status, reviewDue = false }: { status?: TSessionStatus; reviewDue?: boolean }) {
  const ws = useWorkspace();
  return (
    <div>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{reviewDue ? "Re-KYC due" : status === "review" ? "Review queue" : "Sessions"}</h1>
          <p className="mt-0.5 text-sm text-slate-500">
            {reviewDue
              ? "Approved customers whose periodic KYC update is due (every 2, 8 or 10 years by risk level), newest first."
              : status === "review"
                ? "Sessions waiting for a reviewer's decision, newest first."
                : "Every verification of this project, newest first."}
          </p>
        </div>
      </div>
      <nav aria-label="Filter by status" className="-mx-1 mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-1">
        {TABS.map((tab) => {
          const active = !reviewDue && tab.status === status;
          return (
            <Link
              key={tab.label}
              href={ws.href("/dashboard/sessions", { status: tab.status })}
              aria-current={active ? "page" : undefined}
              className={cn(
                "-mb-px flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap",
                focusRing,
                active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              {tab.label}
            </Link>
          );
        })}
        <Link
          href={ws.href("/dashboard/sessions", { due: "1" })}
          aria-current={reviewDue ? "page" : undefined}
          data-testid="sessions-review-due"
          className={cn(
            "-mb-px flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap",
            focusRing,
            reviewDue ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
          )}
        >
          Re-KYC due
        </Link>
      </nav>
      {/* a new filter or workspace starts again from the first page */}
      <SessionsTable
        key={`${ws.project.id}:${ws.mode}:${reviewDue ? "due" : (status ?? "all")}`}
        status={reviewDue ? undefined : status}
        reviewDue={reviewDue}
      />
    </div>
  );
}

function SessionsTable({ status, reviewDue }: { status?: TSessionStatus; reviewDue: boolean }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pages = useQueries({
    queries: cursors.map((startingAfter) =>
      trpc.sessions.list.queryOptions({ projectId: ws.project.id, mode: ws.mode, status, reviewDue, limit: PAGE_SIZE, startingAfter }),
    ),
  });
  const rows = pages.flatMap((p) => p.data?.data ?? []);
  const last = pages[pages.length - 1];
  const first = pages[0];

  if (first?.isPending) {
    return (
      <Card className="flex h-48 items-center justify-center text-slate-500">
        <Spinner className="size-5" label="Loading sessions" />
      </Card>
    );
  }
  if (first?.isError) {
    return <FormError>Could not load sessions: {first.error.message}</FormError>;
  }
  if (rows.length === 0) {
    if (reviewDue) {
      return (
        <Card className="px-6 py-12 text-center">
          <p className="text-sm font-medium text-slate-900">No KYC update is due</p>
        </Card>
      );
    }
    return status ? (
      <Card className="px-6 py-12 text-center">
        <p className="text-sm font-medium text-slate-900">No {SESSION_STATUS_META[status].label.toLowerCase()} sessions</p>
        <p className="mt-1 text-sm text-slate-500">{status === "review" ? "The review queue is empty. Nice work." : "Try another filter."}</p>
      </Card>
    ) : (
      <EmptySessions />
    );
  }

  return (
    <Card className="overflow-hidden">
      <DataTable
        columns={[
          { label: "Session", className: "px-3 py-2.5 xl:px-4 font-medium" },
          { label: "Status", className: "px-3 py-2.5 xl:px-4 font-medium" },
          { label: "Type", className: "hidden px-3 py-2.5 xl:px-4 font-medium xl:table-cell" },
          { label: "Reference", className: "px-3 py-2.5 xl:px-4 font-medium" },
          { label: "Decision", className: "px-3 py-2.5 xl:px-4 font-medium" },
          { label: "Created", className: "px-3 py-2.5 xl:px-4 text-right font-medium" },
        ]}
      >
        {rows.map((s) => (
          <SessionRow key={s.id} session={s} />
        ))}
      </DataTable>
      <LoadMoreFooter count={rows.length} noun={["session", "sessions"]} page={last} onMore={(id) => setCursors((c) => [...c, id])} />
    </Card>
  );
}

function SessionRow({ session: s }: { session: SessionListItem }) {
  const ws = useWorkspace();
  const href = ws.href(`/dashboard/sessions/${s.id}`);
  return (
    <tr className="relative hover:bg-slate-50" data-testid="session-row">
      <td className="px-3 py-2.5 xl:px-4">
        <div className="flex items-center gap-1">
          {/* the link covers the whole row (after:inset-0); the copy button sits above it */}
          <Link href={href} className={cn("font-mono text-[13px] text-slate-900 after:absolute after:inset-0 hover:text-brand-700", focusRing)}>
            {s.id}
          </Link>
          <CopyButton value={s.id} label="Copy session id" className="relative z-10" />
          <span className="text-xs text-slate-500 uppercase xl:hidden">{s.type}</span>
        </div>
      </td>
      <td className="px-3 py-2.5 xl:px-4">
        <SessionStatusBadge status={s.status} />
      </td>
      <td className="hidden px-3 py-2.5 xl:px-4 text-slate-600 uppercase xl:table-cell">{s.type}</td>
      <td className="max-w-48 truncate px-3 py-2.5 xl:px-4 text-slate-600" title={s.reference_id ?? undefined}>
        {s.reference_id ?? <span className="text-slate-500">—</span>}
      </td>
      <td className="px-3 py-2.5 xl:px-4">
        {s.decision ? (
          <span className="flex items-center gap-1.5">
            <span className="text-slate-800">{DECISION_LABELS[s.decision] ?? s.decision}</span>
            {s.decision_source ? <Badge tone={s.decision_source === "manual" ? "violet" : "gray"}>{s.decision_source}</Badge> : null}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </td>
      <td className="px-3 py-2.5 xl:px-4 text-right whitespace-nowrap text-slate-600">
        <RelativeTime date={s.created_at} />
      </td>
    </tr>
  );
}

/** No sessions yet: how to create the first one with the API. */
function EmptySessions() {
  const ws = useWorkspace();
  const origin = useClientValue(() => window.location.origin, "https://your-verify-host");
  const keyPrefix = ws.mode === "test" ? "sk_test_" : "sk_live_";
  const snippet = `curl ${origin}/v1/sessions \\
  -H "Authorization: Bearer ${keyPrefix}..." \\
  -H "Content-Type: application/json" \\
  -d '{"workflow_id": "wf_...", "reference_id": "user_123", "locale": "en"}'`;
  return (
    <Card className="px-6 py-10" data-testid="sessions-empty">
      <div className="mx-auto max-w-2xl">
        <h2 className="text-base font-semibold text-slate-900">No {ws.mode} sessions yet</h2>
        <p className="mt-1 text-sm text-slate-600">
          Your backend creates a session for each applicant with the API. The response carries a hosted-flow <code className="font-mono text-[13px]">url</code>:
          send your applicant there, then read the result from the session or from a webhook.
        </p>
        <div className="relative mt-4">
          <pre className="overflow-x-auto rounded-md bg-slate-900 px-4 py-3 text-[13px] leading-relaxed text-slate-100">
            <code>{snippet}</code>
          </pre>
          <CopyButton value={snippet} label="Copy command" dark className="absolute top-2 right-2" />
        </div>
        <p className="mt-3 text-sm text-slate-500">
          Create a {ws.mode} API key with{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] text-slate-800">
            npm run cli -- api-key create --project {ws.project.slug} --mode {ws.mode}
          </code>{" "}
          and list your workflow ids with <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] text-slate-800">GET /v1/workflows</code>.
        </p>
      </div>
    </Card>
  );
}
