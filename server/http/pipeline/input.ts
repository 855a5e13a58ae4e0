/**
 * Step 7 of withApi: the endpoint's zod schemas parse the path params (awaited: a Promise in
 * Next 16), the query and the JSON body, in that order; the first part that fails answers 400
 * with the dot path of its first problem (server/errors.ts `fromZodError`). Before that, a path
 * param or query parameter with text the database cannot store (server/http/pipeline/text-input.ts)
 * is refused: 404 for a path id (no object has it), 400 naming a query parameter.
 */
import type { z } from "zod";
import { DomainError, fromZodError } from "../../errors";
import type { Endpoint, ParsedInput, RouteContext } from "./endpoint";
import { isStorableText, unstorableTextError } from "./text-input";

/**
 * @throws DomainError resource_missing (param: the path param's name), parameter_invalid (param:
 *   the query parameter's name) for text with NUL or an unpaired surrogate.
 */
function assertStorable(params: Record<string, string | string[]>, query: URLSearchParams): void {
  for (const [name, value] of Object.entries(params)) {
    if (![value].flat().every(isStorableText)) throw new DomainError("resource_missing", "No such object: the path has characters no id has.", { param: name });
  }
  for (const [name, value] of query) {
    if (!isStorableText(name) || !isStorableText(value)) throw unstorableTextError(name);
  }
}

function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown): z.output<T> {
  if (!schema) return undefined as z.output<T>;
  const r = schema.safeParse(value);
  if (!r.success) throw fromZodError(r.error);
  return r.data;
}

/**
 * Parses params, query and body. A missing body parses as `{}`; an endpoint without a body
 * schema accepts none (or `{}`).
 * @throws DomainError resource_missing (404) for a path param with text no id has;
 *   parameter_missing / parameter_invalid / parameter_unknown (400).
 */
export async function parseInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  endpoint: Pick<Endpoint<P, Q, B>, "params" | "query" | "body">,
  req: Request,
  route: RouteContext,
  json: unknown,
): Promise<ParsedInput<P, Q, B>> {
  const routeParams = (await route.params) ?? {};
  const searchParams = new URL(req.url).searchParams;
  assertStorable(routeParams, searchParams);
  const params = parsePart(endpoint.params, routeParams);
  const query = parsePart(endpoint.query, Object.fromEntries(searchParams));
  const body = parsePart(endpoint.body, endpoint.body && json === undefined ? {} : json);
  if (!endpoint.body && json !== undefined && !(typeof json === "object" && json !== null && Object.keys(json).length === 0)) {
    throw new DomainError("parameter_unknown", "This endpoint takes no request body.");
  }
  return { params, query, body };
}
