import "server-only";
/** Composes the area routers (STYLE.md 4). */
import { createCallerFactory, createTRPCRouter } from "./init";
import { apiKeysRouter } from "./routers/api-keys";
import { auditRouter } from "./routers/audit";
import { ckycRouter } from "./routers/ckyc";
import { flowRouter } from "./routers/flow";
import { kybRouter } from "./routers/kyb";
import { membersRouter } from "./routers/members";
import { overviewRouter } from "./routers/overview";
import { projectsRouter } from "./routers/projects";
import { settingsRouter } from "./routers/settings";
import { meRouter } from "./routers/me";
import { reviewRouter } from "./routers/review";
import { sessionsRouter } from "./routers/sessions";
import { eventsRouter } from "./routers/events";
import { webhooksRouter } from "./routers/webhooks";
import { workflowsRouter } from "./routers/workflows";

export const appRouter = createTRPCRouter({
  flow: flowRouter,
  me: meRouter,
  projects: projectsRouter,
  sessions: sessionsRouter,
  review: reviewRouter,
  apiKeys: apiKeysRouter,
  settings: settingsRouter,
  members: membersRouter,
  overview: overviewRouter,
  webhooks: webhooksRouter,
  events: eventsRouter,
  kyb: kybRouter,
  audit: auditRouter,
  workflows: workflowsRouter,
  ckyc: ckycRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
