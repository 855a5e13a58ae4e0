/** Webhook endpoint API schemas (interface.md 2.7, 4.5; decisions.md "Webhooks"). */
import { z } from "zod";
import { ZMode, ZTimestamp } from "../common.schemas";
import { PUBLIC_EVENT_TYPES } from "../events/event.schemas";

export const ZEventSubscription = z
  .string()
  .refine((t) => t === "*" || t === "session.*" || (PUBLIC_EVENT_TYPES as readonly string[]).includes(t), {
    error: `must be '*', 'session.*' or one of: ${PUBLIC_EVENT_TYPES.join(", ")}`,
  })
  .meta({ description: `\`*\` (every event), \`session.*\` (every session event) or an event type: ${PUBLIC_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}.` });

export const ZCreateWebhookEndpointRequest = z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }).meta({
      description:
        "Where events are POSTed. Live mode: `https` only, never a private, loopback or link-local address. Test mode also accepts `http://` on `localhost`, `127.0.0.1` and `[::1]`.",
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

export const ZWebhookEndpoint = z
  .object({
    id: z.string().meta({ description: "`we_...`", examples: ["we_5JxP9qL2mT8vK3nR7wB1cZ4d"] }),
    object: z.literal("webhook_endpoint"),
    url: z.string().meta({ examples: ["https://example.com/webhooks/verify"] }),
    events: z.array(z.string()).meta({ description: "The subscriptions: `*`, `session.*` or event types.", examples: [["session.*"]] }),
    description: z.string(),
    status: z.enum(["enabled", "disabled"]),
    mode: ZMode,
    created_at: ZTimestamp,
  })
  .meta({ id: "WebhookEndpoint", description: "Where the project's events of one mode are delivered. The signing secret is never listed." });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

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
