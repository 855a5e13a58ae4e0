import "server-only";
/**
 * `apiRoute({ GET, POST, ... })`: the exports of a /v1 route file. Methods the route does not
 * implement answer `405` with an `Allow` header and the Error object (STYLE.md 3), instead of
 * Next's empty default.
 */
import { DomainError } from "../errors";
import { apiErrorResponse } from "./api-error";

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

export function methodNotAllowed(allowed: readonly string[]): RouteHandler {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return async (req) =>
    apiErrorResponse(new DomainError("method_not_allowed", `${req.method} is not allowed on ${new URL(req.url).pathname}. Allowed: ${allowed.join(", ")}.`), {
      Allow: allow,
    });
}

export function apiRoute(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allowed = METHODS.filter((m) => handlers[m]);
  const fallback = methodNotAllowed(allowed);
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? fallback])) as Record<Method, RouteHandler>;
}
