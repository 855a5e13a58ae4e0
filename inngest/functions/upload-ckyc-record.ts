/**
 * An approved session's KYC record to upload to CKYCR within 7 days (server/ckyc/ckyc-upload.ts):
 * submit it (Inngest retries the step with backoff while the registry cannot answer), then, while
 * the registry has it under process, ask its status every few hours until it has a CKYC number,
 * is rejected, or the 7-day window is over. When the retries are spent the upload fails with its
 * last error, and `ckyc.upload_failed` is emitted. Step outputs carry states only.
 */
import { StepError } from "inngest";
import { failCkycUpload, pollCkycUpload, submitCkycUpload } from "../../server/ckyc/ckyc-upload";
import { getDb } from "../../server/db";
import { inngest } from "../client";
import { ckycUploadRequested } from "../events";

/** Status requests of a submission under process: every 4 hours, 42 times (the 7-day window). */
const POLL_INTERVAL = "4h";
const MAX_POLLS = 42;

export const uploadCkycRecord = inngest.createFunction(
  {
    id: "upload-ckyc-record",
    triggers: [ckycUploadRequested],
    retries: 4,
    concurrency: { key: "event.data.projectId", limit: 5 },
    onFailure: async ({ event, error }) => {
      const uploadId = (event.data.event.data as { uploadId?: string }).uploadId;
      console.error(`[upload-ckyc-record] upload ${uploadId ?? "?"} failed: ${error.message}`);
      if (uploadId) await failCkycUpload(await getDb(), uploadId, error.message);
    },
  },
  async ({ event, step }) => {
    const { uploadId } = event.data;
    try {
      let state = await step.run("submit-upload", async () => submitCkycUpload(await getDb(), uploadId));
      for (let poll = 1; state.status === "submitted" && poll <= MAX_POLLS; poll++) {
        await step.sleep(`wait-for-registry-${poll}`, POLL_INTERVAL);
        state = await step.run(`check-upload-status-${poll}`, async () => pollCkycUpload(await getDb(), uploadId));
      }
      if (state.status === "submitted") {
        await step.run("give-up-upload", async () => failCkycUpload(await getDb(), uploadId, "CKYCR kept the record under process past the 7-day window."));
        return { status: "failed" };
      }
      return state;
    } catch (err) {
      // a step's retries are spent: the upload fails with the registry's last error
      if (!(err instanceof StepError)) throw err;
      await step.run("fail-upload", async () => failCkycUpload(await getDb(), uploadId, err.message));
      return { status: "failed" };
    }
  },
);
