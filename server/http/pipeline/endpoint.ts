/**
 * The types a /v1 route is written in: the `Endpoint` definition (server/http/endpoints.ts
 * lists them; server/http/openapi.ts documents them), the handler `withApi` calls with the
 * parsed input and its `ApiContext`, and `WithStatus` for a non-default success status.
 */
import type { z } from "zod";
import type { ApiKeyContext } from "../../api-keys/create-api-key";
import type { Db } from "../../db";
import type { IdempotencyClaim } from "../../idempotency-claim";
import type { JsonText } from "../../json-text";
import type { Tenant } from "../../tenant";

/** Success statuses of an endpoint and the zod schemas of their bodies (server/http/endpoints.ts). */
export type SuccessResponses = { 200?: z.ZodType; 201?: z.ZodType; 202?: z.ZodType };

/** What a handler may return: a body of one of the success responses (typed by their schemas). */
type SuccessBody<R extends SuccessResponses> = { [S in keyof R]-?: z.output<NonNullable<R[S]>> }[keyof R];

/** The methods /v1 endpoints use. */
export type ApiMethod = "GET" | "POST" | "DELETE";

export interface Endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends SuccessResponses = SuccessResponses> {
  operationId: string;
  method: ApiMethod;
  /** OpenAPI-style path, e.g. `/v1/sessions/{id}` */
  path: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** How the POST body is sent: `json` (default, server/http/pipeline/json-body.ts) or `multipart` (multipart/form-data with a file, server/http/pipeline/multipart-body.ts). */
  bodyEncoding?: "json" | "multipart";
  /** Success statuses and body schemas; the lowest status is the default (others via `WithStatus`). Default: 200, untyped. */
  responses?: R;
  /**
   * The handler claims the Idempotency-Key in its own single statement (`ctx.idempotency`,
   * see `IdempotencyClaim`) instead of the pipeline claiming it first: for hot creates.
   */
  atomicIdempotency?: boolean;
}

export interface ApiContext extends ApiKeyContext {
  db: Db;
  /** `{ projectId, mode }` of the key: what domain calls are scoped to. */
  tenant: Tenant;
  requestId: string;
  ip: string | null;
  /** Set for endpoints with `atomicIdempotency` when the request has an Idempotency-Key. */
  idempotency?: IdempotencyClaim;
}

/** A handler result with another success status than the endpoint's default (e.g. 202). */
export class WithStatus<T = unknown> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}

/** The parsed input of one request. */
export interface ParsedInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
}

/** A route's handler: parsed input and context in, a success body (or `WithStatus`, or the body as `JsonText`) out. */
export type Handler<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends SuccessResponses> = (
  args: ParsedInput<P, Q, B> & { ctx: ApiContext },
) => Promise<SuccessBody<R> | WithStatus<SuccessBody<R>> | JsonText<SuccessBody<R>>>;

/** The second argument Next passes to a route handler (`params` is a Promise in Next 16; of undefined on a route without dynamic segments). */
export type RouteContext = { params: Promise<Record<string, string | string[]> | undefined> };
