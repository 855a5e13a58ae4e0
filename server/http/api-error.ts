import "server-only";
/**
 * The one error mapper of /v1 (STYLE.md 3): ZodError -> 400 `invalid_request_error` with a
 * dot-path `param`; DomainError -> its type/status (server/errors.ts); the database not answering
 * in time -> 503 `service_unavailable` (retry); anything else -> 500 `api_error` carrying only the
 * request id (never a stack trace).
 */
import { z, ZodError } from "zod";
import { API_VERSION } from "../api-version";
import { DatabaseUnavailableError } from "../db-sql";
import { API_ERROR_CODES, DomainError, ERROR_CODES, ERROR_TYPES, type ErrorCode, fromZodError } from "../errors";
import { newId } from "../ids";

function errorObject(codes: [ErrorCode, ...ErrorCode[]]) {
  return z.object({
    error: z.object({
      type: z.enum(ERROR_TYPES).meta({ description: "The kind of error; branch on it (and on `code`)." }),
      code: z.enum(codes).meta({ description: "Stable snake_case code of the error." }),
      message: z.string().meta({ description: "A human-readable explanation; may change, do not parse it." }),
      param: z
        .string()
        .optional()
        .meta({ description: "The offending parameter as a dot path (`prefill.email`, `metadata.plan`) or header name (`Service-Version`)." }),
      details: z.unknown().optional().meta({ description: "More about the error; validation errors list every problem as `{ param, message }`." }),
      request_id: z.string().meta({ description: "`req_...`: also in the `Request-Id` header. Quote it when asking for help." }),
    }),
  });
}

/**
 * The Error object (interface.md 2.8, decisions.md "Errors"): the body of every failed /v1
 * request, with the codes /v1 answers with (API_ERROR_CODES; the OpenAPI document's schema).
 */
export const ZError = errorObject(API_ERROR_CODES).meta({ id: "Error", description: "Every failed request answers with this object." });
/** The same object with any code: the hosted flow's upload route answers with flow codes too. */
export type ApiErrorBody = z.infer<ReturnType<typeof errorObject>>;

/** A complete /v1 error Response (Request-Id, Service-Version, plus `headers`) for routes outside `withApi`. */
export function apiErrorResponse(err: unknown, headers: Record<string, string> = {}): Response {
  const requestId = newId("request");
  const { status, body } = toApiError(err, requestId);
  return Response.json(body, { status, headers: { "Request-Id": requestId, "Service-Version": API_VERSION, ...headers } });
}

/**
 * Prisma's codes for a database that did not answer in time (https://www.prisma.io/docs/orm/reference/error-reference):
 * P1001 server unreachable, P1002 timed out, P1008 operation timed out, P1017 server closed the
 * connection, P2024 connection-pool timeout, P2028 interactive transaction timeout or closed,
 * P2034 write conflict or deadlock.
 */
const TRANSIENT_DATABASE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2034"]);

/**
 * True when `err` says the database did not answer in time (a Prisma error with one of those
 * codes, or the direct path's `DatabaseUnavailableError`, server/db-sql.ts): the request may be retried.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && err.name.startsWith("PrismaClient") && typeof code === "string" && TRANSIENT_DATABASE_CODES.has(code);
}

export function toApiError(err: unknown, requestId: string): { status: number; body: ApiErrorBody } {
  const e =
    err instanceof ZodError
      ? fromZodError(err)
      : isTransientDatabaseError(err)
        ? new DomainError("service_unavailable", "The service is busy and did not finish this request in time. Retry it shortly.")
        : err;
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
  console.error(
    JSON.stringify({ level: "error", msg: "unhandled api error", request_id: requestId, error: (err as Error)?.message, stack: (err as Error)?.stack }),
  );
  return {
    status: 500,
    body: {
      error: {
        type: "api_error",
        code: "internal_error",
        message: "Something went wrong on our side. Retry later; quote the request id if it persists.",
        request_id: requestId,
      },
    },
  };
}
