/** An asynchronous direct check: ask the provider, record the answer and emit `check.completed`. */
import { completeDirectCheck } from "../../server/checks/direct-check";
import { getDb } from "../../server/db";
import { inngest } from "../client";
import { checkRequested } from "../events";

export const runDirectCheck = inngest.createFunction(
  { id: "run-direct-check", triggers: [checkRequested], retries: 4, concurrency: { key: "event.data.projectId", limit: 10 } },
  async ({ event, step }) => {
    const { checkId, projectId, mode } = event.data;
    return step.run("execute-check", async () => completeDirectCheck(await getDb(), { projectId, mode }, checkId));
  },
);
