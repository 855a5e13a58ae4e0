import "server-only";
/**
 * `withApi(endpoint, handler)`: the /v1 pipeline every route handler shares (STYLE.md 3),
 * always in this order: request id -> Service-Version -> API key -> rate limit
 * (server/http/rate-limit.ts) -> content type, size, JSON -> idempotency claim or replay -> zod
 * parse of params, query, body -> handler -> response schema (outside production) -> headers
 * (`Request-Id`, `Service-Version`, and the `RateLimit-*` headers on every response of an
 * authenticated key) -> idempotency store. One catch maps every failure to the Error object
 * (server/http/api-error.ts). The endpoint's `responses` type the handler's result; the same
 * endpoint objects generate the OpenAPI document (server/http/openapi.ts).
 */
import type { z } from "zod";
import { authenticateApiKey, type ApiKeyContext } from "../api-keys/create-api-key";
import { API_VERSION, SUPPORTED_API_VERSIONS } from "../api-version";
import { getDb, type Db } from "../db";
import { env } from "../env";
import { DomainError, fromZodError } from "../errors";
import { newId } from "../ids";
import { type Tenant, tenantWhere } from "../tenant";
import { toApiError } from "./api-error";
import { clientIp } from "./client-ip";
import {
  atomicIdempotency,
  claimIdempotencyKey,
  completeIdempotencyKey,
  IdempotencyKeyTaken,
  releaseIdempotencyKey,
  type AtomicIdempotency,
  type IdempotencyScope,
  type StoredResponse,
} from "./idempotency";
import { consumeRateLimit, rateLimitedError, rateLimitHeaders } from "./rate-limit";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Success statuses of an endpoint and the zod schemas of their bodies (server/http/endpoints.ts). */
export type SuccessResponses = { 200?: z.ZodType; 201?: z.ZodType; 202?: z.ZodType };

/** What a handler may return: a body of one of the success responses (typed by their schemas). */
type SuccessBody<R extends SuccessResponses> = { [S in keyof R]-?: z.output<NonNullable<R[S]>> }[keyof R];

export interface Endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends SuccessResponses = SuccessResponses> {
  operationId: string;
  method: "GET" | "POST" | "DELETE";
  /** OpenAPI-style path, e.g. `/v1/sessions/{id}` */
  path: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Success statuses and body schemas; the lowest status is the default (others via `WithStatus`). Default: 200, untyped. */
  responses?: R;
  /**
   * The handler claims the Idempotency-Key in its own single statement (`ctx.idempotency`,
   * see `AtomicIdempotency`) instead of the pipeline claiming it first: for hot creates.
   */
  atomicIdempotency?: boolean;
}

/** The status of a plain handler result: the endpoint's lowest success status (200 without `responses`). */
function successStatus(endpoint: { responses?: SuccessResponses }): number {
  const statuses = Object.keys(endpoint.responses ?? {}).map(Number);
  return statuses.length ? Math.min(...statuses) : 200;
}

/**
 * Outside production, a handler result that does not match its response schema is a 500, so
 * drift shows up in development and in-process tests at once. It only catches missing or
 * mistyped fields (zod strips unknown keys); tests/api/openapi.test.ts validates every real
 * response against the published document, unknown fields included.
 */
function checkResponse(endpoint: { operationId: string; responses?: SuccessResponses }, status: number, body: unknown): void {
  if (env.NODE_ENV === "production") return;
  const schema = (endpoint.responses as Record<number, z.ZodType> | undefined)?.[status];
  if (!schema) return;
  const r = schema.safeParse(body);
  if (!r.success) throw new Error(`${endpoint.operationId}: the ${status} response does not match its schema: ${JSON.stringify(r.error.issues)}`);
}

export interface ApiContext extends ApiKeyContext {
  db: Db;
  /** `{ projectId, mode }` of the key: what domain calls are scoped to. */
  tenant: Tenant;
  requestId: string;
  ip: string | null;
  /** Set for endpoints with `atomicIdempotency` when the request has an Idempotency-Key. */
  idempotency?: AtomicIdempotency;
}

type Handler<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends SuccessResponses> = (args: {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  ctx: ApiContext;
}) => Promise<SuccessBody<R> | WithStatus<SuccessBody<R>>>;

/** A handler result with another success status than the endpoint's default (e.g. 202). */
export class WithStatus<T = unknown> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

function resolveVersion(req: Request): string | null {
  const v = req.headers.get("service-version");
  if (v === null) return null;
  if (!SUPPORTED_API_VERSIONS.includes(v)) {
    throw new DomainError("api_version_invalid", `Unknown API version '${v}'. Supported: ${SUPPORTED_API_VERSIONS.join(", ")}.`, { param: "Service-Version" });
  }
  return v;
}

/** Reads a JSON body: 415 for another content type, 413 over 1 MiB, 400 for malformed JSON. */
async function readJsonBody(req: Request): Promise<{ raw: string; json: unknown }> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new DomainError("body_too_large", "Request bodies are limited to 1 MiB.");
  const raw = await req.text();
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new DomainError("body_too_large", "Request bodies are limited to 1 MiB.");
  if (!raw.length) return { raw, json: undefined };
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new DomainError("unsupported_media_type", "Send request bodies as JSON with 'Content-Type: application/json'.");
  }
  try {
    return { raw, json: JSON.parse(raw) };
  } catch {
    throw new DomainError("body_invalid_json", "The request body is not valid JSON.");
  }
}

function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown, prefix?: string): z.output<T> {
  if (!schema) return undefined as z.output<T>;
  const r = schema.safeParse(value);
  if (!r.success) throw fromZodError(r.error, prefix);
  return r.data;
}

function respond(status: number, body: unknown, headers: Record<string, string>): StoredResponse {
  return { status, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
}

function toResponse(r: StoredResponse, extra: Record<string, string> = {}): Response {
  return new Response(r.body, { status: r.status, headers: { ...r.headers, ...extra } });
}

function log(req: Request, requestId: string, status: number, started: number) {
  const path = new URL(req.url).pathname;
  console.log(JSON.stringify({ level: "info", msg: "api", request_id: requestId, method: req.method, path, status, ms: Date.now() - started }));
}

export function withApi<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends SuccessResponses = SuccessResponses>(
  endpoint: Endpoint<P, Q, B, R>,
  handler: Handler<P, Q, B, R>,
) {
  return async (req: Request, route: RouteContext): Promise<Response> => {
    const started = Date.now();
    const requestId = newId("request");
    let version: string | null = null;
    // assigned inside claimFirst(), which TypeScript flow analysis does not follow
    let claimed = null as { db: Db; recordId: string } | null;
    let handlerStarted = false;
    /** `RateLimit-*` (+ `Retry-After`) of the key; added to every response, never stored for replay. */
    let rateHeaders: Record<string, string> = {};
    try {
      version = resolveVersion(req);
      const db = await getDb();
      const key = await authenticateApiKey(db, req.headers.get("authorization"));
      version ??= key.apiVersion;
      const limited = await consumeRateLimit(db, key);
      rateHeaders = rateLimitHeaders(limited);
      if (limited && !limited.allowed) throw rateLimitedError(limited);
      const headers = { "Request-Id": requestId, "Service-Version": version };
      const { raw, json } = endpoint.method === "POST" ? await readJsonBody(req) : { raw: "", json: undefined };

      const idemKey = endpoint.method === "POST" ? req.headers.get("idempotency-key") : null;
      const scope: IdempotencyScope | null =
        idemKey === null ? null : { projectId: key.projectId, mode: key.mode, method: req.method, path: new URL(req.url).pathname, key: idemKey };
      /** Claims the key first (the default); null when it answered with a replay instead. */
      const claimFirst = async (): Promise<Response | null> => {
        const claim = await claimIdempotencyKey(db, scope!, raw);
        if (claim.kind === "replay") {
          log(req, requestId, claim.response.status, started);
          return toResponse(claim.response, { "Idempotent-Replayed": "true", "Request-Id": requestId, ...rateHeaders });
        }
        claimed = { db, recordId: claim.recordId };
        return null;
      };
      const atomic = scope && endpoint.atomicIdempotency;
      if (scope && !atomic) {
        const replay = await claimFirst();
        if (replay) return replay;
      }

      const url = new URL(req.url);
      const params = parsePart(endpoint.params, await route.params);
      const query = parsePart(endpoint.query, Object.fromEntries(url.searchParams));
      const body = parsePart(endpoint.body, endpoint.body && json === undefined ? {} : json);
      if (!endpoint.body && json !== undefined && !(typeof json === "object" && json !== null && Object.keys(json).length === 0)) {
        throw new DomainError("parameter_unknown", "This endpoint takes no request body.");
      }

      const ctx: ApiContext = { ...key, db, tenant: tenantWhere(key), requestId, ip: clientIp(req.headers) };
      const defaultStatus = successStatus(endpoint);
      const stored = (output: unknown): StoredResponse => {
        checkResponse(endpoint, defaultStatus, output);
        return respond(defaultStatus, output, headers);
      };
      handlerStarted = true;
      let result: Awaited<ReturnType<typeof handler>>;
      if (atomic) {
        try {
          result = await handler({ params, query, body, ctx: { ...ctx, idempotency: atomicIdempotency(scope, raw, stored) } });
        } catch (err) {
          // Taken by an earlier request: answer as the key's record says. A handler error
          // before its write is stored like any other (the key is claimed for it here).
          if (err instanceof IdempotencyKeyTaken) {
            const replay = await claimFirst();
            if (replay) return replay;
            result = await handler({ params, query, body, ctx }); // the record expired in between
          } else {
            if (err instanceof DomainError) {
              const replay = await claimFirst();
              if (replay) return replay;
            }
            throw err;
          }
        }
      } else {
        result = await handler({ params, query, body, ctx });
      }
      const [status, output] = result instanceof WithStatus ? [result.status, result.body] : [defaultStatus, result];
      checkResponse(endpoint, status, output);
      const response = respond(status, output, headers);
      if (claimed) await completeIdempotencyKey(claimed.db, claimed.recordId, response);
      log(req, requestId, response.status, started);
      return toResponse(response, rateHeaders);
    } catch (err) {
      const { status, body } = toApiError(err, requestId);
      const response = respond(status, body, { "Request-Id": requestId, "Service-Version": version ?? API_VERSION });
      if (claimed) {
        if (handlerStarted && status < 500) await completeIdempotencyKey(claimed.db, claimed.recordId, response).catch(() => undefined);
        else await releaseIdempotencyKey(claimed.db, claimed.recordId).catch(() => undefined);
      }
      log(req, requestId, status, started);
      return toResponse(response, rateHeaders);
    }
  };
}
