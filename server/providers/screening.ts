/**
 * `in.aml.screen` (issue 20): answered by the service itself against the lists it imported
 * (server/screening/screen-check.ts), in test and live mode alike; test mode adds the sandbox
 * list. A session's screening waits for the session's identity checks (their verified names):
 * while one runs, the provider answers "unavailable" so that the pipeline asks again with backoff.
 */
import type { TAmlScreenInput } from "../checks/catalog";
import { getDb } from "../db";
import { screenForCheck, SCREEN_CHECK_KEY } from "../screening/screen-check";
import { type CheckProvider, ProviderUnavailableError, type ProviderResult } from "./provider";

export const screeningProvider: CheckProvider = {
  name: "screening",
  supports: (key) => key === SCREEN_CHECK_KEY,
  async verify(_key, input, context): Promise<ProviderResult> {
    if (!context?.checkId) throw new Error("in.aml.screen needs the check's project, mode and id");
    const answer = await screenForCheck(await getDb(), { ...context, checkId: context.checkId }, input as TAmlScreenInput);
    if (answer.waiting)
      throw new ProviderUnavailableError("provider_unavailable", "waiting for the session's identity checks (their verified names are screened)");
    // screening against no list proves nothing: the check ends in `error` (`npm run cli -- lists import`)
    if (answer.noLists)
      throw new ProviderUnavailableError("provider_not_configured", "No sanctions or PEP list is imported for this mode; import one with `lists import`.");
    return { status: answer.status, errorCode: null, score: answer.score, verifiedBy: "source", result: { ...answer.result } };
  },
};
