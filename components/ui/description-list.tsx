/** A two-column label/value list (`<dl>`), used by the case view's cards. */
import { cn } from "./cn";

export type DescriptionRow = readonly [label: string, value: React.ReactNode];

export function DescriptionList({ rows, className, monoLabels = false }: { rows: readonly DescriptionRow[]; className?: string; monoLabels?: boolean }) {
  return (
    <dl className={cn("grid gap-x-3 gap-y-2 text-sm", className)}>
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className={monoLabels ? "truncate font-mono text-xs text-slate-500" : "text-slate-500"} title={monoLabels ? k : undefined}>
            {k}
          </dt>
          <dd className="min-w-0 break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
