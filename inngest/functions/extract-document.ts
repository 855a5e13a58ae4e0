/**
 * OCR field extraction of one uploaded document (issue 9), off the request path: the hosted flow
 * records the request (server/intelligence/document-extractions.ts `requestDocumentExtraction`,
 * an outbox message) and this function runs the OCR in one step. The OCR worker and models load
 * once per process (lazy singletons), so only the first extraction of a process pays ~1-2 s.
 * The fields read stay in the extraction's row; the step returns a reference to it.
 * Concurrency 2 per project: OCR is CPU-bound (one worker thread per language set).
 */
import { getDb } from "../../server/db";
import { runDocumentExtraction } from "../../server/intelligence/document-extractions";
import { inngest } from "../client";
import { documentExtractionRequested } from "../events";

export const extractDocument = inngest.createFunction(
  {
    id: "extract-document",
    triggers: [documentExtractionRequested],
    retries: 2,
    concurrency: { key: "event.data.projectId", limit: 2 },
    onFailure: async ({ event, error }) => {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "document extraction failed",
          extraction_id: (event.data.event.data as { extractionId?: string }).extractionId,
          error: error.message,
        }),
      );
    },
  },
  async ({ event, step }) => {
    const { extractionId } = event.data;
    // the step's output is memoized by the executor: the extraction's id and status, never the fields read
    const done = await step.run("extract-fields", async () => {
      const { id, status, error_code } = await runDocumentExtraction(await getDb(), extractionId);
      return { id, status, errorCode: error_code };
    });
    return { extractionId, status: done.status, errorCode: done.errorCode };
  },
);
