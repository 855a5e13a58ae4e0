/**
 * A key person's session of a KYB session changed status (`session.child_updated`, emitted on
 * the business's session): once none of its key people is unsettled and its own steps are
 * done, the business moves to `processing` (then process-session runs its checks and rules).
 * The move compares and sets the status, so concurrent runs and redelivered events move it
 * exactly once.
 */
import { getDb } from "../../server/db";
import { advanceParentSession } from "../../server/kyb/key-people";
import { inngest } from "../client";
import { sessionChildUpdated } from "../events";

export const advanceParent = inngest.createFunction(
  { id: "advance-parent-session", triggers: [sessionChildUpdated], retries: 4, concurrency: { key: "event.data.sessionId", limit: 1 } },
  async ({ event, step }) => {
    const sessionId = event.data.sessionId;
    if (!sessionId) return { skipped: "no session" };
    const status = await step.run("advance-parent", async () => advanceParentSession(await getDb(), sessionId));
    return { status };
  },
);
