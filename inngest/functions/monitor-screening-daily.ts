/**
 * Daily at 02:30 UTC: every monitored subject against the active lists (server/screening/monitoring.ts
 * `monitorAllSubjects`), which covers what the per-version runs cannot (a matcher or threshold
 * change, a version imported while no worker ran). Candidates already reported or dismissed are
 * not alerted again.
 */
import { getDb } from "../../server/db";
import { monitorAllSubjects } from "../../server/screening/monitoring";
import { inngest } from "../client";

export const monitorScreeningDaily = inngest.createFunction(
  { id: "monitor-screening-daily", triggers: [{ cron: "30 2 * * *" }], retries: 2, concurrency: { limit: 1 } },
  async ({ step }) => step.run("screen-monitored-subjects", async () => monitorAllSubjects(await getDb())),
);
