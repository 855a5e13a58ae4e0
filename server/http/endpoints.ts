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
  summary: "List webhook endpoints",
});

export const deleteWebhookEndpointEndpoint = endpoint({
  operationId: "deleteWebhookEndpoint",
  method: "DELETE",
  path: "/v1/webhook_endpoints/{id}",
  summary: "Delete a webhook endpoint",
  params: ZId,
});
