import "server-only";
/**
 * The OpenAPI 3.1 document of /v1 (`GET /v1/openapi.json`), generated from `API_ENDPOINTS`
 * (server/http/endpoints.ts): the same zod schemas that parse requests and type the handlers'
 * results. A thin generator over zod 4's `z.toJSONSchema` (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1): requests are converted with `io: "input"` (defaults make fields optional),
 * responses with `io: "output"` (objects are closed: `additionalProperties: false`). Every schema
 * with `.meta({ id })` becomes `components.schemas.<id>`; the same id converted twice to
 * different JSON (e.g. a schema whose input and output differ) is an error.
 *
 * tests/api/openapi.test.ts validates every endpoint's real responses against this document.
 */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { API_VERSION, SUPPORTED_API_VERSIONS } from "../api-version";
import { API_ERROR_CODES, ERROR_CODES } from "../errors";
import { IDEMPOTENCY_TTL_MS, MAX_KEY_LENGTH } from "./idempotency";
import {
  CHECK_EVENT_TYPES,
  CKYC_EVENT_TYPES,
  PUBLIC_EVENT_TYPES,
  ZCheckEvent,
  ZCkycUploadEvent,
  ZReviewDueEvent,
  ZScreeningMatchEvent,
  ZSessionEvent,
} from "../events/event.schemas";
import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER } from "../webhooks/sign";
import { RATE_LIMITS } from "./rate-limit";
import { ZError } from "./api-error";
import { API_ENDPOINTS, type ApiEndpoint } from "./endpoints";

type Json = Record<string, unknown>;

/** The error statuses of the withApi pipeline itself, by method (see its steps in with-api.ts). */
const PIPELINE_ERRORS: Record<ApiEndpoint["method"], readonly number[]> = {
  // 400 bad Service-Version or query/params; 401 no or bad key; 429 rate limit; 500 anything unexpected;
  // 503 the database did not answer in time (retry)
  GET: [400, 401, 429, 500, 503],
  DELETE: [400, 401, 429, 500, 503],
  // + 409 Idempotency-Key in use, 413 body over 1 MiB, 415 body not JSON
  POST: [400, 401, 409, 413, 415, 429, 500, 503],
};

/** Tags (sections of the reference) by path prefix. */
const TAGS: { name: string; description: string; paths: string[] }[] = [
  {
    name: "Sessions",
    description:
      "A session is one applicant going through one workflow. Create one from your backend, send the applicant to its hosted-flow `url`, and read the result when a webhook arrives.",
    paths: ["/v1/sessions"],
  },
  {
    name: "Files",
    description: "Upload document images, PDFs and selfies from your backend for direct checks, through the same checks as hosted-flow uploads.",
    paths: ["/v1/files"],
  },
  {
    name: "Checks",
    description: "Run a single check server to server, without a hosted session (direct check), synchronously or asynchronously.",
    paths: ["/v1/checks"],
  },
  {
    name: "Reference data",
    description: "What each country supports, and the document types with their extractable fields.",
    paths: ["/v1/capabilities", "/v1/document-types"],
  },
  {
    name: "Workflows",
    description: "Workflows are built and published in the dashboard; the API reads their current published versions.",
    paths: ["/v1/workflows"],
  },
  { name: "Webhook endpoints", description: "Where events are delivered, signed with `Service-Signature`.", paths: ["/v1/webhook_endpoints"] },
  { name: "Events", description: "Events of the last 30 days, for reconciliation with what webhooks delivered.", paths: ["/v1/events"] },
  { name: "Utilities", description: "Checking a key; this document.", paths: ["/v1/ping", "/v1/openapi.json"] },
];

function tagOf(path: string): string {
  const tag = TAGS.find((t) => t.paths.some((p) => path === p || path.startsWith(`${p}/`)));
  if (!tag) throw new Error(`openapi: no tag for ${path}; add its prefix to TAGS`);
  return tag.name;
}

const ref = (kind: "schemas" | "parameters" | "headers" | "responses", id: string) => ({ $ref: `#/components/${kind}/${id}` });

/** Deep copy of `value` with every `#/$defs/<id>` reference pointing at `components.schemas`. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? v.replace(/^#\/\$defs\//, "#/components/schemas/") : rewriteRefs(v)]),
    );
  }
  return value;
}

/** Converts zod schemas to JSON Schema 2020-12 and collects the named ones as components. */
export class SchemaCollector {
  readonly components: Record<string, Json> = {};

  convert(schema: z.ZodType, io: "input" | "output"): Json {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      override: ({ jsonSchema: s }) => {
        // Noise in a reference: the `format` (date-time, email) says what zod's long regular
        // expression does; `.int()`'s safe-integer bounds; records' `propertyNames: string`.
        if (s.format && s.pattern) delete s.pattern;
        if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
        if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
        if (isDeepStrictEqual(s.propertyNames, { type: "string" })) delete s.propertyNames;
      },
    }) as Json;
    const { $schema: _dialect, $defs, ...root } = json;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      if (id.startsWith("__")) throw new Error(`openapi: an unnamed schema is reused recursively; give it .meta({ id })`);
      const value = rewriteRefs(def) as Json;
      const known = this.components[id];
      if (known && !isDeepStrictEqual(known, value)) {
        throw new Error(`openapi: schema id "${id}" converts to two different JSON Schemas (its input and output differ?); give one of them another id`);
      }
      this.components[id] = value;
    }
    return rewriteRefs(root) as Json;
  }
}

/** One OpenAPI parameter per property of a params/query object schema. */
function parameters(schemas: SchemaCollector, schema: z.ZodType | undefined, location: "path" | "query"): Json[] {
  if (!schema) return [];
  const json = schemas.convert(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...propSchema }]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    ...(description ? { description } : {}),
    schema: propSchema,
  }));
}

const HEADERS = {
  RequestId: {
    description: "`req_...`: the id of this request (also `error.request_id`). Quote it when asking for help.",
    required: true,
    schema: { type: "string" },
  },
  ServiceVersion: {
    description: "The API version that rendered this response.",
    required: true,
    schema: { type: "string", enum: [...SUPPORTED_API_VERSIONS] },
  },
  RateLimitLimit: { description: "Requests per second allowed for this API key (the token bucket's capacity).", schema: { type: "integer" } },
  RateLimitRemaining: { description: "Requests left in the bucket after this one.", schema: { type: "integer" } },
  RateLimitReset: { description: "Seconds until the bucket is full again.", schema: { type: "integer" } },
  RateLimitPolicy: { description: "The quota, e.g. `25;w=1` (25 requests per 1-second window).", schema: { type: "string" } },
  RetryAfter: { description: "Seconds to wait before retrying.", required: true, schema: { type: "integer", minimum: 1 } },
  IdempotentReplayed: {
    description: "`true` when this is the stored response of an earlier request with the same `Idempotency-Key`.",
    schema: { type: "string", const: "true" },
  },
} satisfies Record<string, Json>;

/** Headers of every response of an authenticated request (the rate limit headers are absent on a 401). */
function responseHeaders(extra: Record<string, Json> = {}): Record<string, Json> {
  return {
    "Request-Id": ref("headers", "RequestId"),
    "Service-Version": ref("headers", "ServiceVersion"),
    "RateLimit-Limit": ref("headers", "RateLimitLimit"),
    "RateLimit-Remaining": ref("headers", "RateLimitRemaining"),
    "RateLimit-Reset": ref("headers", "RateLimitReset"),
    "RateLimit-Policy": ref("headers", "RateLimitPolicy"),
    ...extra,
  };
}

const ERROR_SUMMARIES: Record<number, string> = {
  400: "Invalid request: a parameter is missing or invalid (`param` names it), or an `Idempotency-Key` was reused with another body.",
  401: "No valid API key: the `Authorization` header is missing, malformed, unknown or revoked, or carries a client token.",
  404: "No such object: it does not exist, or belongs to another project or mode (never 403, so ids do not leak).",
  409: "Conflict: the object's state does not allow this, or a request with the same `Idempotency-Key` is still running.",
  413: "The request body is over 1 MiB (an uploaded file: over 15 MiB).",
  415: "The request body is not `Content-Type: application/json` (`multipart/form-data` for an upload), or an uploaded file is not of an accepted type.",
  422: "The uploaded file was refused: it is infected, does not decode, is a PDF protected with a password or without a page.",
  429: "Too many requests for this API key. Wait `Retry-After` seconds.",
  500: "Something went wrong on our side. Retry later; quote `request_id` if it persists. Never carries details.",
};

/** `components.responses.Error<status>`: the Error object, with the codes of that status. */
function errorResponse(status: number): Json {
  const byType = new Map<string, string[]>();
  for (const code of API_ERROR_CODES) {
    const e = ERROR_CODES[code];
    if (e.status === status) byType.set(e.type, [...(byType.get(e.type) ?? []), code]);
  }
  const codes = [...byType].map(([type, list]) => `- \`${type}\`: ${list.map((c) => `\`${c}\``).join(", ")}`).join("\n");
  return {
    description: `${ERROR_SUMMARIES[status] ?? "Error."}\n\n${codes}`,
    headers: status === 429 ? responseHeaders({ "Retry-After": ref("headers", "RetryAfter") }) : responseHeaders(),
    content: { "application/json": { schema: ref("schemas", "Error") } },
  };
}

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: "OK", 201: "Created", 202: "Accepted: the work goes on in the background." };

function operation(schemas: SchemaCollector, e: ApiEndpoint): Json {
  const success = Object.entries(e.responses as Record<string, z.ZodType>).map(([status, schema]) => [
    status,
    {
      description: SUCCESS_DESCRIPTIONS[Number(status)] ?? "OK",
      headers: e.public
        ? { "Request-Id": ref("headers", "RequestId") }
        : responseHeaders(e.method === "POST" ? { "Idempotent-Replayed": ref("headers", "IdempotentReplayed") } : {}),
      content: { "application/json": { schema: schemas.convert(schema, "output") } },
    },
  ]);
  const errorStatuses = e.public ? [] : [...new Set([...PIPELINE_ERRORS[e.method], ...(e.errors ?? [])])].sort();
  return {
    operationId: e.operationId,
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [tagOf(e.path)],
    ...(e.public ? { security: [] } : {}),
    parameters: [
      ...parameters(schemas, e.params, "path"),
      ...parameters(schemas, e.query, "query"),
      ...(e.public ? [] : [ref("parameters", "ServiceVersion")]),
      ...(e.method === "POST" ? [ref("parameters", "IdempotencyKey")] : []),
    ],
    ...(e.body
      ? {
          requestBody: {
            required: true,
            content: { [e.bodyEncoding === "multipart" ? "multipart/form-data" : "application/json"]: { schema: schemas.convert(e.body, "input") } },
          },
        }
      : {}),
    responses: Object.fromEntries([...success, ...errorStatuses.map((s) => [String(s), ref("responses", `Error${s}`)])]),
  };
}

const EVENT_DESCRIPTIONS: Partial<Record<(typeof PUBLIC_EVENT_TYPES)[number], string>> = {
  "session.pii_erased": "The personal data of a session was erased (DELETE /v1/sessions/{id}/pii).",
  "session.child_updated":
    "A child session of this KYB session (a key person's KYC, `data.related_session` with its `role`) changed status; `data.session` is the KYB session.",
  "check.completed": "An asynchronous direct check (`POST /v1/checks/{key}?async=true`) finished; retrieve it for the result.",
  "check.pii_erased": "The personal data of a check was erased (DELETE /v1/checks/{id}/pii, or the project's retention).",
  "session.screening_match":
    "Ongoing monitoring (an imported list version's changes, or the daily run) found new sanctions or PEP candidates for a monitored subject: an approved session (it moves to `review`) or a direct check with `monitor: true` (`data.session` null). `data.check` is the new `in.aml.screen` check holding the candidates; no personal data is in the event.",
  "session.review_due": "The session's periodic re-KYC review is due: its `next_review_at` (set by its risk level) has passed.",
};

/** The OpenAPI 3.1 `webhooks`: one POST per event type, signed with `Service-Signature`. */
function webhooks(schemas: SchemaCollector): Json {
  const sessionEvent = schemas.convert(ZSessionEvent, "output");
  const checkEvent = schemas.convert(ZCheckEvent, "output");
  const ckycEvent = schemas.convert(ZCkycUploadEvent, "output");
  const schemaOf: Partial<Record<(typeof PUBLIC_EVENT_TYPES)[number], Json>> = {
    ...Object.fromEntries(CHECK_EVENT_TYPES.map((type) => [type, checkEvent])),
    ...Object.fromEntries(CKYC_EVENT_TYPES.map((type) => [type, ckycEvent])),
    "session.screening_match": schemas.convert(ZScreeningMatchEvent, "output"),
    "session.review_due": schemas.convert(ZReviewDueEvent, "output"),
  };
  return Object.fromEntries(
    PUBLIC_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `event_${type.replace(".", "_")}`,
          summary: type,
          description: `${EVENT_DESCRIPTIONS[type] ?? `A session entered \`${type.slice("session.".length)}\`.`} Verify the signature, de-duplicate on \`id\`, answer 2xx, then fetch the object from the API.`,
          tags: ["Webhooks"],
          security: [],
          parameters: [
            {
              name: SIGNATURE_HEADER,
              in: "header",
              required: true,
              description:
                `\`t=<unix seconds>,v1=<hex HMAC-SHA256>\`: the HMAC of \`<t>.<raw body>\` keyed with the endpoint's whole secret (\`whsec_...\`). ` +
                `During a secret rotation two \`v1=\` values are sent; accept either. Reject a missing, malformed or wrong signature, and \`t\` more than ${DEFAULT_TOLERANCE_SECONDS} seconds away. ` +
                "Byte-compatible with Stripe's scheme, so Stripe's webhook helpers verify it.",
              schema: { type: "string", pattern: "^t=\\d+(,v1=[0-9a-f]{64})+$" },
            },
            {
              name: "Request-Id",
              in: "header",
              required: true,
              description: "`req_...`: this attempt's id, also shown in the dashboard's delivery log. Every attempt of a delivery has its own.",
              schema: { type: "string" },
            },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { allOf: [schemaOf[type] ?? sessionEvent, { type: "object", properties: { type: { const: type } } }] },
              },
            },
          },
          responses: {
            "2XX": {
              description:
                "Acknowledged. Any other status, or no answer within 10 seconds, is retried with exponential backoff and jitter (about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, 24 h). Redirects are not followed. `410 Gone` disables the endpoint; so do 5 days of failures. Events are not delivered in order: compare `created_at` and fetch the object for its current state.",
            },
          },
        },
      },
    ]),
  );
}

const INTRO = `Identity verification for India: KYC (individuals) and KYB (businesses).

A backend creates a **session** for one applicant on one published **workflow**, sends the applicant to the hosted flow (\`url\`), and reads the result by retrieving the session when a webhook arrives. Single checks can also run server to server (**direct checks**).

## Authentication
Every endpoint except this document takes a secret API key as a bearer token: \`Authorization: Bearer sk_test_...\` or \`sk_live_...\`. A test key sees only test-mode objects (every check runs against the sandbox provider), a live key only live ones. Keys are for backends only; a client token (\`st_...\`) is refused with \`401\`. An object of another project or mode is \`404\`, never \`403\`.

## Versioning
The current version is \`${API_VERSION}\`. Pin one per request with the \`Service-Version\` header; without it, the project's pinned version is used. Every response says the version in \`Service-Version\`. An unknown version is a \`400\` (\`api_version_invalid\`).

## Idempotency
Send an \`Idempotency-Key\` (at most ${MAX_KEY_LENGTH} characters) on any POST to retry it safely. Keys are kept ${IDEMPOTENCY_TTL_MS / 3_600_000} hours per project, mode, method and path. The same key with the same body replays the first response byte for byte (\`Idempotent-Replayed: true\`); with another body it is a \`400\` (\`idempotency_key_reused\`); while the first request still runs, a \`409\` (\`idempotency_key_in_use\`).

## Errors
Every failure answers with the **Error** object. Branch on \`error.type\` and \`error.code\`, and log \`error.request_id\` (also in the \`Request-Id\` header of every response). Validation errors name the first offending field in \`param\` (dot paths such as \`prefill.email\`) and list every problem in \`details\`. Unknown request fields are rejected.

## Pagination
Lists answer \`{ "object": "list", "data": [...], "has_more": bool }\`, newest first. Pass \`limit\` (1 to 100) and, for the next page, \`starting_after\` with the \`id\` of the last item.

## Expanding
\`GET /v1/sessions/{id}\` leaves out the checks and the verified profiles unless \`expand\` asks for them (\`expand=checks,applicant\`).

## Rate limits
Per API key, a token bucket of ${RATE_LIMITS.live} requests per second in live mode and ${RATE_LIMITS.test} in test mode. Responses carry \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` and \`RateLimit-Policy\`; over the limit, \`429\` with \`Retry-After\`.

## Receiving webhooks
Register endpoints with \`POST /v1/webhook_endpoints\`. Each delivery is a POST of an **Event** with the \`Service-Signature\` header; the event types are listed under *Webhooks*. Receivers verify the signature on the raw body, de-duplicate on the event \`id\`, answer 2xx, then fetch the object from the API. Deliveries are retried and may arrive more than once and **out of order**: do not rely on their order; use \`created_at\` and fetch the session for its current state. \`POST /v1/webhook_endpoints/{id}/rotate_secret\` rolls the signing secret with an overlap window in which both signatures are sent. \`GET /v1/events\` lists the events of the last 30 days.`;

/** The OpenAPI 3.1 document. `serverUrl`: the app's public address (paths start with `/v1`). */
export function buildOpenApiDocument(opts: { serverUrl: string }): Json {
  const schemas = new SchemaCollector();
  const paths: Record<string, Json> = {};
  for (const e of API_ENDPOINTS) {
    const item = (paths[e.path] ??= {});
    const method = e.method.toLowerCase();
    if (item[method]) throw new Error(`openapi: ${e.method} ${e.path} is defined twice`);
    item[method] = operation(schemas, e);
  }
  const hooks = webhooks(schemas);
  schemas.convert(ZError, "output");
  const errorStatuses = [...new Set([...Object.values(PIPELINE_ERRORS).flat(), ...API_ENDPOINTS.flatMap((e) => e.errors ?? [])])].sort();
  return {
    openapi: "3.1.0",
    info: {
      title: "Verify API",
      version: API_VERSION,
      description: INTRO,
    },
    servers: [{ url: opts.serverUrl }],
    security: [{ secretKey: [] }],
    tags: [...TAGS.map(({ name, description }) => ({ name, description })), { name: "Webhooks", description: "Events POSTed to your webhook endpoints." }],
    paths,
    webhooks: hooks,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas.components).sort(([a], [b]) => a.localeCompare(b))),
      parameters: {
        ServiceVersion: {
          name: "Service-Version",
          in: "header",
          required: false,
          description: "The API version to use; default: the project's pinned version.",
          schema: { type: "string", enum: [...SUPPORTED_API_VERSIONS] },
        },
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: `Makes the POST safe to retry: the first response is stored for ${IDEMPOTENCY_TTL_MS / 3_600_000} hours and replayed for a retry with the same key and body.`,
          schema: { type: "string", minLength: 1, maxLength: MAX_KEY_LENGTH },
        },
      },
      headers: HEADERS,
      responses: Object.fromEntries(errorStatuses.map((s) => [`Error${s}`, errorResponse(s)])),
      securitySchemes: {
        secretKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sk_test_... / sk_live_...",
          description:
            "A secret API key of the project: `sk_test_...` for test mode, `sk_live_...` for live mode. Created in the dashboard or with the CLI; shown once.",
        },
      },
    },
  };
}

let cached: { serverUrl: string; json: string } | null = null;

/** The document as JSON text, built once per process. */
export function openApiJson(serverUrl: string): string {
  if (cached?.serverUrl !== serverUrl) cached = { serverUrl, json: JSON.stringify(buildOpenApiDocument({ serverUrl })) };
  return cached.json;
}
