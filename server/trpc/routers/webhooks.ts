import "server-only";
/**
 * Dashboard: webhook endpoints (the same domain calls as /v1/webhook_endpoints), their delivery
 * log (per endpoint and per event), resend, replay since, test events, secret rotation and the
 * alerts about endpoints the service disabled. Reads: every role (receivers' reply excerpts: owners
 * and admins only); changes: owner, admin, developer.
 */
import { z } from "zod";
import { listAttempts, listDeliveries } from "../../webhooks/delivery-log";
import { replayDeliveries, resendEvent, sendTestEvent } from "../../webhooks/manual-deliveries";
import {
  ZCreatedWebhookEndpoint,
  ZCreateWebhookEndpointRequest,
  ZDeletedWebhookEndpoint,
  ZDeliveryListInput,
  ZDeliveryPage,
  ZReplayInput,
  ZReplayResult,
  ZResendEventInput,
  ZRotatedWebhookEndpoint,
  ZRotateWebhookSecretRequest,
  ZSendTestEventInput,
  ZUpdateWebhookEndpointRequest,
  ZWebhookAlert,
  ZWebhookAttempt,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  WEBHOOK_ALERT_ROLES,
  WEBHOOK_MANAGE_ROLES,
} from "../../webhooks/webhook-endpoint.schemas";
import {
  acknowledgeWebhookAlert,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookAlerts,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "../../webhooks/webhook-endpoints";
import { createTRPCRouter, projectProcedure } from "../init";

const write = () => projectProcedure(WEBHOOK_MANAGE_ROLES);
const ZId = z.object({ id: z.string().min(1) });
const userActor = (ctx: { userId: string; ip: string | null }) => ({ type: "user" as const, id: ctx.userId, ip: ctx.ip });

// tRPC merges each input with projectProcedure's { projectId, mode }: strict API schemas are relaxed with z.object(shape).
export const webhooksRouter = createTRPCRouter({
  list: projectProcedure()
    .input(z.object({ limit: z.number().int().min(1).max(100).default(100), startingAfter: z.string().optional() }))
    .output(ZWebhookEndpointList)
    .query(({ ctx, input }) => listWebhookEndpoints(ctx.db, ctx.tenant, { limit: input.limit, starting_after: input.startingAfter })),
  get: projectProcedure()
    .input(ZId)
    .output(ZWebhookEndpoint)
    .query(({ ctx, input }) => getWebhookEndpoint(ctx.db, ctx.tenant, input.id)),
  create: write()
    .input(z.object(ZCreateWebhookEndpointRequest.shape))
    .output(ZCreatedWebhookEndpoint)
    .mutation(({ ctx, input }) => {
      const { url, events, description } = input;
      return createWebhookEndpoint(ctx.db, ctx.tenant, { url, events, description }, userActor(ctx));
    }),
  update: write()
    .input(z.object({ ...ZUpdateWebhookEndpointRequest.shape, id: z.string().min(1) }))
    .output(ZWebhookEndpoint)
    .mutation(({ ctx, input }) => {
      const { id, url, events, description, disabled } = input;
      return updateWebhookEndpoint(ctx.db, ctx.tenant, id, { url, events, description, disabled }, userActor(ctx));
    }),
  rotateSecret: write()
    .input(z.object({ ...ZRotateWebhookSecretRequest.shape, id: z.string().min(1) }))
    .output(ZRotatedWebhookEndpoint)
    .mutation(({ ctx, input }) =>
      rotateWebhookSecret(ctx.db, ctx.tenant, input.id, { previous_secret_expires_in: input.previous_secret_expires_in }, userActor(ctx)),
    ),
  delete: write()
    .input(ZId)
    .output(ZDeletedWebhookEndpoint)
    .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.db, ctx.tenant, input.id, userActor(ctx))),
  sendTest: write()
    .input(ZSendTestEventInput)
    .output(ZWebhookAttempt)
    .mutation(({ ctx, input }) => sendTestEvent(ctx.db, ctx.tenant, { endpointId: input.endpointId, type: input.type }, userActor(ctx), ctx.role)),
  resend: write()
    .input(ZResendEventInput)
    .output(ZWebhookAttempt)
    .mutation(({ ctx, input }) => resendEvent(ctx.db, ctx.tenant, { eventId: input.eventId, endpointId: input.endpointId }, userActor(ctx), ctx.role)),
  replay: write()
    .input(ZReplayInput)
    .output(ZReplayResult)
    .mutation(({ ctx, input }) =>
      replayDeliveries(ctx.db, ctx.tenant, { endpointId: input.endpointId, since: input.since, includeDelivered: input.includeDelivered }, userActor(ctx)),
    ),
  deliveries: projectProcedure()
    .input(ZDeliveryListInput)
    .output(ZDeliveryPage)
    .query(({ ctx, input }) =>
      listDeliveries(ctx.db, ctx.tenant, {
        endpointId: input.endpointId,
        eventId: input.eventId,
        status: input.status,
        limit: input.limit,
        startingAfter: input.startingAfter,
      }),
    ),
  attempts: projectProcedure()
    .input(z.object({ deliveryId: z.string().min(1) }))
    .output(z.array(ZWebhookAttempt))
    .query(({ ctx, input }) => listAttempts(ctx.db, ctx.tenant, input.deliveryId, ctx.role)),
  /** Endpoints of the project (both modes) the service disabled; the dashboard shows them to owners and admins. */
  alerts: projectProcedure()
    .output(z.array(ZWebhookAlert))
    .query(({ ctx }) => listWebhookAlerts(ctx.db, ctx.tenant.projectId)),
  acknowledgeAlert: projectProcedure(WEBHOOK_ALERT_ROLES)
    .input(ZId)
    .output(ZWebhookEndpoint)
    .mutation(({ ctx, input }) => acknowledgeWebhookAlert(ctx.db, ctx.tenant, input.id, userActor(ctx))),
});
