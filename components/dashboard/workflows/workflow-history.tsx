"use client";
/**
 * The History tab: published versions newest first (number, who published it, when; the
 * current one marked) and the diff of the selected entry: a version against its predecessor,
 * or the saved draft against the current version.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import { cn, focusRing } from "~/components/ui/cn";
import { useTRPC } from "~/components/trpc/react";
import { ErrorCard, LoadingCard } from "../query-states";
import { formatAbsolute, RelativeTime } from "../relative-time";
import { useWorkspace } from "../workspace";
import { DiffView } from "./diff-view";

export function WorkflowHistory({ id, draftChanges, hasVersions }: { id: string; draftChanges: boolean; hasVersions: boolean }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const versions = useQuery(trpc.workflows.versions.queryOptions({ ...tenant, id }));
  const [picked, setPicked] = useState<number | "draft" | null>(null);
  const selected = picked ?? (draftChanges && hasVersions ? "draft" : (versions.data?.[0]?.version ?? null));
  const diff = useQuery({ ...trpc.workflows.diff.queryOptions({ ...tenant, id, version: selected ?? 1 }), enabled: selected !== null });

  if (versions.isPending) return <LoadingCard label="Loading versions" />;
  if (versions.isError) return <ErrorCard what="the version history" message={versions.error.message} onRetry={() => void versions.refetch()} />;
  if (versions.data.length === 0) {
    return (
      <Card className="px-6 py-10 text-center" data-testid="history-empty">
        <p className="text-sm font-medium text-slate-900">Nothing published yet</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-500">
          Publishing the draft creates version 1. Each later publish creates the next version; sessions keep the version they started on.
        </p>
      </Card>
    );
  }

  const entry = (key: number | "draft", content: React.ReactNode) => (
    <li key={key}>
      <button
        type="button"
        aria-current={selected === key ? "true" : undefined}
        onClick={() => setPicked(key)}
        className={cn("block w-full px-4 py-3 text-left hover:bg-slate-50", focusRing, selected === key && "bg-brand-50 hover:bg-brand-50")}
      >
        {content}
      </button>
    </li>
  );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <Card>
        <CardHeader title="Versions" description="Newest first" />
        <ul className="divide-y divide-slate-100" data-testid="version-list">
          {draftChanges
            ? entry(
                "draft",
                <span className="flex items-center justify-between gap-2 text-sm">
                  <span className="font-medium text-slate-900">Draft</span>
                  <Badge tone="amber">Unpublished changes</Badge>
                </span>,
              )
            : null}
          {versions.data.map((v) =>
            entry(
              v.version,
              <span className="block text-sm" data-testid="version-row">
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">Version {v.version}</span>
                  {v.current ? (
                    <Badge tone="green" dot>
                      Current
                    </Badge>
                  ) : null}
                </span>
                <span className="mt-0.5 block text-xs text-slate-600" title={formatAbsolute(v.publishedAt)}>
                  {v.publishedBy ?? "Unknown"} · <RelativeTime date={v.publishedAt} />
                </span>
              </span>,
            ),
          )}
        </ul>
      </Card>
      <Card>
        <CardHeader
          title={selected === "draft" ? "Draft compared with the current version" : `Version ${selected} compared with the one before`}
          description="Saved changes only; save the draft to include edits in progress."
        />
        <div className="px-5 py-4">
          {diff.isPending ? (
            <LoadingCard label="Loading the diff" className="h-32 border-0 shadow-none" />
          ) : diff.isError ? (
            <ErrorCard what="the diff" message={diff.error.message} onRetry={() => void diff.refetch()} />
          ) : (
            <DiffView before={diff.data.before} after={diff.data.after} summary={diff.data.summary} lines={diff.data.lines} />
          )}
        </div>
      </Card>
    </div>
  );
}
