"use client";
/**
 * The reviewer's case view of one session, on one screen: header (status, decision, time in
 * review, assignee with claim, queue navigation), then the steps with their checks and the
 * applicant's input beside the registry's answers, document fields, evidence, and on the right
 * the decision, duplicates, related sessions, history and details. Two columns on laptops,
 * three on wide screens, stacked on phones. Keyboard: a / d / r decide, c claims, j / k walk
 * the review queue, ? lists the shortcuts.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { FormError } from "~/components/ui/field-error";
import { Spinner } from "~/components/ui/spinner";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { CaseHistory } from "./case-history";
import { CaseSteps } from "./case-steps";
import { CopyButton } from "./copy-button";
import { DecisionPanel } from "./decision-panel";
import { formatAbsolute, RelativeTime } from "./relative-time";
import { DECISION_LABELS, SessionStatusBadge } from "./status-badge";
import type { SessionCase } from "./types";
import { useWorkspace } from "./workspace";
import { DescriptionList, type DescriptionRow } from "~/components/ui/description-list";
import { CaseAssignee, DocumentFieldsCard, DuplicatesCard, RelatedSessionsCard, ReviewReasonsCard, useQueueNeighbours } from "./review/case-panels";
import { EvidenceViewer } from "./review/evidence-viewer";
import { ScreeningCard } from "./review/screening-candidates";
import { ShortcutsHelp, useShortcuts } from "./review/shortcuts";

const CASE_SHORTCUTS = [
  { keys: "a", action: "Approve" },
  { keys: "d", action: "Decline" },
  { keys: "r", action: "Request resubmission" },
  { keys: "c", action: "Claim this session" },
  { keys: "j / k", action: "Next / previous session in the queue" },
  { keys: "?", action: "Show these shortcuts" },
] as const;

export function SessionCaseView({ id }: { id: string }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  // A read of a case is a reviewer view of personal data: the server audits it once per
  // reviewer per 10 minutes (server/sessions/session-case.ts), so the refetches after a claim
  // or a decision add no rows; still no polling or refetch-on-focus: the reviewer refreshes on purpose.
  const query = useQuery(trpc.sessions.get.queryOptions({ projectId: ws.project.id, mode: ws.mode, id }, { refetchOnWindowFocus: false, staleTime: 60_000 }));
  const reasonCodes = useQuery({ ...trpc.review.reasonCodes.queryOptions({ projectId: ws.project.id, mode: ws.mode }), staleTime: Infinity });

  const router = useRouter();
  const neighbours = useQueueNeighbours(id);
  const open = (to: string | null) => to && router.push(ws.href(`/dashboard/sessions/${to}`, { from: "queue" }));
  useShortcuts({ j: neighbours.next ? () => open(neighbours.next) : undefined, k: neighbours.prev ? () => open(neighbours.prev) : undefined });

  const back = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex items-center gap-4 text-sm">
        <Link href={ws.href("/dashboard/review")} className="inline-flex items-center gap-1 text-slate-500 hover:text-slate-800">
          <span aria-hidden="true">←</span> Review queue
        </Link>
        <Link href={ws.href("/dashboard/sessions")} className="text-slate-500 hover:text-slate-800">
          All sessions
        </Link>
      </div>
      <div className="flex items-center gap-1.5">
        <Button variant="ghost" size="sm" disabled={!neighbours.prev} onClick={() => open(neighbours.prev)} aria-keyshortcuts="k">
          ‹ Previous <kbd className="font-mono text-[11px] text-slate-500">k</kbd>
        </Button>
        <Button variant="ghost" size="sm" disabled={!neighbours.next} onClick={() => open(neighbours.next)} aria-keyshortcuts="j" data-testid="queue-next">
          Next in queue <kbd className="font-mono text-[11px] text-slate-500">j</kbd> ›
        </Button>
        <ShortcutsHelp shortcuts={CASE_SHORTCUTS} />
      </div>
    </div>
  );

  if (query.isPending) {
    return (
      <div>
        {back}
        <div className="flex h-64 items-center justify-center text-slate-500">
          <Spinner className="size-5" label="Loading session" />
        </div>
      </div>
    );
  }
  if (query.isError) {
    const info = clientErrorInfo(query.error);
    return (
      <div className="space-y-4">
        {back}
        {info.code === "NOT_FOUND" ? (
          <Card className="px-6 py-10 text-center" data-testid="session-not-found">
            <h1 className="text-base font-semibold text-slate-900">Session not found</h1>
            <p className="mt-1 text-sm text-slate-500">
              There is no session <span className="font-mono">{id}</span> in the {ws.mode} mode of {ws.project.name}.
            </p>
            <Link
              href={ws.href(`/dashboard/sessions/${id}`, {}, { mode: ws.mode === "test" ? "live" : "test" })}
              className={`${buttonClasses({ variant: "secondary", size: "sm" })} mt-4`}
            >
              Look in {ws.mode === "test" ? "live" : "test"} mode
            </Link>
          </Card>
        ) : (
          <FormError>Could not load this session: {info.message}</FormError>
        )}
      </div>
    );
  }

  const data = query.data;
  const { session } = data;
  const codes = reasonCodes.data ?? [];
  const reasonLabel = session.reason_code ? (codes.find((c) => c.code === session.reason_code)?.label ?? session.reason_code) : null;

  return (
    <div className="space-y-5" data-testid="session-case" data-status={session.status}>
      {back}
      <CaseHeader data={data} reasonLabel={reasonLabel} refreshing={query.isFetching} onRefresh={() => void query.refetch()} />
      {/* phones: one column; laptops: work + side; wide screens: steps | evidence and context | side */}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] 2xl:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)_21rem]">
        <div className="min-w-0 space-y-5 lg:col-start-1 lg:row-start-1">
          <ReviewReasonsCard reasons={data.reasons} />
          <ScreeningCard session={session} />
          <CaseSteps session={session} steps={data.steps} />
          <DocumentFieldsCard documents={data.documents} />
        </div>
        <div className="min-w-0 space-y-5 lg:col-start-1 lg:row-start-2 2xl:col-start-2 2xl:row-start-1">
          <EvidenceViewer sessionId={session.id} files={data.evidence} erased={!!session.pii_erased_at} />
          <DuplicatesCard duplicates={data.duplicates} />
          <RelatedSessionsCard session={session} />
          <CaseHistory history={data.history} reasonCodes={codes} myUserId={ws.me.id} />
        </div>
        <div className="order-first space-y-5 lg:order-none lg:col-start-2 lg:row-span-2 lg:row-start-1 2xl:col-start-3">
          <DecisionPanel data={data} />
          <CaseDetails data={data} />
        </div>
      </div>
    </div>
  );
}

function CaseHeader({
  data,
  reasonLabel,
  refreshing,
  onRefresh,
}: {
  data: SessionCase;
  reasonLabel: string | null;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { session } = data;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4 px-5 py-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-mono text-lg font-semibold text-slate-900">{session.id}</h1>
            <CopyButton value={session.id} label="Copy session id" />
            <SessionStatusBadge status={session.status} />
          </div>
          <p className="mt-1 text-sm text-slate-500">
            <span className="uppercase">{session.type}</span> · {data.workflowName} v{session.workflow_version}
            {session.reference_id ? (
              <>
                {" "}
                · reference <span className="font-mono text-slate-700">{session.reference_id}</span>
              </>
            ) : null}{" "}
            · created <RelativeTime date={session.created_at} />
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-5">
          <CaseAssignee data={data} />
          {data.enteredReviewAt && session.status === "review" ? (
            <div className="text-sm">
              <p className="text-xs text-slate-500">In review</p>
              <RelativeTime date={data.enteredReviewAt} className="font-medium text-slate-900" />
            </div>
          ) : null}
          <dl className="grid grid-cols-3 gap-x-6 gap-y-1 text-sm" data-testid="case-decision">
            <div>
              <dt className="text-xs text-slate-500">Decision</dt>
              <dd className="font-medium text-slate-900">{session.decision ? (DECISION_LABELS[session.decision] ?? session.decision) : "—"}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Source</dt>
              <dd className="text-slate-900">{session.decision_source ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Reason</dt>
              <dd className="text-slate-900" title={session.reason_code ?? undefined}>
                {reasonLabel ?? "—"}
              </dd>
            </div>
          </dl>
          <Button variant="secondary" size="sm" loading={refreshing} onClick={onRefresh}>
            Refresh
          </Button>
        </div>
      </div>
    </Card>
  );
}

function CaseDetails({ data }: { data: SessionCase }) {
  const { session } = data;
  const rows: DescriptionRow[] = [
    ["Mode", session.mode === "test" ? <Badge tone="amber">test</Badge> : <Badge tone="green">live</Badge>],
    ["Country", session.country],
    ["Language", session.locale],
    ["Created", formatAbsolute(session.created_at)],
    ["Expires", formatAbsolute(session.expires_at)],
    ["Completed", session.completed_at ? formatAbsolute(session.completed_at) : "—"],
  ];
  if (session.pii_erased_at) rows.push(["Personal data erased", formatAbsolute(session.pii_erased_at)]);
  const metadata = Object.entries(session.metadata);
  return (
    <Card>
      <CardHeader title="Details" />
      <CardBody>
        <DescriptionList rows={rows} className="grid-cols-[7.5rem_1fr]" />
        {metadata.length ? (
          <>
            <h3 className="mt-4 mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Metadata</h3>
            <DescriptionList rows={metadata} className="grid-cols-[7.5rem_1fr]" monoLabels />
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
