/**
 * Puts a failed tRPC mutation's error where the user looks: on the form field it names
 * (DomainError `param`, or the first zod issue), else as a form-level message.
 */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { clientErrorInfo } from "~/components/trpc/domain-error";

/** @returns the form-level message when no listed field took the error, else null. */
export function applyServerError<T extends FieldValues>(err: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): string | null {
  const info = clientErrorInfo(err);
  const zodFields = (err as { data?: { zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null } })?.data?.zodError?.fieldErrors ?? {};
  let placed = false;
  for (const f of fields) {
    const message = zodFields[f]?.[0] ?? (info.param === f ? info.message : undefined);
    if (message) {
      setError(f, { type: "server", message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (placed) return null;
  return info.code === null ? "The network is unreachable. Check your connection and try again." : info.message;
}
