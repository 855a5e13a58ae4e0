/**
 * The S3 variables of the evidence store as zod fields, composed into server/env.ts (read them
 * through `env`; server/evidence/blob-store.ts documents each and turns them into its settings).
 */
import { z } from "zod";

export const BLOB_STORE_ENV = {
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0"]).optional(),
};
