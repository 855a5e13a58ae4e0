"use client";
/**
 * A list read page by page with `starting_after` (server/pagination.ts) and a "Load more"
 * footer, for the review queue and the audit log. Remount (`key`) to start again at page one.
 */
import { useQueries, type UseQueryOptions } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

interface Page {
  data: { id: string }[];
  has_more: boolean;
}

/** `options(startingAfter)`: a tRPC `queryOptions(...)` of a list procedure (its fetcher's own types are erased here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useKeysetPages<T extends { id: string }>(
  options: (startingAfter: string | undefined) => UseQueryOptions<any, any, { data: T[]; has_more: boolean }, any>,
) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pages = useQueries({ queries: cursors.map((c) => options(c)) });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  return {
    rows: pages.flatMap((p) => p.data?.data ?? []),
    first,
    last,
    loadMore: () => {
      const lastId = last.data?.data.at(-1)?.id;
      if (lastId) setCursors((c) => [...c, lastId]);
    },
  };
}

/** "N rows" and a "Load more" button while the last page says `has_more`. */
export function LoadMoreFooter({
  count,
  noun,
  pages,
}: {
  count: number;
  noun: [string, string];
  pages: { last: { data?: Page; isFetching: boolean; isPending: boolean }; loadMore: () => void };
}) {
  return (
    <div className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm text-slate-500">
      <span>
        {count} {count === 1 ? noun[0] : noun[1]}
      </span>
      {pages.last.data?.has_more ? (
        <Button variant="secondary" size="sm" loading={pages.last.isFetching} onClick={pages.loadMore}>
          Load more
        </Button>
      ) : pages.last.isPending ? (
        <Spinner label="Loading more" />
      ) : null}
    </div>
  );
}
