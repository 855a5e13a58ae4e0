/** The dashboard's list table: horizontal scroll on small screens, an upper-case header row, divided body rows. */
import type { ReactNode } from "react";

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
