/**
 * The one place that reads process.env (STYLE.md 1.7). Validated once with zod; a bad value
 * fails `next build` (next.config.ts imports this file) and every script at start-up.
 */
import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";
import { BLOB_STORE_ENV } from "./evidence/blob-store-env";
import { UPLOAD_ENV } from "./uploads/upload-config";

export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    /** PostgreSQL URL; unset = embedded PGlite in DATA_DIR (ARCHITECTURE.md). */
    DATABASE_URL: z.string().url().optional(),
    /** Directory for embedded data (PGlite, evidence blobs, local run files). */
    DATA_DIR: z.string().default(".data"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Public base address of this app (hosted flow links, dashboard links). */
    APP_URL: z.string().url().optional(),
    /** next-auth JWT secret; a stable one is generated into DATA_DIR when unset. */
    AUTH_SECRET: z.string().min(16).optional(),
    /** Real Inngest (Cloud or self-hosted); all unset = embedded executor. */
    INNGEST_BASE_URL: z.string().url().optional(),
    INNGEST_EVENT_KEY: z.string().optional(),
    INNGEST_SIGNING_KEY: z.string().optional(),
    /** Embedded executor tuning (inngest/executor): concurrent runs per process, poll interval. */
    INNGEST_EXECUTOR_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    INNGEST_EXECUTOR_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
    /** Age after which the embedded PGlite directory lock is taken over (a dead holder on this host: at once; server/db.ts). */
    PGLITE_LOCK_STALE_MS: z.coerce.number().int().min(2_000).default(15_000),
    /**
     * `true`: test-mode webhook endpoints may use http(s) on localhost / 127.0.0.1 / [::1] (the
     * demo and the tests); off by default (server/webhooks/url-guard.ts).
     */
    WEBHOOK_ALLOW_LOOPBACK: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    /** Log level for server logs. */
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    /**
     * `true` turns the /v1 per-key rate limit off (benchmarks only; server/http/rate-limit.ts).
     * No `RateLimit-*` headers are sent then.
     */
    RATE_LIMIT_DISABLED: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    /**
     * Where the token buckets live: `memory` (this process only) or `postgres` (shared by every
     * app instance on the database). Unset: `postgres` when DATABASE_URL is set, else `memory`.
     */
    RATE_LIMIT_STORE: z.enum(["memory", "postgres"]).optional(),
    /**
     * Upload virus scanning (clamd) and evidence storage (S3-compatible when S3_BUCKET is set).
     * server/uploads/upload-config.ts and server/evidence/blob-store-env.ts document each variable
     * and parse them again at use time with these same schemas (tests vary them per case).
     */
    ...UPLOAD_ENV,
    ...BLOB_STORE_ENV,
    /** Live OTP delivery (server/otp/otp-config.ts): SMTP for email, MSG91 for SMS. */
    SMTP_URL: z.string().optional(),
    EMAIL_FROM: z.string().optional(),
    MSG91_AUTH_KEY: z.string().optional(),
    MSG91_FLOW_ID: z.string().optional(),
    MSG91_FLOW_ID_HI: z.string().optional(),
    MSG91_SENDER_ID: z.string().optional(),
    MSG91_BASE_URL: z.string().url().optional(),
    OTP_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
    /**
     * UIDAI public certificates (PEM or DER paths, comma separated: several for rotation) that
     * Aadhaar offline e-KYC and Secure QR signatures are verified against
     * (server/providers/aadhaar-crypto.ts); maximum ages of the offline documents in hours.
     */
    UIDAI_CERT_PATHS: z.string().optional(),
    AADHAAR_OFFLINE_MAX_AGE_HOURS: z.coerce.number().positive().optional(),
    AADHAAR_QR_MAX_AGE_HOURS: z.coerce.number().positive().optional(),
    /**
     * Live registry adapter for PAN and GSTIN: Sandbox by Quicko (server/providers/quicko-sandbox.ts).
     * Unset key = no live registry: live PAN/GSTIN checks end in `error` provider_not_configured.
     */
    QUICKO_SANDBOX_BASE_URL: z.string().url().default("https://api.sandbox.co.in"),
    QUICKO_SANDBOX_API_KEY: z.string().optional(),
    QUICKO_SANDBOX_API_SECRET: z.string().optional(),
    QUICKO_SANDBOX_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  },
  client: {},
  experimental__runtimeEnv: {},
  emptyStringAsUndefined: true,
  skipValidation: !!process.env.SKIP_ENV_VALIDATION,
});

/** Base address of the app, e.g. `http://localhost:3000`, without a trailing slash. */
export function appUrl(): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

/** True when functions run on a real Inngest server instead of the embedded executor. */
export function usesInngestServer(): boolean {
  return Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_BASE_URL || env.INNGEST_SIGNING_KEY);
}
