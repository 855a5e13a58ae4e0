/**
 * Webhook endpoint API schemas (interface.md 2.7, 4.5; decisions.md "Webhooks"), and the
 * dashboard's inputs and views of the delivery log, manual deliveries and alerts.
 */
import { z } from "zod";
import { ZList, ZMode, ZTimestamp } from "../common.schemas";
import { PUBLIC_EVENT_TYPES } from "../events/event.schemas";

export const ZEventSubscription = z
  .string()
  .refine((t) => t === "*" || t === "session.*" || (PUBLIC_EVENT_TYPES as readonly string[]).includes(t), {
    error: `must be '*', 'session.*' or one of: ${PUBLIC_EVENT_TYPES.join(", ")}`,
  })
  .meta({ description: `\`*\` (every event), \`session.*\` (every session event) or an event type: ${PUBLIC_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}.` });

/** Longest webhook URL accepted (characters). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export const ZCreateWebhookEndpointRequest = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/ })
      .max(MAX_WEBHOOK_URL_LENGTH)
      .meta({
        description: `Where events are POSTed (at most ${MAX_WEBHOOK_URL_LENGTH} characters). Live mode: \`https\` only, never a private, loopback or link-local address. Test mode also accepts \`http://\` on \`localhost\`, \`127.0.0.1\` and \`[::1]\` where the deployment allows it (\`WEBHOOK_ALLOW_LOOPBACK\`), except the service's own and well-known service ports.`,
      }),
    events: z
      .array(ZEventSubscription)
      .min(1)
      .max(PUBLIC_EVENT_TYPES.length + 2)
      .default(["*"]),
    description: z.string().max(200).optional(),
  })
  .meta({ id: "CreateWebhookEndpointRequest" });
export type TCreateWebhookEndpointRequest = z.infer<typeof ZCreateWebhookEndpointRequest>;

export const DISABLED_REASONS = ["manual", "endpoint_gone", "failing"] as const;
export const ZDisabledReason = z.enum(DISABLED_REASONS).meta({
  id: "WebhookEndpointDisabledReason",
  description:
    "Why a disabled endpoint receives nothing: `manual` (disabled by you), `endpoint_gone` (it answered `410 Gone`), `failing` (every attempt failed for 5 days). Null while enabled.",
});
export type TDisabledReason = z.infer<typeof ZDisabledReason>;

export const ZWebhookEndpoint = z
  .object({
    id: z.string().meta({ description: "`we_...`", examples: ["we_5JxP9qL2mT8vK3nR7wB1cZ4d"] }),
    object: z.literal("webhook_endpoint"),
    url: z.string().meta({ examples: ["https://example.com/webhooks/verify"] }),
    events: z.array(z.string()).meta({ description: "The subscriptions: `*`, `session.*` or event types.", examples: [["session.*"]] }),
    description: z.string(),
    status: z.enum(["enabled", "disabled"]),
    disabled_reason: ZDisabledReason.nullable(),
    failing_since: ZTimestamp.nullable().meta({
      description: "When the current run of failed attempts began (null while deliveries succeed). After 5 days of failures the endpoint is disabled.",
    }),
    previous_secret_expires_at: ZTimestamp.nullable().meta({
      description:
        "After a secret rotation: until when deliveries also carry a `v1=` signature made with the previous secret. Null when only the current secret signs.",
    }),
    mode: ZMode,
    created_at: ZTimestamp,
  })
  .meta({ id: "WebhookEndpoint", description: "Where the project's events of one mode are delivered. The signing secret is never listed." });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** A page of endpoints (GET /v1/webhook_endpoints, the dashboard's endpoint list). */
export const ZWebhookEndpointList = ZList(ZWebhookEndpoint, "WebhookEndpointList", "webhook endpoints");

export const ZCreatedWebhookEndpoint = ZWebhookEndpoint.extend({
  secret: z.string().meta({
    description: "`whsec_...`: the signing secret of `Service-Signature`. Returned only in this response: store it.",
    examples: ["whsec_N4bX8qL1mZ7vT2kR9pW5cY3dH6fJ0sGa"],
  }),
}).meta({ id: "CreatedWebhookEndpoint", description: "A new webhook endpoint with its signing secret (shown once)." });
export type TCreatedWebhookEndpoint = z.infer<typeof ZCreatedWebhookEndpoint>;

export const ZDeletedWebhookEndpoint = z
  .object({ id: z.string(), object: z.literal("webhook_endpoint"), deleted: z.literal(true) })
  .meta({ id: "DeletedWebhookEndpoint" });
export type TDeletedWebhookEndpoint = z.infer<typeof ZDeletedWebhookEndpoint>;

export const ZUpdateWebhookEndpointRequest = z
  .strictObject({
    url: ZCreateWebhookEndpointRequest.shape.url.optional(),
    events: z
      .array(ZEventSubscription)
      .min(1)
      .max(PUBLIC_EVENT_TYPES.length + 2)
      .optional(),
    description: z.string().max(200).optional(),
    disabled: z.boolean().optional().meta({
      description:
        "`true` stops deliveries (pending retries are dropped; replay them later from the dashboard); `false` enables the endpoint again and clears its failure state.",
    }),
  })
  .meta({ id: "UpdateWebhookEndpointRequest", description: "The fields to change; omitted fields keep their value." });
export type TUpdateWebhookEndpointRequest = z.infer<typeof ZUpdateWebhookEndpointRequest>;

/** Longest overlap of a rotation: 7 days. */
export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 24 * 3600;
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 24 * 3600;

export const ZRotateWebhookSecretRequest = z
  .strictObject({
    previous_secret_expires_in: z
      .number()
      .int()
      .min(0)
      .max(MAX_ROTATION_OVERLAP_SECONDS)
      .default(DEFAULT_ROTATION_OVERLAP_SECONDS)
      .meta({
        description: `Seconds during which deliveries carry a second \`v1=\` signature made with the previous secret, so receivers can switch without losing events (0 to ${MAX_ROTATION_OVERLAP_SECONDS}, default ${DEFAULT_ROTATION_OVERLAP_SECONDS}: 24 hours). \`0\` stops the previous secret at once.`,
      }),
  })
  .meta({ id: "RotateWebhookSecretRequest" });
export type TRotateWebhookSecretRequest = z.infer<typeof ZRotateWebhookSecretRequest>;

export const ZRotatedWebhookEndpoint = ZWebhookEndpoint.extend({
  secret: z.string().meta({
    description: "The new `whsec_...` signing secret. Returned only in this response: store it.",
    examples: ["whsec_Q7mR2xK9pL4vT8nW1cZ5bY3dH6fJ0sGa"],
  }),
}).meta({ id: "RotatedWebhookEndpoint", description: "The endpoint with its new signing secret (shown once)." });
export type TRotatedWebhookEndpoint = z.infer<typeof ZRotatedWebhookEndpoint>;

// ---- dashboard (tRPC): the delivery log, resend, replay and test events, alerts ----------------

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One attempt as the dashboard shows it (timestamps ISO 8601). */
export const ZWebhookAttempt = z.strictObject({
  id: z.string(),
  number: z.number().int(),
  requestId: z.string(),
  /** What started it: `automatic` (the retry schedule, also after a replay), `resend` or `test`. */
  trigger: z.string(),
  url: z.string(),
  statusCode: z.number().int().nullable(),
  succeeded: z.boolean(),
  latencyMs: z.number().int(),
  /** The first 2 KiB of the response body. */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** A delivery as the dashboard lists it, with its last attempt. */
export const ZDeliveryView = z.strictObject({
  id: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  event: z.strictObject({ id: z.string(), type: z.string(), createdAt: z.string(), test: z.boolean() }),
  endpoint: z.strictObject({ id: z.string(), url: z.string() }),
  lastAttempt: z
    .strictObject({ statusCode: z.number().int().nullable(), succeeded: z.boolean(), error: z.string().nullable(), createdAt: z.string(), trigger: z.string() })
    .nullable(),
});
export type TDeliveryView = z.infer<typeof ZDeliveryView>;

/** A page of the delivery log, newest first. */
export const ZDeliveryPage = z.strictObject({ data: z.array(ZDeliveryView), hasMore: z.boolean() });
export type TDeliveryPage = z.infer<typeof ZDeliveryPage>;

/** How many events a replay queued; when it hit its cap, the creation time of the last one (else null). */
export const ZReplayResult = z.strictObject({ replayed: z.number().int(), truncatedAt: z.string().nullable() });
export type TReplayResult = z.infer<typeof ZReplayResult>;

/** An endpoint the service disabled by itself, for the dashboard's alert to the project's admins. */
export const ZWebhookAlert = z.strictObject({
  endpointId: z.string(),
  url: z.string(),
  mode: ZMode,
  reason: z.enum(["endpoint_gone", "failing"]),
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
});
export type TWebhookAlert = z.infer<typeof ZWebhookAlert>;

export const ZSendTestEventInput = z.object({
  endpointId: z.string().min(1),
  type: z.enum(PUBLIC_EVENT_TYPES).default("session.approved"),
});
export type TSendTestEventInput = z.infer<typeof ZSendTestEventInput>;

export const ZResendEventInput = z.object({ eventId: z.string().min(1), endpointId: z.string().min(1) });

export const ZReplayInput = z.object({
  endpointId: z.string().min(1),
  /** Events created at or after this time (at most 30 days back). */
  since: z.date(),
  /** Also events this endpoint already acknowledged. */
  includeDelivered: z.boolean().default(false),
});

export const ZDeliveryListInput = z.object({
  endpointId: z.string().min(1).optional(),
  eventId: z.string().min(1).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: z.number().int().min(1).max(100).default(25),
  startingAfter: z.string().optional(),
});

/** Roles that may change webhook endpoints and send deliveries by hand (the dashboard reads it to hide controls). */
export const WEBHOOK_MANAGE_ROLES = ["owner", "admin", "developer"] as const;
/** Roles the dashboard alerts about endpoints the service disabled. */
export const WEBHOOK_ALERT_ROLES = ["owner", "admin"] as const;
/** Roles that see the first 2 KiB of a receiver's reply in the delivery log (it may hold whatever a receiver answers). */
export const WEBHOOK_EXCERPT_ROLES = ["owner", "admin"] as const;
