import "server-only";
/**
 * Every /v1 endpoint's contract in one table: operation id, method, path, the zod schemas of
 * its params, query and body, and of its success responses, plus the error statuses its domain
 * can answer. Route handlers wrap these with `withApi` (which types each handler's result by
 * `responses`), and the OpenAPI document (server/http/openapi.ts) is generated from
 * `API_ENDPOINTS`, so the docs cannot drift (STYLE.md 3).
 */
import { z } from "zod";
import { ZCapabilities, ZCheck, ZCheckOtpRequest, ZCheckPiiErasure, ZRunCheckRequest } from "../checks/check.schemas";
import { ZList } from "../common.schemas";
import { ZDocumentTypeList } from "../documents/document-type.schemas";
import { ZEvent } from "../events/event.schemas";
import { ZEvidenceAddress } from "../evidence/evidence.schemas";
import { ZDeletedFile, ZFile, ZUploadFileRequest } from "../files/file.schemas";
import {
  ZCancelledSession,
  ZClientToken,
  ZCreatedSession,
  ZCreateSessionRequest,
  ZDecisionRequest,
  ZDecisionResult,
  ZPiiErasure,
  ZSession,
  ZSessionStatus,
} from "../sessions/session.schemas";
import { SESSION_EXPANDS } from "../sessions/session.dto";
import { ZMonitoringEnded } from "../screening/screening.schemas";
import { ZMode } from "../common.schemas";
import {
  ZCreatedWebhookEndpoint,
  ZCreateWebhookEndpointRequest,
  ZDeletedWebhookEndpoint,
  ZRotatedWebhookEndpoint,
  ZRotateWebhookSecretRequest,
  ZUpdateWebhookEndpointRequest,
  ZWebhookEndpoint,
} from "../webhooks/webhook-endpoint.schemas";
import { ZRiskLevel, ZWorkflow } from "../workflows/workflow.schemas";
import type { Endpoint, SuccessResponses } from "./pipeline/endpoint";

/** Error statuses an endpoint's domain can answer, besides those of the withApi pipeline (server/http/openapi.ts). */
export type DomainErrorStatus = 404 | 409 | 422;

/** An endpoint as published: success responses are required; `errors` adds the domain's error statuses. */
export type ApiEndpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends SuccessResponses = SuccessResponses,
> = Endpoint<P, Q, B, R> & {
  responses: R;
  errors?: readonly DomainErrorStatus[];
  /** Served without an API key and outside withApi (the OpenAPI document itself). */
  public?: true;
};

function endpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends SuccessResponses = SuccessResponses,
>(e: ApiEndpoint<P, Q, B, R>) {
  return e;
}

const ZId = z.strictObject({ id: z.string().min(1) });

export const ZExpand = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parts = v
      ? v
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean)
      : [];
    const bad = parts.filter((p) => !(SESSION_EXPANDS as readonly string[]).includes(p));
    if (bad.length) ctx.addIssue({ code: "custom", message: `unknown expand value(s): ${bad.join(", ")}; allowed: ${SESSION_EXPANDS.join(", ")}` });
    return parts as (typeof SESSION_EXPANDS)[number][];
  })
  .meta({
    description: `Comma-separated parts to include in the session: ${SESSION_EXPANDS.map((e) => `\`${e}\``).join(", ")}, e.g. \`expand=checks,applicant\`. Personal data (\`applicant\`, \`business\`) is only returned when asked for.`,
  });

/**
 * An integer query parameter: decimal digits only (`Number()` would also take `0x10`, `1e1`,
 * ` 10`, `10.0`), then `schema`'s rules; documented as `schema` (an integer).
 */
function zQueryInt<T extends z.ZodType<number | undefined>>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== "string") return value;
    if (/^[0-9]+$/.test(value)) return Number(value);
    ctx.issues.push({ code: "custom", message: "expected a decimal integer", input: value });
    return value;
  }, schema);
}

const ZLimit = (fallback: number) => zQueryInt(z.int().min(1).max(100).default(fallback)).meta({ description: `Page size, 1 to 100 (default ${fallback}).` });
const ZStartingAfter = z.string().min(1).optional().meta({ description: "Cursor: the `id` of the last item of the previous page." });

export const ZListQuery = z.strictObject({ limit: ZLimit(25), starting_after: ZStartingAfter });

const ZTimestampQuery = z.iso.datetime({ offset: true });

export const createSessionEndpoint = endpoint({
  operationId: "createSession",
  method: "POST",
  path: "/v1/sessions",
  summary: "Create a session",
  description:
    "Creates a session of one applicant on a published workflow. The response carries everything the frontend needs: the hosted-flow `url` (the client token in its fragment), the `client_token` and `expires_at`. Emits `session.created`.",
  body: ZCreateSessionRequest,
  responses: { 201: ZCreatedSession },
  errors: [404],
  atomicIdempotency: true,
});

export const listSessionsEndpoint = endpoint({
  operationId: "listSessions",
  method: "GET",
  path: "/v1/sessions",
  summary: "List sessions",
  description: "The sessions of the key's project and mode, newest first.",
  query: ZListQuery.extend({
    status: ZSessionStatus.optional(),
    reference_id: z.string().max(128).optional().meta({ description: "Only sessions with this `reference_id`." }),
    risk_level: ZRiskLevel.optional().meta({ description: "Only sessions at this risk level (`low`, `medium`, `high`)." }),
  }),
  responses: { 200: ZList(ZSession, "SessionList", "sessions") },
  errors: [404],
});

export const retrieveSessionEndpoint = endpoint({
  operationId: "retrieveSession",
  method: "GET",
  path: "/v1/sessions/{id}",
  summary: "Retrieve a session",
  description: "Fetch the session when a webhook arrives rather than polling.",
  params: ZId,
  query: z.strictObject({ expand: ZExpand }),
  responses: { 200: ZSession },
  errors: [404],
});

export const decideSessionEndpoint = endpoint({
  operationId: "decideSession",
  method: "POST",
  path: "/v1/sessions/{id}/decision",
  summary: "Decide a session",
  description:
    "Decides a session in `review`, or overrides the decision of an `approved` or `declined` one (the earlier decision stays in the audit log). Sets `decision_source: manual`. `resubmission_requested` resets the listed `steps` to `pending`; the hosted flow shows the applicant those steps and the reason. " +
    "**What the applicant is told**: the hosted flow shows, for a `declined` or `resubmission_requested` decision, the applicant text of `reason_code` in the project's reason-code list (dashboard → Settings → Review reason codes: per code a label for reviewers and an English and a Hindi text for the applicant, in the session's language; the default list has texts for every code). A code that is not on the list, or has no text, shows a generic sentence (\"Some of your details could not be verified.\"). `note` is internal: it is never shown to the applicant. Neither text is part of the session object or of webhook events. " +
    "**Resubmission limit**: a session can be sent back at most the workflow's `max_resubmissions` times (default 3); a further `resubmission_requested` puts it in `review` instead (it stays there when it is in review; the response's `status` is `review`). 409 `session_not_decidable` in any other status.",
  params: ZId,
  body: ZDecisionRequest,
  responses: { 200: ZDecisionResult },
  errors: [404, 409],
});

export const cancelSessionEndpoint = endpoint({
  operationId: "cancelSession",
  method: "POST",
  path: "/v1/sessions/{id}/cancel",
  summary: "Cancel a session",
  description:
    "Cancels an active session (`created`, `started`, `in_progress`, `resubmission_requested`); its client tokens stop working. 409 `session_not_cancellable` otherwise.",
  params: ZId,
  responses: { 200: ZCancelledSession },
  errors: [404, 409],
});

export const issueClientTokenEndpoint = endpoint({
  operationId: "issueClientToken",
  method: "POST",
  path: "/v1/sessions/{id}/client_token",
  summary: "Issue a client token",
  description:
    "Issues a fresh client token (revoking the earlier ones) so the applicant can resume the hosted flow at the first unfinished step. Only for active sessions: 409 `session_not_resumable` otherwise.",
  params: ZId,
  responses: { 200: ZClientToken },
  errors: [404, 409],
});

export const retrieveEvidenceAddressEndpoint = endpoint({
  operationId: "retrieveEvidenceAddress",
  method: "GET",
  path: "/v1/sessions/{id}/evidence/{evidence_id}",
  summary: "Get an evidence download address",
  description: "A short-lived (300 s) download address of an evidence file (`file_...`) of the session. Issuing it and every download are audited.",
  params: z.strictObject({ id: z.string().min(1), evidence_id: z.string().min(1) }),
  responses: { 200: ZEvidenceAddress },
  errors: [404],
});

export const erasePiiEndpoint = endpoint({
  operationId: "eraseSessionPii",
  method: "DELETE",
  path: "/v1/sessions/{id}/pii",
  summary: "Erase a session's personal data",
  description:
    "DPDP erasure: deletes every evidence file, the applicant or business profile, prefill, check inputs and results and free-text notes; keeps the skeleton (id, status, decision, reason codes, check keys and statuses, timestamps, `reference_id`, `metadata`). An active session is cancelled first. Emits `session.pii_erased`. Idempotent: a repeated call answers `files_deleted: 0`.",
  params: ZId,
  responses: { 200: ZPiiErasure },
  errors: [404],
});

export const endSessionMonitoringEndpoint = endpoint({
  operationId: "endSessionMonitoring",
  method: "DELETE",
  path: "/v1/sessions/{id}/monitoring",
  summary: "End a session's sanctions and PEP monitoring",
  description:
    "The business relationship ended: the session's applicant is no longer screened against list changes and the daily run (an approved session with a `screening` step is monitored until then), and the screened name and date of birth are deleted. Erasure (`DELETE /v1/sessions/{id}/pii`) also ends it. Idempotent.",
  params: ZId,
  responses: { 200: ZMonitoringEnded },
  errors: [404],
});

const ZFileIdParams = z.strictObject({ id: z.string().min(1).meta({ description: "The file's id (`file_...`)." }) });

export const uploadFileEndpoint = endpoint({
  operationId: "uploadFile",
  method: "POST",
  path: "/v1/files",
  summary: "Upload a file",
  description:
    "Uploads a document image, PDF or selfie from your backend (`multipart/form-data`: `file`, `purpose`, optional `session_id`), through the same checks as hosted-flow uploads: at most 15 MiB (`413 file_too_large`), JPEG, PNG, WebP, HEIC or PDF by content (`415 file_type_not_allowed`), a virus scan (`422 file_infected`; `503 scanner_unavailable`), a PDF must open without a password and have a page (`422 file_encrypted`, `file_no_pages`), an image must decode (`422 file_unreadable`). Nothing is stored when any check fails. Direct checks take the returned id (`in.document.extract` `file_ids`, `in.face.match` `selfie_file_id` / `document_file_id`, `in.liveness.check`). With `session_id` the file is erased with the session's personal data.",
  body: ZUploadFileRequest,
  bodyEncoding: "multipart",
  responses: { 201: ZFile },
  errors: [404, 422],
});

export const retrieveFileEndpoint = endpoint({
  operationId: "retrieveFile",
  method: "GET",
  path: "/v1/files/{id}",
  summary: "Retrieve a file",
  description: "The file's metadata, never its bytes (`GET /v1/files/{id}/url` gives a short-lived download address).",
  params: ZFileIdParams,
  responses: { 200: ZFile },
  errors: [404],
});

export const retrieveFileUrlEndpoint = endpoint({
  operationId: "retrieveFileUrl",
  method: "GET",
  path: "/v1/files/{id}/url",
  summary: "Get a file download address",
  description: "A short-lived (300 s) download address of the file's bytes, as for session evidence. Issuing it and every download are audited.",
  params: ZFileIdParams,
  responses: { 200: ZEvidenceAddress },
  errors: [404],
});

export const deleteFileEndpoint = endpoint({
  operationId: "deleteFile",
  method: "DELETE",
  path: "/v1/files/{id}",
  summary: "Delete a file",
  description:
    "Deletes the file's bytes and record (audited). Files attached to a session are also deleted by `DELETE /v1/sessions/{id}/pii`. A deleted file is `404`.",
  params: ZFileIdParams,
  responses: { 200: ZDeletedFile },
  errors: [404],
});

export const runCheckEndpoint = endpoint({
  operationId: "runCheck",
  method: "POST",
  path: "/v1/checks/{key}",
  summary: "Run a check",
  description:
    "Runs one check without a hosted session. Synchronously: `200` with the finished Check. With `async=true`: `202` with the Check `pending` (or already finished, from the cache), then the event `check.completed`. A check the applicant acts on (`in.bank_account.reverse_penny_drop`: they pay ₹1 over UPI) answers `pending` either way, with what they need in `result` (`upi_link`, `valid_upto`); it finishes when they acted or the request expired, then emits `check.completed`. `in.ckyc.download` with `auth_factor: otp` (CKYC 1.3) also answers `pending`, with `result.otp_sent_to` and `otp_expires_at`: the registry sent the applicant a code, which POST /v1/checks/{id}/otp takes.",
  params: z.strictObject({
    key: z.string().min(1).max(64).meta({
      description: "A country key (`in.pan.verify`) or a generic key (`tax_id.verify`, with `country` in the body). `GET /v1/capabilities` lists them.",
    }),
  }),
  query: z.strictObject({
    async: z.enum(["true", "false"]).default("false").meta({ description: "`true`: answer `202` at once and send `check.completed` when done." }),
  }),
  body: ZRunCheckRequest,
  responses: { 200: ZCheck, 202: ZCheck },
  // a file id (`file_...`) that is not the tenant's
  errors: [404],
});

export const retrieveCheckEndpoint = endpoint({
  operationId: "retrieveCheck",
  method: "GET",
  // One path template with POST /v1/checks/{key} (OpenAPI forbids `/v1/checks/{id}` beside it): here the segment is a check id.
  path: "/v1/checks/{key}",
  summary: "Retrieve a check",
  description:
    "Any check of the project and mode: a direct check or one of a session. A pending check the applicant acts on (`in.bank_account.reverse_penny_drop`) is read from the payment vendor first.",
  params: z.strictObject({ key: z.string().min(1).meta({ description: "The check's id (`chk_...`)." }) }),
  responses: { 200: ZCheck },
  errors: [404],
});

export const eraseCheckPiiEndpoint = endpoint({
  operationId: "eraseCheckPii",
  method: "DELETE",
  // the same path segment as retrieveCheck (`{key}`, a check id here): one route folder in Next
  path: "/v1/checks/{key}/pii",
  summary: "Erase a direct check's personal data",
  description:
    "DPDP erasure of a direct check: deletes its input and result (and the screening subjects it created); keeps the skeleton (id, keys, provider, status, error code, timestamps). A check still pending ends in `error` (`pii_erased`). Emits `check.pii_erased`. Idempotent: a repeated call answers the same and emits nothing. A session's check is erased with its session (409 `check_in_session`: DELETE /v1/sessions/{id}/pii). The project's retention erases direct checks the same way.",
  params: z.strictObject({ key: z.string().min(1).meta({ description: "The check's id (`chk_...`)." }) }),
  responses: { 200: ZCheckPiiErasure },
  errors: [404, 409],
});

export const submitCheckOtpEndpoint = endpoint({
  operationId: "submitCheckOtp",
  method: "POST",
  // the same path segment as retrieveCheck (`{key}`, a check id here): one route folder in Next
  path: "/v1/checks/{key}/otp",
  summary: "Complete a check with the applicant's one-time code",
  description:
    'The second phase of a direct check answered with a code the registry sends the applicant (`in.ckyc.download` with `auth_factor: otp`, CKYC 1.3: the code goes to the mobile number registered on the CKYC record). `{ "otp": "123456" }` answers the check: `passed` with the record, or, for a wrong code, still `pending` with `result.attempts_left` one less (the 3rd wrong code: `failed`, `ckyc_auth_failed`); a code entered after `result.otp_expires_at` ends it `failed`, `otp_expired`. `{ "resend": true }` has the registry send a new code (at most once per 30 s, else 429 `rate_limited`; `result.resend_available_at`) and answers the check `pending` with the new `otp_expires_at`. A finished check emits `check.completed`. The code is never stored. 409 `check_not_awaiting_otp` for a check that is not waiting for a code, 409 `check_in_session` for a session\'s check (its code is entered in the hosted flow); 503 when the registry could not be asked now (the check still waits). Test mode: `123456` is right, `000000` has expired.',
  params: z.strictObject({ key: z.string().min(1).meta({ description: "The check's id (`chk_...`)." }) }),
  body: ZCheckOtpRequest,
  responses: { 200: ZCheck },
  errors: [404, 409],
});

const ZCountryQuery = z.strictObject({ country: z.string().length(2).optional().meta({ description: "Only this country (ISO 3166-1 alpha-2)." }) });

export const endCheckMonitoringEndpoint = endpoint({
  operationId: "endCheckMonitoring",
  method: "DELETE",
  path: "/v1/checks/{key}/monitoring",
  summary: "End a direct screening check's monitoring",
  description:
    "Stops the ongoing monitoring that an `in.aml.screen` direct check with `monitor: true` started, and deletes the screened name and date of birth. Idempotent.",
  params: z.strictObject({ key: z.string().min(1).meta({ description: "The check's id (`chk_...`)." }) }),
  responses: { 200: ZMonitoringEnded },
  errors: [404],
});

export const capabilitiesEndpoint = endpoint({
  operationId: "listCapabilities",
  method: "GET",
  path: "/v1/capabilities",
  summary: "List capabilities",
  description:
    "What each country supports: checks (with input schemas, sandbox values and, per registry check, the live providers the project can use in their failover order), step types, document types, languages.",
  query: ZCountryQuery,
  responses: { 200: ZCapabilities },
});

export const documentTypesEndpoint = endpoint({
  operationId: "listDocumentTypes",
  method: "GET",
  path: "/v1/document-types",
  summary: "List document types",
  description: "Document types and their extractable fields: the catalog of the `documents` workflow step.",
  query: ZCountryQuery,
  responses: { 200: ZDocumentTypeList },
});

export const listWorkflowsEndpoint = endpoint({
  operationId: "listWorkflows",
  method: "GET",
  path: "/v1/workflows",
  summary: "List workflows",
  description: "The published workflows of the project (current version of each), newest first.",
  query: ZListQuery,
  responses: { 200: ZList(ZWorkflow, "WorkflowList", "workflows") },
  errors: [404],
});

export const retrieveWorkflowEndpoint = endpoint({
  operationId: "retrieveWorkflow",
  method: "GET",
  path: "/v1/workflows/{id}",
  summary: "Retrieve a workflow",
  description: "A workflow's current published version.",
  params: ZId,
  responses: { 200: ZWorkflow },
  errors: [404],
});

export const createWebhookEndpointEndpoint = endpoint({
  operationId: "createWebhookEndpoint",
  method: "POST",
  path: "/v1/webhook_endpoints",
  summary: "Create a webhook endpoint",
  description:
    "Registers a URL for the events of the key's mode (at most 16 per project and mode). The signing secret is returned once, in this response. Live mode: `https` only, and the host must not resolve to a private, loopback, link-local, multicast or metadata address (400 `url_not_allowed`).",
  body: ZCreateWebhookEndpointRequest,
  responses: { 201: ZCreatedWebhookEndpoint },
});

export const listWebhookEndpointsEndpoint = endpoint({
  operationId: "listWebhookEndpoints",
  method: "GET",
  path: "/v1/webhook_endpoints",
  summary: "List webhook endpoints",
  description: "The webhook endpoints of the key's mode, newest first (never with the secret).",
  query: ZListQuery,
  responses: { 200: ZList(ZWebhookEndpoint, "WebhookEndpointList", "webhook endpoints") },
  errors: [404],
});

export const retrieveWebhookEndpointEndpoint = endpoint({
  operationId: "retrieveWebhookEndpoint",
  method: "GET",
  path: "/v1/webhook_endpoints/{id}",
  summary: "Retrieve a webhook endpoint",
  description: "An endpoint of the key's mode, with its status (`disabled_reason`, `failing_since`) and rotation window; never the secret.",
  params: ZId,
  responses: { 200: ZWebhookEndpoint },
  errors: [404],
});

export const updateWebhookEndpointEndpoint = endpoint({
  operationId: "updateWebhookEndpoint",
  method: "POST",
  path: "/v1/webhook_endpoints/{id}",
  summary: "Update a webhook endpoint",
  description:
    "Changes the URL, the subscribed events or the description, or disables (`disabled: true`) or enables (`disabled: false`) the endpoint. Enabling clears its failure streak; events missed while it was disabled are not sent by themselves (replay them from the dashboard).",
  params: ZId,
  body: ZUpdateWebhookEndpointRequest,
  responses: { 200: ZWebhookEndpoint },
  errors: [404],
});

export const rotateWebhookSecretEndpoint = endpoint({
  operationId: "rotateWebhookEndpointSecret",
  method: "POST",
  path: "/v1/webhook_endpoints/{id}/rotate_secret",
  summary: "Rotate a webhook endpoint's signing secret",
  description:
    "Creates a new `whsec_` signing secret, returned once in this response. For `previous_secret_expires_in` seconds (default 24 hours) every delivery carries two `v1=` signatures in `Service-Signature`, one per secret, so receivers can switch secrets without rejecting a delivery.",
  params: ZId,
  body: ZRotateWebhookSecretRequest,
  responses: { 200: ZRotatedWebhookEndpoint },
  errors: [404],
});

export const deleteWebhookEndpointEndpoint = endpoint({
  operationId: "deleteWebhookEndpoint",
  method: "DELETE",
  path: "/v1/webhook_endpoints/{id}",
  summary: "Delete a webhook endpoint",
  params: ZId,
  responses: { 200: ZDeletedWebhookEndpoint },
  errors: [404],
});

export const listEventsEndpoint = endpoint({
  operationId: "listEvents",
  method: "GET",
  path: "/v1/events",
  summary: "List events",
  description:
    "The project's events of the key's mode from the last 30 days, newest first: for reconciliation with what webhooks delivered. Events older than 30 days are deleted.",
  query: z.strictObject({
    limit: ZLimit(50),
    starting_after: ZStartingAfter,
    type: z.string().min(1).max(64).optional().meta({ description: "Only events of this type, e.g. `session.approved`." }),
    "created[gte]": ZTimestampQuery.optional().meta({ description: "Only events created at or after this time (ISO 8601)." }),
    "created[lte]": ZTimestampQuery.optional().meta({ description: "Only events created at or before this time (ISO 8601)." }),
  }),
  responses: { 200: ZList(ZEvent, "EventList", "events") },
  errors: [404],
});

export const retrieveEventEndpoint = endpoint({
  operationId: "retrieveEvent",
  method: "GET",
  path: "/v1/events/{id}",
  summary: "Retrieve an event",
  description: "An event of the last 30 days.",
  params: ZId,
  responses: { 200: ZEvent },
  errors: [404],
});

export const pingEndpoint = endpoint({
  operationId: "ping",
  method: "GET",
  path: "/v1/ping",
  summary: "Check an API key",
  description: "Authenticates the key and answers with its mode.",
  responses: { 200: z.object({ object: z.literal("ping"), mode: ZMode }).meta({ id: "Ping" }) },
});

export const openApiEndpoint = endpoint({
  operationId: "getOpenApiDocument",
  method: "GET",
  path: "/v1/openapi.json",
  summary: "This OpenAPI document",
  description: "The OpenAPI 3.1 document of the API, generated from the schemas that validate requests and shape responses. Public: no API key needed.",
  responses: { 200: z.record(z.string(), z.unknown()).meta({ description: "An OpenAPI 3.1 document." }) },
  public: true,
});

/** Every /v1 operation, in the order of the API reference. */
export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  createSessionEndpoint,
  listSessionsEndpoint,
  retrieveSessionEndpoint,
  decideSessionEndpoint,
  cancelSessionEndpoint,
  issueClientTokenEndpoint,
  retrieveEvidenceAddressEndpoint,
  erasePiiEndpoint,
  endSessionMonitoringEndpoint,
  uploadFileEndpoint,
  retrieveFileEndpoint,
  retrieveFileUrlEndpoint,
  deleteFileEndpoint,
  runCheckEndpoint,
  retrieveCheckEndpoint,
  eraseCheckPiiEndpoint,
  submitCheckOtpEndpoint,
  endCheckMonitoringEndpoint,
  capabilitiesEndpoint,
  documentTypesEndpoint,
  listWorkflowsEndpoint,
  retrieveWorkflowEndpoint,
  createWebhookEndpointEndpoint,
  listWebhookEndpointsEndpoint,
  retrieveWebhookEndpointEndpoint,
  updateWebhookEndpointEndpoint,
  rotateWebhookSecretEndpoint,
  deleteWebhookEndpointEndpoint,
  listEventsEndpoint,
  retrieveEventEndpoint,
  pingEndpoint,
  openApiEndpoint,
];
