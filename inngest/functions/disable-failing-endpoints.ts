/**
 * Hourly: disables webhook endpoints whose attempts have all failed for 5 days; the dashboard
 * alerts the project's owners and admins (server/webhooks/disable-failing-endpoints.ts).
 */
import { getDb } from "../../server/db";
import { disableFailingEndpoints as disableEndpoints } from "../../server/webhooks/disable-failing-endpoints";
import { inngest } from "../client";

export const disableFailingEndpoints = inngest.createFunction(
  { id: "disable-failing-endpoints", triggers: [{ cron: "15 * * * *" }], retries: 3 },
  async ({ step }) => {
    const disabled = await step.run("disable-endpoints", async () => disableEndpoints(await getDb()));
    return { disabled };
  },
);
