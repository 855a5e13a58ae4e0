"use client";
/**
 * Checkboxes for a set of values; `ordered` lists the chosen values first, in their order, with
 * move up/down buttons (e.g. Aadhaar methods: the first is preselected).
 */
import { Checkbox } from "~/components/ui/checkbox";
import { cn } from "~/components/ui/cn";
import { describedBy } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { valueLabel } from "./labels";
import { MoveButtons } from "./move-buttons";

export function ChoiceList({
  id,
  options,
  value,
  onChange,
  ordered = false,
  label = valueLabel,
  describedBy,
  columns = false,
}: {
  id: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  ordered?: boolean;
  label?: (value: string) => React.ReactNode;
  describedBy?: string;
  columns?: boolean;
}) {
  const chosen = value.filter((v) => options.includes(v));
  const rows = ordered ? [...chosen, ...options.filter((o) => !chosen.includes(o))] : options;
  const move = (from: number, to: number) => {
    const next = [...chosen];
    next.splice(to, 0, next.splice(from, 1)[0]!);
    onChange(next);
  };
  return (
    <ul className={cn("gap-x-6 gap-y-1", columns ? "grid sm:grid-cols-2" : "flex flex-col")} aria-describedby={describedBy}>
      {rows.map((option) => {
        const position = chosen.indexOf(option);
        return (
          <li key={option} className="flex min-h-9 items-center justify-between gap-2">
            <label className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
              <Checkbox
                id={`${id}-${option}`}
                className="size-4"
                checked={position >= 0}
                onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((v) => v !== option))}
              />
              {ordered && position >= 0 ? <span className="w-4 text-right text-xs text-slate-500 tabular-nums">{position + 1}.</span> : null}
              <span className="min-w-0">{label(option)}</span>
            </label>
            {ordered && position >= 0 && chosen.length > 1 ? (
              <MoveButtons name={valueLabel(option)} index={position} count={chosen.length} onMove={move} idPrefix={`${id}-${option}`} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A group of choices with its legend, hint and error (ids `<id>-hint` and `<id>-error`, as `Field` names them). */
export function ChoiceFieldset({
  id,
  legend,
  hint,
  error,
  children,
}: {
  id: string;
  legend: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset aria-describedby={describedBy(id, { hint, error })}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">{children}</div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
