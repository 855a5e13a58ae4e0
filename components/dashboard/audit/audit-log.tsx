"use client";
/**
 * /dashboard/audit (owners and admins): the project's audit log, newest first: time, actor,
 * action, object (sessions linked), IP. Filters: actor, session id, action, date range; the
 * same filters download as CSV (a form POST to /dashboard/audit/export: the export is itself audited).
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { useTRPC } from "~/components/trpc/react";
import type { TAuditFilters, TAuditRow } from "~/server/audit/audit-log.schemas";
import { PERMISSIONS } from "~/server/users/permissions";
import { DataTable } from "../data-table";
import { PageHeader } from "../page-header";
import { ErrorCard, LoadingCard, NoAccess } from "../query-states";
import { formatAbsolute } from "../relative-time";
import { LoadMoreFooter, useKeysetPages } from "../review/keyset-pages";
import { useWorkspace } from "../workspace";

const ACTOR_TYPES = [
  { value: "api_key", label: "Any API key" },
  { value: "applicant", label: "Applicants" },
  { value: "system", label: "System" },
] as const;

type Filters = Required<{ [K in keyof TAuditFilters]: string }>;
const EMPTY: Filters = { actor: "", sessionId: "", action: "", from: "", to: "" };

/** Only the filters that are set. */
const activeFilters = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== "")) as TAuditFilters;

export function AuditLogView({ initialSessionId }: { initialSessionId?: string }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>({ ...EMPTY, sessionId: initialSessionId ?? "" });
  const options = useQuery({ ...trpc.audit.filterOptions.queryOptions({ projectId: ws.project.id, mode: ws.mode }), enabled: ws.can("readAuditLog") });
  if (!ws.can("readAuditLog")) return <NoAccess what="the audit log" roles={PERMISSIONS.readAuditLog} role={ws.role} />;

  const active = activeFilters(filters);
  const exportFields = { project: ws.project.id, mode: ws.mode, ...active };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: e.target.value }));
  return (
    <div>
      <PageHeader
        title="Audit log"
        description={`Who did what in ${ws.project.name} (${ws.mode} mode): decisions, views of personal data and evidence, settings, keys. Append-only.`}
        actions={
          <form method="post" action="/dashboard/audit/export">
            {Object.entries(exportFields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={buttonClasses({ variant: "secondary", size: "sm" })} data-testid="audit-export">
              Export CSV
            </button>
          </form>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Filter the audit log">
        <div>
          <Label htmlFor="audit-actor">Actor</Label>
          <Select id="audit-actor" className="mt-1" value={filters.actor} onChange={set("actor")}>
            <option value="">Anyone</option>
            {(options.data?.users ?? []).map((u) => (
              <option key={u.id} value={`user:${u.id}`}>
                {u.email}
              </option>
            ))}
            {ACTOR_TYPES.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="audit-session">Session id</Label>
          <Input id="audit-session" className="mt-1 font-mono" placeholder="ses_…" value={filters.sessionId} onChange={set("sessionId")} />
        </div>
        <div>
          <Label htmlFor="audit-action">Action</Label>
          <Select id="audit-action" className="mt-1" value={filters.action} onChange={set("action")}>
            <option value="">Any action</option>
            {(options.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="audit-from">From</Label>
          <Input id="audit-from" type="date" className="mt-1" value={filters.from} max={filters.to || undefined} onChange={set("from")} />
        </div>
        <div>
          <Label htmlFor="audit-to">To</Label>
          <Input id="audit-to" type="date" className="mt-1" value={filters.to} min={filters.from || undefined} onChange={set("to")} />
        </div>
      </div>
      <AuditTable key={`${ws.project.id}:${ws.mode}:${JSON.stringify(active)}`} filters={active} filtered={Object.keys(active).length > 0} />
    </div>
  );
}

function AuditTable({ filters, filtered }: { filters: TAuditFilters; filtered: boolean }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const pages = useKeysetPages<TAuditRow>((startingAfter) =>
    trpc.audit.list.queryOptions({ projectId: ws.project.id, mode: ws.mode, ...filters, limit: 50, startingAfter }),
  );
  if (pages.first.isPending) return <LoadingCard label="Loading the audit log" />;
  if (pages.first.isError) return <ErrorCard what="the audit log" message={pages.first.error.message} onRetry={() => void pages.first.refetch()} />;
  if (!pages.rows.length) {
    return (
      <Card className="px-6 py-12 text-center" data-testid="audit-empty">
        <p className="text-sm font-medium text-slate-900">{filtered ? "No entries match these filters" : "Nothing recorded yet"}</p>
        <p className="mt-1 text-sm text-slate-500">
          {filtered ? "Widen the date range or clear a filter." : "Entries appear as people and API keys work in this project."}
        </p>
      </Card>
    );
  }
  return (
    <Card className="overflow-hidden">
      <DataTable columns={[{ label: "Time" }, { label: "Actor" }, { label: "Action" }, { label: "Object" }, { label: "IP" }]}>
        {pages.rows.map((r) => (
          <tr key={r.id} className="align-top hover:bg-slate-50" data-testid="audit-row" data-action={r.action}>
            <td className="px-4 py-2.5 whitespace-nowrap text-slate-600">{formatAbsolute(r.created_at)}</td>
            <td className="px-4 py-2.5">
              <span className="text-slate-900">{r.actor.label}</span>
              <span className="block text-xs text-slate-500">{r.actor.type.replace("_", " ")}</span>
            </td>
            <td className="px-4 py-2.5">
              <span className="font-mono text-[13px] text-slate-900">{r.action}</span>
              <AuditDetail row={r} />
            </td>
            <td className="px-4 py-2.5 font-mono text-xs">
              {r.session_id ? (
                <Link href={ws.href(`/dashboard/sessions/${r.session_id}`)} className="text-brand-700 hover:underline">
                  {r.object_type === "session" ? r.object_id : `${r.object_id} (${r.session_id})`}
                </Link>
              ) : (
                <span className="text-slate-600">
                  {r.object_type} {r.object_id}
                </span>
              )}
            </td>
            <td className="px-4 py-2.5 font-mono text-xs text-slate-600">{r.ip ?? "—"}</td>
          </tr>
        ))}
      </DataTable>
      <LoadMoreFooter count={pages.rows.length} noun={["entry", "entries"]} pages={pages} />
    </Card>
  );
}

/** The most telling part of a row's data: a decision's change, an override's both decisions. */
function AuditDetail({ row }: { row: TAuditRow }) {
  const d = (row.data ?? {}) as { from?: string; to?: string; reason_code?: string; previous?: { decision?: string }; new?: { decision?: string } };
  const text = d.previous && d.new ? `${d.previous.decision} → ${d.new.decision}` : d.from && d.to !== undefined ? `${d.from ?? "—"} → ${d.to ?? "—"}` : null;
  if (!text && !d.reason_code) return null;
  return (
    <span className="block text-xs text-slate-500">
      {text}
      {d.reason_code ? ` · ${d.reason_code}` : ""}
    </span>
  );
}
