"use client";
/**
 * The dashboard's home (`/dashboard`): sessions per day by status for the last 30 days
 * (stacked bars, recharts), approval rate, median time to decision, and the review queue.
 * Days are the viewer's local days (the browser's time zone is sent with the query).
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Spinner } from "~/components/ui/spinner";
import { useClientValue } from "~/components/ui/use-client-value";
import { useTRPC } from "~/components/trpc/react";
import type { TSessionStatus } from "~/server/sessions/session.schemas";
import { PageHeader } from "./page-header";
import { ErrorCard } from "./query-states";
import { SESSION_STATUS_META } from "./status-badge";
import { useWorkspace } from "./workspace";

const DAYS = 30;

/** Chart colours per status (Tailwind 500/400 shades matching the status badges). */
const STATUS_COLORS: Record<TSessionStatus, string> = {
  approved: "#10b981",
  declined: "#ef4444",
  review: "#f59e0b",
  resubmission_requested: "#f97316",
  processing: "#8b5cf6",
  in_progress: "#3b82f6",
  started: "#0ea5e9",
  created: "#94a3b8",
  expired: "#cbd5e1",
  cancelled: "#64748b",
};
const STACK_ORDER: TSessionStatus[] = [
  "approved",
  "declined",
  "review",
  "resubmission_requested",
  "processing",
  "in_progress",
  "started",
  "created",
  "expired",
  "cancelled",
];

/** "1 h 5 min", "3 min", "42 s", "2 d 4 h". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 1) return "under 1 s";
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

const dayLabel = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
const formatDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function OverviewView() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  // the browser's time zone, known only after hydration (the server's may differ)
  const timeZone = useClientValue<string | null>(browserTimeZone, null);
  const query = useQuery(
    trpc.overview.get.queryOptions(
      { projectId: ws.project.id, mode: ws.mode, days: DAYS, timeZone: timeZone ?? "UTC" },
      { refetchInterval: 60_000, enabled: timeZone !== null },
    ),
  );

  return (
    <div>
      <PageHeader title="Overview" description={`${ws.project.name} · ${ws.mode === "test" ? "test" : "live"} data · last ${DAYS} days`} />
      {query.isError ? (
        <ErrorCard what="the overview" message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <div className="space-y-5" data-testid="overview" aria-busy={query.isPending}>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Metric
              label="Sessions"
              loading={query.isPending}
              value={query.data ? query.data.totals.created.toLocaleString("en-IN") : ""}
              hint={`created in the last ${DAYS} days`}
              testId="metric-sessions"
            />
            <Metric
              label="Approval rate"
              loading={query.isPending}
              value={query.data ? (query.data.approvalRate === null ? "—" : `${(query.data.approvalRate * 100).toFixed(1)}%`) : ""}
              hint={
                query.data
                  ? query.data.totals.decided
                    ? `${query.data.totals.approved} approved of ${query.data.totals.decided} decided`
                    : "no decisions yet"
                  : ""
              }
              testId="metric-approval-rate"
            />
            <Metric
              label="Median time to decision"
              loading={query.isPending}
              value={query.data ? (query.data.medianDecisionSeconds === null ? "—" : formatDuration(query.data.medianDecisionSeconds)) : ""}
              hint="from the applicant's submission"
              testId="metric-median-decision"
            />
            <QueueMetric loading={query.isPending} queue={query.data?.queue} />
          </div>
          <Card>
            <CardHeader title="Sessions per day" description={`By current status, in your time zone${timeZone ? ` (${timeZone})` : ""}.`} />
            <CardBody>
              {query.isPending ? (
                <div className="flex h-72 items-center justify-center text-slate-500">
                  <Spinner className="size-5" label="Loading chart" />
                </div>
              ) : query.data.totals.created === 0 ? (
                <EmptyChart />
              ) : (
                <SessionsChart days={query.data.days} />
              )}
            </CardBody>
          </Card>
        </div>
      )}
    </div>
  );
}

function Metric({
  label,
  value,
  hint,
  loading,
  testId,
  children,
}: {
  label: string;
  value: string;
  hint?: string;
  loading: boolean;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <Card className="px-5 py-4" data-testid={testId}>
      <p className="text-sm font-medium text-slate-500">{label}</p>
      {loading ? (
        <div className="mt-2 h-8 w-24 animate-pulse rounded bg-slate-100" aria-hidden="true" />
      ) : (
        <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</p>
      )}
      {loading ? (
        <div className="mt-2 h-4 w-32 animate-pulse rounded bg-slate-100" aria-hidden="true" />
      ) : hint ? (
        <p className="mt-1 text-xs text-slate-500">{hint}</p>
      ) : null}
      {children}
    </Card>
  );
}

function QueueMetric({ loading, queue }: { loading: boolean; queue?: { size: number; oldestEnteredAt: Date | null } }) {
  const ws = useWorkspace();
  const [now] = useState(() => Date.now());
  const age = queue?.oldestEnteredAt ? formatDuration((now - new Date(queue.oldestEnteredAt).getTime()) / 1000) : null;
  return (
    <Metric
      label="Review queue"
      loading={loading}
      value={queue ? queue.size.toLocaleString("en-IN") : ""}
      hint={queue ? (age ? `oldest waiting ${age}` : "nothing waiting") : ""}
      testId="metric-queue"
    >
      {queue && queue.size > 0 ? (
        <Link href={ws.href("/dashboard/sessions", { status: "review" })} className="mt-2 inline-block text-xs font-medium text-brand-700 hover:underline">
          Open the queue →
        </Link>
      ) : null}
    </Metric>
  );
}

interface ChartRow {
  date: string;
  label: string;
  total: number;
  [status: string]: number | string;
}

function SessionsChart({ days }: { days: { date: string; total: number; byStatus: Partial<Record<TSessionStatus, number>> }[] }) {
  const rows = useMemo<ChartRow[]>(() => days.map((d) => ({ date: d.date, label: formatDay(d.date), total: d.total, ...d.byStatus })), [days]);
  const present = STACK_ORDER.filter((s) => days.some((d) => d.byStatus[s]));
  return (
    <div>
      <div className="h-72" data-testid="sessions-chart">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 288 }}>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fontSize: 12, fill: "#64748b" }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fontSize: 12, fill: "#64748b" }} width={48} />
            <Tooltip
              cursor={{ fill: "#f1f5f9" }}
              contentStyle={{ borderRadius: 6, borderColor: "#e2e8f0", fontSize: 13 }}
              formatter={(value, name) => [value, SESSION_STATUS_META[name as TSessionStatus]?.label ?? name]}
            />
            {present.map((s, i) => (
              <Bar
                key={s}
                dataKey={s}
                stackId="status"
                fill={STATUS_COLORS[s]}
                radius={i === present.length - 1 ? [3, 3, 0, 0] : 0}
                maxBarSize={28}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
        {present.map((s) => (
          <li key={s} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: STATUS_COLORS[s] }} />
            {SESSION_STATUS_META[s].label}
          </li>
        ))}
      </ul>
      {/* the same numbers for screen readers and keyboard users */}
      <table className="sr-only">
        <caption>Sessions per day by status</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Total</th>
            {present.map((s) => (
              <th key={s} scope="col">
                {SESSION_STATUS_META[s].label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows
            .filter((r) => r.total > 0)
            .map((r) => (
              <tr key={r.date}>
                <th scope="row">{r.label}</th>
                <td>{r.total}</td>
                {present.map((s) => (
                  <td key={s}>{(r[s] as number | undefined) ?? 0}</td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

function EmptyChart() {
  const ws = useWorkspace();
  return (
    <div className="flex h-72 flex-col items-center justify-center text-center" data-testid="overview-empty">
      <svg viewBox="0 0 120 60" aria-hidden="true" className="mb-4 h-14 w-28 text-slate-200">
        {[8, 22, 14, 30, 18, 38, 26].map((h, i) => (
          <rect key={i} x={4 + i * 16} y={56 - h} width="10" height={h} rx="2" fill="currentColor" />
        ))}
      </svg>
      <p className="text-sm font-medium text-slate-900">
        No {ws.mode} sessions in the last {DAYS} days
      </p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">
        {ws.mode === "test"
          ? "Create a session with a test API key to see it here; test sessions run against the sandbox."
          : "Live sessions appear here as soon as your backend creates them with a live key."}
      </p>
      <div className="mt-4 flex gap-2">
        {ws.can("manageApiKeys") ? (
          <Link href={ws.href("/dashboard/api-keys")} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Get an API key
          </Link>
        ) : null}
        <a href="/docs/api" className={cn(buttonClasses({ variant: "ghost", size: "sm" }))}>
          Read the API reference
        </a>
      </div>
    </div>
  );
}
