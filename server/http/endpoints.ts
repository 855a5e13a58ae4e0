import "server-only";
/**
 * Every /v1 endpoint's contract in one table: operation id, method, path and the zod schemas
 * of its params, query and body. Route handlers wrap these with `withApi`, and the OpenAPI
 * document is generated from the same objects, so the docs cannot drift (STYLE.md 3).
 */
import { z } from "zod";
import { ZCreateSessionRequest, ZDecisionRequest, ZSessionStatus } from "../sessions/session.schemas";
import { SESSION_EXPANDS } from "../sessions/session.dto";
import { ZCreateWebhookEndpointRequest } from "../webhooks/webhook-endpoints";
import type { Endpoint } from "./with-api";

const ZId = z.strictObject({ id: z.string().min(1) });

export const ZExpand = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parts = v ? v.split(",").map((p) => p.trim()).filter(Boolean) : [];
    const bad = parts.filter((p) => !(SESSION_EXPANDS as readonly string[]).includes(p));
    if (bad.length) ctx.addIssue({ code: "custom", message: `unknown expand value(s): ${bad.join(", ")}; allowed: ${SESSION_EXPANDS.join(", ")}` });
    return parts as (typeof SESSION_EXPANDS)[number][];
  });

export const ZListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  starting_after: z.string().min(1).optional(),
});

function endpoint<P extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(e: Endpoint<P, Q, B>) {
  return e;
}

export const createSessionEndpoint = endpoint({
  operationId: "createSession",
  method: "POST",
  path: "/v1/sessions",
  summary: "Create a session",
  body: ZCreateSessionRequest,
  successStatus: 201,
});

export const listSessionsEndpoint = endpoint({
  operationId: "listSessions",
  method: "GET",
  path: "/v1/sessions",
  summary: "List sessions, newest first",
  query: ZListQuery.extend({ status: ZSessionStatus.optional(), reference_id: z.string().max(128).optional() }),
});

export const retrieveSessionEndpoint = endpoint({
  operationId: "retrieveSession",
  method: "GET",
  path: "/v1/sessions/{id}",
  summary: "Retrieve a session",
  params: ZId,
  query: z.strictObject({ expand: ZExpand }),
});

export const decideSessionEndpoint = endpoint({
  operationId: "decideSession",
  method: "POST",
  path: "/v1/sessions/{id}/decision",
  summary: "Decide a session in review, or override a final decision",
  params: ZId,
  body: ZDecisionRequest,
});

export const createWebhookEndpointEndpoint = endpoint({
  operationId: "createWebhookEndpoint",
  method: "POST",
  path: "/v1/webhook_endpoints",
  summary: "Create a webhook endpoint (the signing secret is returned once)",
  body: ZCreateWebhookEndpointRequest,
  successStatus: 201,
});

export const listWebhookEndpointsEndpoint = endpoint({
  operationId: "listWebhookEndpoints",
  method: "GET",
  path: "/v1/webhook_endpoints",
  summary: "List webhook endpoints (the secret is never listed)",
  query: ZListQuery,
});

export const deleteWebhookEndpointEndpoint = endpoint({
  operationId: "deleteWebhookEndpoint",
  method: "DELETE",
  path: "/v1/webhook_endpoints/{id}",
  summary: "Delete a webhook endpoint",
  params: ZId,
});

export const pingEndpoint = endpoint({
  operationId: "ping",
  method: "GET",
  path: "/v1/ping",
  summary: "Check an API key: authenticates and answers with the key's mode",
});

export const listWorkflowsEndpoint = endpoint({
  operationId: "listWorkflows",
  method: "GET",
  path: "/v1/workflows",
  summary: "List published workflows (current version of each), newest first",
  query: ZListQuery,
});

export const retrieveWorkflowEndpoint = endpoint({
  operationId: "retrieveWorkflow",
  method: "GET",
  path: "/v1/workflows/{id}",
  summary: "Retrieve a workflow's current published version",
  params: ZId,
});

const ZTimestamp = z.iso.datetime({ offset: true });

export const listEventsEndpoint = endpoint({
  operationId: "listEvents",
  method: "GET",
  path: "/v1/events",
  summary: "List events of the last 30 days, newest first",
  query: z.strictObject({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    starting_after: z.string().min(1).optional(),
    type: z.string().min(1).max(64).optional(),
    "created[gte]": ZTimestamp.optional(),
    "created[lte]": ZTimestamp.optional(),
  }),
});

export const retrieveEventEndpoint = endpoint({
  operationId: "retrieveEvent",
  method: "GET",
  path: "/v1/events/{id}",
  summary: "Retrieve an event",
  params: ZId,
});

export const cancelSessionEndpoint = endpoint({
  operationId: "cancelSession",
  method: "POST",
  path: "/v1/sessions/{id}/cancel",
  summary: "Cancel an active session",
  params: ZId,
});

export const issueClientTokenEndpoint = endpoint({
  operationId: "issueClientToken",
  method: "POST",
  path: "/v1/sessions/{id}/client_token",
  summary: "Issue a fresh client token (revokes earlier ones) to resume the hosted flow",
  params: ZId,
});

export const retrieveEvidenceAddressEndpoint = endpoint({
  operationId: "retrieveEvidenceAddress",
  method: "GET",
  path: "/v1/sessions/{id}/evidence/{evidence_id}",
  summary: "A short-lived (300 s) download address of an evidence file; audited",
  params: z.strictObject({ id: z.string().min(1), evidence_id: z.string().min(1) }),
});

export const erasePiiEndpoint = endpoint({
  operationId: "eraseSessionPii",
  method: "DELETE",
  path: "/v1/sessions/{id}/pii",
  summary: "Erase the personal data of a session (DPDP); the decision skeleton is kept",
  params: ZId,
});

export const runCheckEndpoint = endpoint({
  operationId: "runCheck",
  method: "POST",
  path: "/v1/checks/{key}",
  summary: "Run a check without a hosted session: synchronously (200) or with async=true (202, then check.completed)",
  params: z.strictObject({ key: z.string().min(1).max(64) }),
  query: z.strictObject({ async: z.enum(["true", "false"]).default("false") }),
  body: z.looseObject({ country: z.string().length(2).optional() }),
});

export const retrieveCheckEndpoint = endpoint({
  operationId: "retrieveCheck",
  method: "GET",
  path: "/v1/checks/{id}",
  summary: "Retrieve a check",
  params: ZId,
});

const ZCountryQuery = z.strictObject({ country: z.string().length(2).optional() });

export const capabilitiesEndpoint = endpoint({
  operationId: "listCapabilities",
  method: "GET",
  path: "/v1/capabilities",
  summary: "What each country supports: checks (with input schemas and sandbox values), step types, document types",
  query: ZCountryQuery,
});

export const documentTypesEndpoint = endpoint({
  operationId: "listDocumentTypes",
  method: "GET",
  path: "/v1/document-types",
  summary: "Document types and their extractable fields (the catalog of the documents step)",
  query: ZCountryQuery,
});
