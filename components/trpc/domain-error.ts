/**
 * Reads what the server's errorFormatter (server/trpc/init.ts) puts on a tRPC error: the tRPC
 * code, the HTTP status and, for a DomainError, `domain = { code, param, details }`.
 */
import { TRPCClientError } from "@trpc/client";

export interface FieldIssue {
  param: string;
  message: string;
}

export interface ClientErrorInfo {
  /** tRPC code, e.g. UNAUTHORIZED, FORBIDDEN, CONFLICT; null for a network failure. */
  code: string | null;
  httpStatus: number | null;
  /** DomainError code, e.g. client_token_invalid, session_not_decidable, parameter_invalid. */
  domainCode: string | null;
  param: string | null;
  /** Validation issues (`details` of parameter_invalid), message = i18n key in the hosted flow. */
  issues: FieldIssue[];
  message: string;
}

function isIssueList(v: unknown): v is FieldIssue[] {
  return (
    Array.isArray(v) &&
    v.every((i) => typeof i === "object" && i !== null && typeof (i as FieldIssue).param === "string" && typeof (i as FieldIssue).message === "string")
  );
}

export function clientErrorInfo(err: unknown): ClientErrorInfo {
  if (err instanceof TRPCClientError) {
    const data = (err.data ?? {}) as {
      code?: string;
      httpStatus?: number;
      domain?: { code?: string; param?: string | null; details?: unknown } | null;
    };
    const domain = data.domain ?? null;
    const issues = isIssueList(domain?.details) ? domain.details : domain?.param ? [{ param: domain.param, message: err.message }] : [];
    return {
      code: data.code ?? null,
      httpStatus: data.httpStatus ?? null,
      domainCode: domain?.code ?? null,
      param: domain?.param ?? null,
      issues,
      message: err.message,
    };
  }
  return { code: null, httpStatus: null, domainCode: null, param: null, issues: [], message: err instanceof Error ? err.message : String(err) };
}
