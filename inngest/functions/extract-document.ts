/**
 * OCR field extraction of one uploaded document (issue 9), off the request path: the hosted flow
 * records the request (server/intelligence/document-extractions.ts `requestDocumentExtraction`,
 * an outbox message) and this function runs the OCR in one step. The OCR worker and models load
 * once per process (lazy singletons), so only the first extraction of a process pays ~1-2 s.
 * Concurrency 2 per project: OCR is CPU-bound (one worker thread per language set).
 *
 * The event is declared here, next to its only consumer (inngest/events.ts holds the others);
 * domain code enqueues it by name (`DOCUMENT_EXTRACTION_REQUESTED`).
 */
import { eventType } from "inngest";
import { z } from "zod";
import { getDb } from "../../server/db";
import { DOCUMENT_EXTRACTION_REQUESTED, runDocumentExtraction } from "../../server/intelligence/document-extractions";
import { inngest } from "../client";

/** A document extraction to run (data: the extraction id and its tenant). */
export const documentExtractionRequested = eventType(DOCUMENT_EXTRACTION_REQUESTED, {
  schema: z.object({ extractionId: z.string(), projectId: z.string(), mode: z.enum(["test", "live"]) }),
});

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
    const done = await step.run("extract-fields", async () => runDocumentExtraction(await getDb(), extractionId));
    return { extractionId, status: done.status, errorCode: done.error_code };
  },
);
