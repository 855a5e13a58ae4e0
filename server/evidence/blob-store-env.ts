/** The S3 variables of the evidence store as zod fields (merged into server/env.ts; parsed by blob-store.ts). */
import { z } from "zod";
import { optionalEnv } from "../env-fields";

export const BLOB_STORE_ENV = {
  S3_BUCKET: optionalEnv(z.string().min(3)),
  S3_ENDPOINT: optionalEnv(z.url({ protocol: /^https?$/ })),
  S3_REGION: optionalEnv(z.string().min(1)),
  S3_ACCESS_KEY_ID: optionalEnv(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optionalEnv(z.string().min(1)),
  S3_FORCE_PATH_STYLE: optionalEnv(z.enum(["true", "false", "1", "0"])),
};
