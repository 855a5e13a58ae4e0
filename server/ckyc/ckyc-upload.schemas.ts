/**
 * The dashboard's CKYC upload queue (server/trpc/routers/ckyc.ts): each upload with its state and
 * the deadline of the RBI 7-day window. No personal data beyond the masked CKYC number.
 */
import { z } from "zod";

export const ZCkycUploadStatus = z.enum(["queued", "submitted", "succeeded", "failed"]);

export const ZCkycUploadQueueItem = z.object({
  id: z.string(),
  session_id: z.string(),
  status: ZCkycUploadStatus,
  provider: z.string().nullable(),
  attempts: z.number().int(),
  ckyc_number_masked: z.string().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  deadline_at: z.string(),
  overdue: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TCkycUploadQueueItem = z.infer<typeof ZCkycUploadQueueItem>;

export const ZCkycUploadQueue = z.object({
  data: z.array(ZCkycUploadQueueItem),
  counts: z.object({ queued: z.number().int(), submitted: z.number().int(), succeeded: z.number().int(), failed: z.number().int(), overdue: z.number().int() }),
});
export type TCkycUploadQueue = z.infer<typeof ZCkycUploadQueue>;
