"use client";
/** The review queue's size beside its navigation item (review.summary; refreshed every minute). */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/components/trpc/react";
import { useWorkspace } from "../workspace";

export function ReviewQueueCount() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const summary = useQuery({ ...trpc.review.summary.queryOptions({ projectId: ws.project.id, mode: ws.mode }), refetchInterval: 60_000 });
  const total = summary.data?.total;
  if (!total) return null;
  return (
    <span className="ml-auto rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 tabular-nums" data-testid="queue-count">
      {total}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
