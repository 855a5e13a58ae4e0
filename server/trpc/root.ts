import "server-only";
/** Composes the area routers (STYLE.md 4). */
import { createCallerFactory, createTRPCRouter } from "./init";
import { flowRouter } from "./routers/flow";
import { meRouter } from "./routers/me";
import { reviewRouter } from "./routers/review";
import { sessionsRouter } from "./routers/sessions";

export const appRouter = createTRPCRouter({
  flow: flowRouter,
  me: meRouter,
  sessions: sessionsRouter,
  review: reviewRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
