import { FieldError } from "./field-error";
import { Label } from "./label";

/** The ids a field's input names in `aria-describedby` (hint first, then the error). */
export function fieldIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }): string | undefined {
  const ids = fieldIds(id);
  return [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
}

/**
 * Label + control + hint + error. The control itself must carry `id`, `aria-invalid` and
 * `aria-describedby={describedBy(id, { hint, error })}`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const ids = fieldIds(id);
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={ids.hint} className="mt-0.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">{children}</div>
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}
