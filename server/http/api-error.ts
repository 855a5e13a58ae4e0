import "server-only";
/**
 * The one error mapper of /v1 (STYLE.md 3): ZodError -> 400 `invalid_request_error` with a
 * dot-path `param`; DomainError -> its type/status (server/errors.ts); anything else -> 500
 * `api_error` carrying only the request id (never a stack trace).
 */
import { ZodError, type core } from "zod";
import { DomainError, ERROR_CODES, type ErrorCode } from "../errors";

export interface ApiErrorBody {
  error: { type: string; code: string; message: string; param?: string; details?: unknown; request_id: string };
}

function dotPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** Converts a zod error on a request part into the Error object's fields. */
export function zodToDomainError(err: ZodError, prefix?: string): DomainError {
  const details = err.issues.flatMap((i: core.$ZodIssue) => {
    const base = prefix ? [prefix, ...i.path] : i.path;
    if (i.code === "unrecognized_keys") {
      return i.keys.map((k) => ({ param: dotPath([...base, k]), code: "parameter_unknown" as ErrorCode, message: `Received unknown parameter: ${dotPath([...base, k])}` }));
    }
    const param = dotPath(base);
    const missing = i.code === "invalid_type" && i.input === undefined;
    return [
      {
        param,
        code: (missing ? "parameter_missing" : "parameter_invalid") as ErrorCode,
        message: missing ? `Missing required param: ${param}.` : `Invalid ${param || "request"}: ${i.message}`,
      },
    ];
  });
  const first = details[0] ?? { param: prefix ?? "", code: "parameter_invalid" as ErrorCode, message: "Invalid request." };
  return new DomainError(first.code, first.message, { param: first.param || undefined, details: details.map(({ param, message }) => ({ param, message })) });
}

export function toApiError(err: unknown, requestId: string): { status: number; body: ApiErrorBody } {
  const e = err instanceof ZodError ? zodToDomainError(err) : err;
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
