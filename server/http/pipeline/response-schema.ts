/**
 * Step 9 of withApi: the handler's result becomes the response, with its status (the
 * endpoint's lowest success status, or `WithStatus`) and, outside production, checked against
 * the endpoint's response schema. A `JsonText` body (JSON built by the database) is sent as it is.
 */
import type { z } from "zod";
import { env } from "../../env";
import { JsonText } from "../../json-text";
import type { StoredResponse } from "../idempotency";
import { type Endpoint, type SuccessResponses, WithStatus } from "./endpoint";

type ResponseEndpoint = Pick<Endpoint<z.ZodType, z.ZodType, z.ZodType>, "operationId" | "responses">;

/** The status of a plain handler result: the endpoint's lowest success status (200 without `responses`). */
export function successStatus(endpoint: { responses?: SuccessResponses }): number {
  const statuses = Object.keys(endpoint.responses ?? {}).map(Number);
  return statuses.length ? Math.min(...statuses) : 200;
}

/**
 * Outside production, a handler result that does not match its response schema is a 500, so
 * drift shows up in development and in-process tests at once. It only catches missing or
 * mistyped fields (zod strips unknown keys); tests/api/openapi.test.ts validates every real
 * response against the published document, unknown fields included.
 * @throws Error naming the operation and the schema's issues.
 */
export function checkResponse(endpoint: ResponseEndpoint, status: number, body: unknown): void {
  if (env.NODE_ENV === "production") return;
  const schema = (endpoint.responses as Record<number, z.ZodType> | undefined)?.[status];
  if (!schema) return;
  const r = schema.safeParse(body instanceof JsonText ? body.parse() : body);
  if (!r.success) throw new Error(`${endpoint.operationId}: the ${status} response does not match its schema: ${JSON.stringify(r.error.issues)}`);
}

/** A JSON response: `Content-Type: application/json` plus `headers`, the body serialized once (what a replay sends again). */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string>): StoredResponse {
  return { status, headers: { "Content-Type": "application/json", ...headers }, body: body instanceof JsonText ? body.text : JSON.stringify(body) };
}

/** The checked response of a handler result (a body, or `WithStatus`). */
export function handlerResponse(endpoint: ResponseEndpoint, result: unknown, headers: Record<string, string>): StoredResponse {
  const [status, body] = result instanceof WithStatus ? [result.status, result.body] : [successStatus(endpoint), result];
  checkResponse(endpoint, status, body);
  return jsonResponse(status, body, headers);
}
