/** The dashboard's list table: horizontal scroll on small screens, an upper-case header row, divided body rows. */
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

export interface DataTableColumn {
  label: string;
  /** Header cell classes instead of the default padding (e.g. right alignment, responsive hiding). */
  className?: string;
  /** Label for screen readers only (an actions column). */
  srOnly?: boolean;
}

const HEADER_CELL = "px-4 py-2.5 font-medium";

export function DataTable({ columns, children }: { columns: readonly DataTableColumn[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.className ?? HEADER_CELL}>
                {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The footer of a list loaded page by page: how many rows are shown (`noun`: singular and
 * plural) and "Load more" while the last page (`page`, its query) says `has_more`; `onMore`
 * gets the id of the last row as the next `starting_after`. A spinner replaces the button while
 * the next page loads.
 */
export function LoadMoreFooter({
  count,
  noun,
  page,
  onMore,
}: {
  count: number;
  noun: readonly [string, string];
  page: { data?: { has_more: boolean; data: readonly { id: string }[] }; isPending: boolean } | undefined;
  onMore: (lastId: string) => void;
}) {
  const lastId = page?.data?.data.at(-1)?.id;
  return (
    <div className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm text-slate-500">
      <span>
        {count} {count === 1 ? noun[0] : noun[1]}
      </span>
      {page?.data?.has_more && lastId ? (
        <Button variant="secondary" size="sm" onClick={() => onMore(lastId)}>
          Load more
        </Button>
      ) : page?.isPending ? (
        <Spinner label="Loading more" />
      ) : null}
    </div>
  );
}
