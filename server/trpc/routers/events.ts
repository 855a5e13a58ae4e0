import "server-only";
/** Dashboard: the events of the last 30 days (the same domain calls as GET /v1/events and /v1/events/{id}). */
import { z } from "zod";
import { ZEvent, ZEventList, ZEventType } from "../../events/event.schemas";
import { getEvent, listEvents } from "../../events/list-events";
import { createTRPCRouter, projectProcedure } from "../init";

export const eventsRouter = createTRPCRouter({
  list: projectProcedure()
    .input(z.object({ type: ZEventType.optional(), limit: z.number().int().min(1).max(100).default(50), startingAfter: z.string().optional() }))
    .output(ZEventList)
    .query(({ ctx, input }) => listEvents(ctx.db, ctx.tenant, { limit: input.limit, starting_after: input.startingAfter, type: input.type })),
  get: projectProcedure()
    .input(z.object({ id: z.string().min(1) }))
    .output(ZEvent)
    .query(({ ctx, input }) => getEvent(ctx.db, ctx.tenant, input.id)),
});
