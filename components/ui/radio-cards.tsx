import { cn } from "./cn";

export interface RadioCardOption {
  value: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  icon?: React.ReactNode;
}

/**
 * A choice between a few options as large, tappable cards: native radio inputs in a
 * `fieldset` with a `legend`, so keyboards (arrow keys) and screen readers work unchanged.
 */
export function RadioCards({
  name,
  legend,
  legendHidden = false,
  options,
  value,
  onChange,
  error,
  errorId,
  testId,
}: {
  name: string;
  legend: React.ReactNode;
  legendHidden?: boolean;
  options: readonly RadioCardOption[];
  value: string | null;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  errorId?: string;
  testId?: string;
}) {
  return (
    <fieldset data-testid={testId} aria-describedby={error ? errorId : undefined}>
      <legend className={cn("text-sm font-medium text-slate-800", legendHidden && "sr-only")}>{legend}</legend>
      <div className={cn("flex flex-col gap-3", !legendHidden && "mt-2")}>
        {options.map((o) => {
          const checked = o.value === value;
          return (
            <label
              key={o.value}
              className={cn(
                "flex min-h-14 cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-solid has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                checked ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : error ? "border-red-400" : "border-slate-300 hover:border-slate-400",
              )}
            >
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={checked}
                onChange={() => onChange(o.value)}
                className="mt-1 size-4 shrink-0 accent-brand-600 outline-hidden"
              />
              {o.icon ? <span className="shrink-0 text-slate-500">{o.icon}</span> : null}
              <span className="min-w-0">
                <span className="block text-base font-medium text-slate-900">{o.title}</span>
                {o.description ? <span className="mt-0.5 block text-sm text-slate-600">{o.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
