"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { clientErrorInfo, type FieldIssue } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";

/** The flow state's query key, to refresh it after a change. */
export function useRefreshFlowState(sessionId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.flow.state.queryFilter({ sessionId }));
}

/** A 401 (link expired), 404 or 409 (session moved on) means the page must re-read the state to show why. */
export function refreshesState(err: unknown): boolean {
  const { code } = clientErrorInfo(err);
  return code === "UNAUTHORIZED" || code === "CONFLICT" || code === "NOT_FOUND";
}

/**
 * Submits one step. On success it waits for the refreshed flow state, so the button keeps
 * spinning until the next screen is ready (no flash of the old step). A 401 or 409 also
 * refreshes the state: the page then shows "link expired" or the session's new status.
 */
export function useSubmitStep(sessionId: string) {
  const trpc = useTRPC();
  const refresh = useRefreshFlowState(sessionId);
  return useMutation(
    trpc.flow.submitStep.mutationOptions({
      onSuccess: refresh,
      onError: (err) => {
        if (refreshesState(err)) void refresh();
      },
    }),
  );
}

/** `details` of a DomainError (e.g. `{ attempts_left }`, `{ retry_after }`), or an empty object. */
export function errorDetails(err: unknown): Record<string, unknown> {
  const data = (err as { data?: { domain?: { details?: unknown } | null } } | null)?.data;
  const details = data?.domain?.details;
  return details && typeof details === "object" && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
}

/**
 * Splits a failed submission into field issues (`details: [{ param, message: i18n key }]` for
 * the form's own `fields`) and one form-level i18n key (network, a 409, an issue on a field
 * the form does not show, anything else).
 */
export function splitServerErrors(err: unknown, fields: readonly string[]): { fieldIssues: FieldIssue[]; formKey: string | null } {
  const info = clientErrorInfo(err);
  if (info.code === null) return { fieldIssues: [], formKey: "network" };
  const fieldIssues = info.issues.filter((i) => fields.includes(i.param));
  const other = info.issues.find((i) => !fields.includes(i.param));
  if (other) return { fieldIssues, formKey: other.message };
  if (fieldIssues.length) return { fieldIssues, formKey: null };
  if (info.domainCode === "session_not_editable") return { fieldIssues, formKey: "session_not_editable" };
  return { fieldIssues, formKey: "generic" };
}

/** Puts the server's field issues on a react-hook-form form (focusing the first); returns the form-level key. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | null {
  const { fieldIssues, formKey } = splitServerErrors(err, fields);
  fieldIssues.forEach((issue, i) => setError(issue.param as Path<T>, { type: "server", message: issue.message }, { shouldFocus: i === 0 }));
  return formKey;
}
