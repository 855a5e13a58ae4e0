/**
 * Daily: deletes dashboard sign-in throttle rows untouched for a day (server/users/authenticate-user.ts),
 * so addresses tried once (unknown ones included) do not pile up.
 */
import { getDb } from "../../server/db";
import { pruneLoginThrottles as pruneStaleThrottles } from "../../server/users/authenticate-user";
import { inngest } from "../client";

export const pruneLoginThrottles = inngest.createFunction({ id: "prune-login-throttles", triggers: [{ cron: "45 3 * * *" }], retries: 3 }, async ({ step }) =>
  step.run("delete-stale-throttles", async () => pruneStaleThrottles(await getDb())),
);
