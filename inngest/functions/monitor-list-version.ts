/**
 * A sanctions or PEP list version was imported: screen what it added or changed against every
 * monitored subject; each new candidate opens a review case and emits `session.screening_match`
 * (server/screening/monitoring.ts). One step: the run's output is counts only.
 */
import { getDb } from "../../server/db";
import { monitorListVersion as monitor } from "../../server/screening/monitoring";
import { inngest } from "../client";
import { screeningListImported } from "../events";

export const monitorListVersion = inngest.createFunction(
  {
    id: "monitor-list-version",
    triggers: [screeningListImported],
    retries: 3,
    concurrency: { limit: 1 },
    onFailure: async ({ event, error }) =>
      console.error(`[monitor-list-version] ${String((event.data.event.data as { versionId?: string }).versionId)} failed: ${error.message}`),
  },
  async ({ event, step }) => step.run("screen-diff", async () => monitor(await getDb(), event.data.versionId)),
);
