"use client";
import { useId } from "react";
import { describedBy, Field } from "~/components/ui/field";
import { Input, type InputProps } from "~/components/ui/input";
import { Select, type SelectProps } from "~/components/ui/select";

/**
 * A labelled input of the KYB steps: label, optional hint, error (already translated), with
 * `id`, `aria-invalid` and `aria-describedby` wired; `mono` for identifiers. Other props go to
 * the input (spread react-hook-form's `register(...)` into it).
 */
export function KybTextField({
  label,
  hint,
  error,
  className,
  mono = false,
  ...input
}: { label: string; hint?: string; error?: string; mono?: boolean } & InputProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input
        size="lg"
        {...input}
        id={id}
        className={mono ? "font-mono tracking-wide uppercase" : undefined}
        invalid={!!error}
        aria-describedby={describedBy(id, { hint, error })}
      />
    </Field>
  );
}

/** A labelled native select of the KYB steps, wired like KybTextField. */
export function KybSelectField({ label, error, className, ...select }: { label: string; error?: string } & SelectProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} className={className}>
      <Select size="lg" {...select} id={id} invalid={!!error} aria-describedby={describedBy(id, { error })} />
    </Field>
  );
}

/** Upper-cases and drops spaces as an identifier is typed (GSTIN, CIN, IFSC...). */
export function upperNoSpaces(e: React.ChangeEvent<HTMLInputElement>): void {
  const v = e.target.value.toUpperCase().replace(/\s+/g, "");
  if (v !== e.target.value) e.target.value = v;
}
