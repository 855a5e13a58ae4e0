/**
 * Step 7 of withApi: the endpoint's zod schemas parse the path params (awaited: a Promise in
 * Next 16), the query and the JSON body, in that order; the first part that fails answers 400
 * with the dot path of its first problem (server/errors.ts `fromZodError`).
 */
import type { z } from "zod";
import { DomainError, fromZodError } from "../../errors";
import type { Endpoint, ParsedInput, RouteContext } from "./endpoint";

function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown): z.output<T> {
  if (!schema) return undefined as z.output<T>;
  const r = schema.safeParse(value);
  if (!r.success) throw fromZodError(r.error);
  return r.data;
}

/**
 * Parses params, query and body. A missing body parses as `{}`; an endpoint without a body
 * schema accepts none (or `{}`).
 * @throws DomainError parameter_missing / parameter_invalid / parameter_unknown (400).
 */
export async function parseInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  endpoint: Pick<Endpoint<P, Q, B>, "params" | "query" | "body">,
  req: Request,
  route: RouteContext,
  json: unknown,
): Promise<ParsedInput<P, Q, B>> {
  const params = parsePart(endpoint.params, await route.params);
  const query = parsePart(endpoint.query, Object.fromEntries(new URL(req.url).searchParams));
  const body = parsePart(endpoint.body, endpoint.body && json === undefined ? {} : json);
  if (!endpoint.body && json !== undefined && !(typeof json === "object" && json !== null && Object.keys(json).length === 0)) {
    throw new DomainError("parameter_unknown", "This endpoint takes no request body.");
  }
  return { params, query, body };
}
