"use client";
/**
 * /dashboard/review: sessions waiting for a reviewer, oldest first (review.queue), with their
 * age in the queue, the rules that sent them here, and who has them. Filters: assignee,
 * reason; one search box (session id, reference, name, PAN last 4). Claim from the list.
 * Keyboard: j / k select, Enter opens, c claims, / searches, ? lists the shortcuts.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn, focusRing } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { useTRPC } from "~/components/trpc/react";
import type { TReviewQueueItem } from "~/server/review/review-queue.schemas";
import { DataTable } from "../data-table";
import { PageHeader } from "../page-header";
import { ErrorCard, LoadingCard } from "../query-states";
import { RelativeTime } from "../relative-time";
import { useWorkspace } from "../workspace";
import { useClaim } from "./claim";
import { LoadMoreFooter, useKeysetPages } from "./keyset-pages";
import { Kbd, ShortcutsHelp, useShortcuts } from "./shortcuts";

const PAGE_SIZE = 25;

export const QUEUE_SHORTCUTS = [
  { keys: "j / k", action: "Next / previous session" },
  { keys: "Enter", action: "Open the selected session" },
  { keys: "c", action: "Claim the selected session" },
  { keys: "/", action: "Search" },
  { keys: "?", action: "Show these shortcuts" },
] as const;

interface Filters {
  assignee: string;
  reason: string;
  search: string;
}

/** The case view of a queue session (its j / k then walk the queue). */
export function queueHref(ws: ReturnType<typeof useWorkspace>, id: string): string {
  return ws.href(`/dashboard/sessions/${id}`, { from: "queue" });
}

export function ReviewQueueView() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const summary = useQuery(trpc.review.summary.queryOptions({ projectId: ws.project.id, mode: ws.mode }));
  const assignees = useQuery({ ...trpc.review.assignees.queryOptions({ projectId: ws.project.id, mode: ws.mode }), staleTime: 60_000 });
  const [filters, setFilters] = useState<Filters>({ assignee: "anyone", reason: "", search: "" });
  const [typed, setTyped] = useState("");
  const searchRef = useRef<HTMLInputElement>(null);

  // search as the reviewer types, once they pause
  useEffect(() => {
    const t = window.setTimeout(() => setFilters((f) => (f.search === typed.trim() ? f : { ...f, search: typed.trim() })), 300);
    return () => window.clearTimeout(t);
  }, [typed]);
  useShortcuts({ "/": () => searchRef.current?.focus() });

  const s = summary.data;
  return (
    <div>
      <PageHeader
        title="Review queue"
        description={
          s
            ? `${s.total} session${s.total === 1 ? "" : "s"} waiting for a decision · ${s.mine} yours · ${s.unassigned} unassigned. Oldest first.`
            : "Sessions waiting for a decision, oldest first."
        }
        actions={<ShortcutsHelp shortcuts={QUEUE_SHORTCUTS} />}
      />
      <div className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Filter the queue">
        <div className="min-w-64 flex-1">
          <Label htmlFor="queue-search">Search</Label>
          <Input
            ref={searchRef}
            id="queue-search"
            type="search"
            className="mt-1"
            placeholder="Session id, reference, name or PAN last 4"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") setFilters((f) => ({ ...f, search: typed.trim() }));
              if (e.key === "Escape") e.currentTarget.blur();
            }}
            aria-keyshortcuts="/"
          />
        </div>
        <div className="w-56">
          <Label htmlFor="queue-assignee">Assignee</Label>
          <Select id="queue-assignee" className="mt-1" value={filters.assignee} onChange={(e) => setFilters((f) => ({ ...f, assignee: e.target.value }))}>
            <option value="anyone">Anyone</option>
            <option value="me">Me{s ? ` (${s.mine})` : ""}</option>
            <option value="unassigned">Unassigned{s ? ` (${s.unassigned})` : ""}</option>
            {(assignees.data ?? [])
              .filter((m) => m.id !== ws.me.id)
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {m.email}
                </option>
              ))}
          </Select>
        </div>
        <div className="w-56">
          <Label htmlFor="queue-reason">Reason</Label>
          <Select id="queue-reason" className="mt-1" value={filters.reason} onChange={(e) => setFilters((f) => ({ ...f, reason: e.target.value }))}>
            <option value="">Any reason</option>
            {(s?.reasons ?? []).map((r) => (
              <option key={r.name} value={r.name}>
                {r.name} ({r.count})
              </option>
            ))}
          </Select>
        </div>
      </div>
      <QueueTable
        key={`${ws.project.id}:${ws.mode}:${JSON.stringify(filters)}`}
        filters={filters}
        filtered={filters.assignee !== "anyone" || !!filters.reason || !!filters.search}
      />
    </div>
  );
}

function QueueTable({ filters, filtered }: { filters: Filters; filtered: boolean }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const router = useRouter();
  const pages = useKeysetPages<TReviewQueueItem>((startingAfter) =>
    trpc.review.queue.queryOptions({
      projectId: ws.project.id,
      mode: ws.mode,
      assignee: filters.assignee,
      reason: filters.reason || undefined,
      search: filters.search || undefined,
      limit: PAGE_SIZE,
      startingAfter,
    }),
  );
  const { claim, release, dialog, pendingId, error } = useClaim();
  const [selected, setSelected] = useState(0);
  const rows = pages.rows;
  const current = rows[Math.min(selected, rows.length - 1)];

  useShortcuts({
    j: () => setSelected((i) => Math.min(i + 1, rows.length - 1)),
    k: () => setSelected((i) => Math.max(i - 1, 0)),
    Enter: current ? () => router.push(queueHref(ws, current.id)) : undefined,
    c: current && ws.canDecide ? () => claim(current) : undefined,
  });
  useEffect(() => {
    document.querySelector(`[data-queue-index="${selected}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  if (pages.first.isPending) return <LoadingCard label="Loading the review queue" />;
  if (pages.first.isError) return <ErrorCard what="the review queue" message={pages.first.error.message} onRetry={() => void pages.first.refetch()} />;
  if (!rows.length) {
    return (
      <Card className="px-6 py-12 text-center" data-testid="queue-empty">
        <p className="text-sm font-medium text-slate-900">{filtered ? "No sessions match these filters" : "The review queue is empty"}</p>
        <p className="mt-1 text-sm text-slate-500">
          {filtered
            ? "Clear the search or choose another assignee or reason."
            : `Sessions that a decision rule sends to review in ${ws.mode} mode appear here, oldest first.`}
        </p>
      </Card>
    );
  }
  return (
    <>
      <FormError className="mb-3">{error}</FormError>
      <Card className="overflow-hidden">
        <DataTable
          columns={[
            { label: "Session" },
            { label: "Reasons" },
            { label: "In review", className: "px-4 py-2.5 font-medium whitespace-nowrap" },
            { label: "Assignee" },
            { label: "Actions", srOnly: true },
          ]}
        >
          {rows.map((s, i) => (
            <QueueRow
              key={s.id}
              item={s}
              index={i}
              selected={s.id === current?.id}
              onSelect={() => setSelected(i)}
              busy={pendingId === s.id}
              onClaim={() => claim(s)}
              onRelease={() => release(s.id)}
            />
          ))}
        </DataTable>
        <LoadMoreFooter count={rows.length} noun={["session", "sessions"]} pages={pages} />
      </Card>
      {dialog}
    </>
  );
}

function QueueRow({
  item: s,
  index,
  selected,
  onSelect,
  busy,
  onClaim,
  onRelease,
}: {
  item: TReviewQueueItem;
  index: number;
  selected: boolean;
  onSelect: () => void;
  busy: boolean;
  onClaim: () => void;
  onRelease: () => void;
}) {
  const ws = useWorkspace();
  const mine = s.assignee?.id === ws.me.id;
  return (
    <tr
      className={cn("relative", selected ? "bg-brand-50" : "hover:bg-slate-50")}
      data-testid="queue-row"
      data-session-id={s.id}
      data-queue-index={index}
      aria-current={selected ? "true" : undefined}
      onMouseEnter={onSelect}
    >
      <td className="px-4 py-3 align-top">
        {selected ? <span aria-hidden="true" className="absolute inset-y-0 left-0 w-0.5 bg-brand-600" /> : null}
        <Link
          href={queueHref(ws, s.id)}
          className={cn("font-mono text-[13px] text-slate-900 after:absolute after:inset-0 hover:text-brand-700", focusRing)}
          onFocus={onSelect}
        >
          {s.id}
        </Link>
        <p className="mt-0.5 text-xs text-slate-600">
          <span className="uppercase">{s.type}</span>
          {s.reference_id ? <> · {s.reference_id}</> : null}
        </p>
      </td>
      <td className="px-4 py-3 align-top">
        <ul className="flex max-w-md flex-wrap gap-1.5">
          {s.reasons.length ? (
            s.reasons.map((r) => (
              <li key={r.name} title={r.description ?? undefined}>
                <Badge tone="amber">
                  <span className="font-mono">{r.name}</span>
                </Badge>
              </li>
            ))
          ) : (
            <li className="text-slate-600">—</li>
          )}
        </ul>
        {s.reasons[0]?.description ? <p className="mt-1 line-clamp-1 max-w-md text-xs text-slate-600">{s.reasons[0].description}</p> : null}
      </td>
      <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
        <RelativeTime date={s.entered_review_at} />
      </td>
      <td className="px-4 py-3 align-top">
        {s.assignee ? (
          <span className={cn("text-sm", mine ? "font-medium text-brand-700" : "text-slate-700")}>{mine ? "You" : s.assignee.email}</span>
        ) : (
          <span className="text-slate-600">Unassigned</span>
        )}
      </td>
      <td className="relative z-10 px-4 py-3 text-right align-top whitespace-nowrap">
        {!ws.canDecide ? null : mine ? (
          <Button variant="ghost" size="sm" loading={busy} onClick={onRelease}>
            Release
          </Button>
        ) : (
          <Button variant="secondary" size="sm" loading={busy} onClick={onClaim} aria-keyshortcuts={selected ? "c" : undefined}>
            {s.assignee ? "Take over" : "Claim"}
            {selected ? <Kbd>c</Kbd> : null}
          </Button>
        )}
      </td>
    </tr>
  );
}
