import "server-only";
/**
 * The one error mapper of /v1 (STYLE.md 3): ZodError -> 400 `invalid_request_error` with a
 * dot-path `param`; DomainError -> its type/status (server/errors.ts); anything else -> 500
 * `api_error` carrying only the request id (never a stack trace).
 */
import { ZodError } from "zod";
import { DomainError, ERROR_CODES, fromZodError } from "../errors";

export interface ApiErrorBody {
  error: { type: string; code: string; message: string; param?: string; details?: unknown; request_id: string };
}

export function toApiError(err: unknown, requestId: string): { status: number; body: ApiErrorBody } {
  const e = err instanceof ZodError ? fromZodError(err) : err;
  if (e instanceof DomainError) {
    const { type, status } = ERROR_CODES[e.code];
    return {
      status,
      body: {
        error: {
          type,
          code: e.code,
          message: e.message,
          ...(e.param ? { param: e.param } : {}),
          ...(e.details !== undefined ? { details: e.details } : {}),
          request_id: requestId,
        },
      },
    };
  }
  console.error(JSON.stringify({ level: "error", msg: "unhandled api error", request_id: requestId, error: (err as Error)?.message, stack: (err as Error)?.stack }));
  return {
    status: 500,
    body: { error: { type: "api_error", code: "internal_error", message: "Something went wrong on our side. Retry later; quote the request id if it persists.", request_id: requestId } },
  };
}
