/**
 * Daily at 03:00 India time: downloads every sanctions and PEP list that has a URL configured
 * (`SCREENING_*_URL`, server/screening/screening-env.ts) and imports it like `lists import`
 * (server/screening/fetch-list-source.ts). One step per source, so one failing source does not
 * stop the others; a download that may succeed later (network, timeout, 5xx) is retried, a
 * malformed file or a refused answer is not. A failure leaves the source's previous version
 * active and fails the run once every source was tried; `onFailure` logs every source's outcome.
 * A new version triggers `monitor-list-version` through `app/screening.list_imported`.
 */
import { NonRetriableError } from "inngest";
import { getDb } from "../../server/db";
import { configuredListSources, fetchListSource, ListFetchError } from "../../server/screening/fetch-list-source";
import { inngest } from "../client";

export const fetchScreeningLists = inngest.createFunction(
  {
    id: "fetch-screening-lists",
    triggers: [{ cron: "TZ=Asia/Kolkata 0 3 * * *" }],
    retries: 2,
    concurrency: { limit: 1 },
    onFailure: async ({ error }) => console.error(`[fetch-screening-lists] ${error.message}`),
  },
  async ({ step }) => {
    const outcomes: Record<string, string> = {};
    const failures: string[] = [];
    for (const { source, url } of configuredListSources()) {
      try {
        outcomes[source] = await step.run(`fetch-${source}`, async () => {
          try {
            const { unchanged, version } = await fetchListSource(await getDb(), source, url);
            return unchanged ? `unchanged (version ${version.seq})` : `version ${version.seq} imported`;
          } catch (err) {
            if (err instanceof ListFetchError && err.retriable) throw err;
            throw new NonRetriableError((err as Error).message, { cause: err });
          }
        });
      } catch (err) {
        // logged once, by onFailure, with every source's outcome (this code replays per step)
        outcomes[source] = `failed: ${(err as Error).message}`;
        failures.push(source);
      }
    }
    if (failures.length) throw new NonRetriableError(`Fetching ${failures.join(", ")} failed; the previous version stays active: ${JSON.stringify(outcomes)}`);
    return outcomes;
  },
);
