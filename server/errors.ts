/**
 * The one domain error (STYLE.md 1.3). Domain code throws `DomainError(code, message,
 * { param, details })`; each edge maps `code` through `ERROR_CODES` to its transport:
 * /v1 (server/http/api-error.ts: HTTP status + Error object type, decisions.md "Errors")
 * and tRPC (server/trpc/init.ts).
 */

import type { ZodError, core } from "zod";

export const ERROR_TYPES = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "not_found_error",
  "conflict_error",
  "idempotency_error",
  "rate_limit_error",
  "api_error",
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/**
 * Stable snake_case codes -> the Error object `type` and HTTP status. `surface`: a code only the
 * hosted flow (its tRPC procedures and upload route) or only the dashboard answers with; the
 * others are /v1's too, and only those are listed in the OpenAPI document.
 */
export const ERROR_CODES = {
  parameter_missing: { type: "invalid_request_error", status: 400 },
  parameter_invalid: { type: "invalid_request_error", status: 400 },
  parameter_unknown: { type: "invalid_request_error", status: 400 },
  body_invalid_json: { type: "invalid_request_error", status: 400 },
  body_invalid_multipart: { type: "invalid_request_error", status: 400 },
  api_version_invalid: { type: "invalid_request_error", status: 400 },
  workflow_not_published: { type: "invalid_request_error", status: 400 },
  workflow_archived: { type: "invalid_request_error", status: 400 },
  redirect_url_not_allowed: { type: "invalid_request_error", status: 400 },
  locale_not_supported: { type: "invalid_request_error", status: 400 },
  webhook_endpoint_limit: { type: "invalid_request_error", status: 400 },
  url_not_allowed: { type: "invalid_request_error", status: 400 },
  body_too_large: { type: "invalid_request_error", status: 413 },
  unsupported_media_type: { type: "invalid_request_error", status: 415 },
  method_not_allowed: { type: "invalid_request_error", status: 405 },
  authentication_required: { type: "authentication_error", status: 401 },
  api_key_invalid: { type: "authentication_error", status: 401 },
  client_token_not_allowed: { type: "authentication_error", status: 401 },
  client_token_invalid: { type: "authentication_error", status: 401, surface: "flow" },
  invalid_credentials: { type: "authentication_error", status: 401, surface: "dashboard" },
  account_locked: { type: "authentication_error", status: 401, surface: "dashboard" },
  forbidden: { type: "permission_error", status: 403 },
  resource_missing: { type: "not_found_error", status: 404 },
  session_not_decidable: { type: "conflict_error", status: 409 },
  session_not_cancellable: { type: "conflict_error", status: 409 },
  session_not_resumable: { type: "conflict_error", status: 409 },
  session_not_editable: { type: "conflict_error", status: 409 },
  check_in_session: { type: "conflict_error", status: 409 },
  // POST /v1/checks/{id}/otp on a check that is not waiting for a one-time code (server/checks/check-otp.ts)
  check_not_awaiting_otp: { type: "conflict_error", status: 409 },
  step_not_available: { type: "conflict_error", status: 409, surface: "flow" },
  webhook_endpoint_disabled: { type: "conflict_error", status: 409 },
  idempotency_key_reused: { type: "idempotency_error", status: 400 },
  idempotency_key_in_use: { type: "idempotency_error", status: 409 },
  rate_limited: { type: "rate_limit_error", status: 429 },
  internal_error: { type: "api_error", status: 500 },
  // the database did not answer in time (a transaction or connection-pool timeout under load): safe to retry
  service_unavailable: { type: "api_error", status: 503 },
  // OTP verification of `phone` / `email` steps (server/otp/)
  otp_invalid: { type: "invalid_request_error", status: 400, surface: "flow" },
  otp_expired: { type: "invalid_request_error", status: 400, surface: "flow" },
  otp_not_sent: { type: "conflict_error", status: 409, surface: "flow" },
  otp_locked: { type: "rate_limit_error", status: 429, surface: "flow" },
  otp_resend_too_soon: { type: "rate_limit_error", status: 429, surface: "flow" },
  // KYB: "email again" of a key person's invitation (server/kyb/key-person-invite.ts)
  invite_resend_too_soon: { type: "rate_limit_error", status: 429, surface: "flow" },
  invite_revoked: { type: "conflict_error", status: 409, surface: "flow" },
  // "Continue on your phone" (server/flow/flow-handoff.ts): another device has the flow; a used or expired handoff link
  device_not_active: { type: "conflict_error", status: 409, surface: "flow" },
  handoff_link_invalid: { type: "authentication_error", status: 401, surface: "flow" },
  otp_delivery_failed: { type: "api_error", status: 502, surface: "flow" },
  // Liveness challenges of a selfie step (server/intelligence/face/liveness/liveness-challenge.ts)
  liveness_attempts_exhausted: { type: "conflict_error", status: 409, surface: "flow" },
  liveness_challenge_invalid: { type: "conflict_error", status: 409, surface: "flow" },
  liveness_frame_replayed: { type: "conflict_error", status: 409, surface: "flow" },
  // Uploads, hosted flow and POST /v1/files (server/uploads/; decisions.md "Limits beyond interface.md": 15 MiB, JPEG/PNG/WebP/HEIC/PDF by content)
  file_too_large: { type: "invalid_request_error", status: 413 },
  file_type_not_allowed: { type: "invalid_request_error", status: 415 },
  file_unreadable: { type: "invalid_request_error", status: 422 },
  file_encrypted: { type: "invalid_request_error", status: 422 },
  file_no_pages: { type: "invalid_request_error", status: 422 },
  file_infected: { type: "invalid_request_error", status: 422 },
  // a Files API file given to a direct check that takes files of another purpose (server/files/resolve-check-files.ts)
  file_purpose_invalid: { type: "invalid_request_error", status: 400 },
  // an Aadhaar card whose number could not be located to mask it (server/uploads/mask-aadhaar.ts): a clearer photo is needed;
  // answered by the hosted flow's upload route and /v1 file uploads
  aadhaar_unreadable: { type: "invalid_request_error", status: 422 },
  scanner_unavailable: { type: "api_error", status: 503 },
  // DigiLocker step (server/digilocker/): live mode without the project's DigiLocker credentials
  digilocker_not_configured: { type: "conflict_error", status: 409, surface: "flow" },
  // no clamd address configured at all: the service cannot take files until its operator sets one (not a transient outage)
  scanner_not_configured: { type: "api_error", status: 503 },
  // Dashboard accounts (server/users/): reset links, invitations, memberships
  password_reset_invalid: { type: "invalid_request_error", status: 400, surface: "dashboard" },
  invitation_invalid: { type: "invalid_request_error", status: 400, surface: "dashboard" },
  already_member: { type: "conflict_error", status: 409, surface: "dashboard" },
  user_exists: { type: "conflict_error", status: 409, surface: "dashboard" },
  // the first-run setup page (server/organizations/create-organization.ts) once an organization exists
  setup_already_done: { type: "conflict_error", status: 409, surface: "dashboard" },
  last_owner: { type: "conflict_error", status: 409, surface: "dashboard" },
  last_project: { type: "conflict_error", status: 409, surface: "dashboard" },
  // Review in the dashboard (server/review/; decideSession's confirmOverride): /v1 never answers with these
  override_not_confirmed: { type: "conflict_error", status: 409, surface: "dashboard" },
  session_claimed: { type: "conflict_error", status: 409, surface: "dashboard" },
  // Workflow builder (server/workflows/save-workflow-draft.ts): someone else saved the draft meanwhile
  draft_changed: { type: "conflict_error", status: 409, surface: "dashboard" },
  // Screening review (server/screening/resolve-candidate.ts): the candidate was resolved meanwhile
  candidate_resolved: { type: "conflict_error", status: 409, surface: "dashboard" },
} as const satisfies Record<string, { type: ErrorType; status: number; surface?: "flow" | "dashboard" }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes `/v1` answers with (no `surface`): the OpenAPI document's list. */
export const API_ERROR_CODES = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => !("surface" in ERROR_CODES[c])) as [ErrorCode, ...ErrorCode[]];

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, opts: { param?: string; details?: unknown } = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.param = opts.param;
    this.details = opts.details;
  }

  get type(): ErrorType {
    return ERROR_CODES[this.code].type;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

/** `resource_missing` for an object id the caller cannot see (decisions.md: never 403). */
export function notFound(kind: string, id: string, param = "id"): DomainError {
  return new DomainError("resource_missing", `No such ${kind}: '${id}'`, { param });
}

function dotPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/**
 * A zod failure on request input as one DomainError: the first problem names `param` (dot
 * path, optionally under `prefix`) and its code (`parameter_unknown`, `parameter_missing`,
 * `parameter_invalid`); `details` lists every problem as `{ param, message }`.
 */
export function fromZodError(err: ZodError, prefix?: string): DomainError {
  const details = err.issues.flatMap((i: core.$ZodIssue) => {
    const base = prefix ? [prefix, ...i.path] : i.path;
    if (i.code === "unrecognized_keys") {
      return i.keys.map((k) => ({
        param: dotPath([...base, k]),
        code: "parameter_unknown" as ErrorCode,
        message: `Received unknown parameter: ${dotPath([...base, k])}`,
      }));
    }
    const param = dotPath(base);
    const missing = i.code === "invalid_type" && i.input === undefined;
    return [
      {
        param,
        code: (missing ? "parameter_missing" : "parameter_invalid") as ErrorCode,
        // a record key problem (metadata keys) carries the real reason in its inner issue
        message: missing
          ? `Missing required param: ${param}.`
          : `Invalid ${param || "request"}: ${(i.code === "invalid_key" && i.issues[0]?.message) || i.message}`,
      },
    ];
  });
  const first = details[0] ?? { param: prefix ?? "", code: "parameter_invalid" as ErrorCode, message: "Invalid request." };
  return new DomainError(first.code, first.message, { param: first.param || undefined, details: details.map(({ param, message }) => ({ param, message })) });
}
