/**
 * The one place that reads process.env (STYLE.md 1.7): every variable the app reads is declared
 * here, the app-wide ones below and the others as field groups exported by the module that uses
 * them (`*_ENV` in a `*-env.ts` file beside it). Empty strings count as unset.
 *
 * - Validated at import with `createEnv` (`parseEnv`): next.config.ts imports this module, so a
 *   malformed value fails `next build`; instrumentation.ts and every script import it first, so
 *   it fails start-up too, with an error naming each invalid variable. `SKIP_ENV_VALIDATION`
 *   skips this up-front check (for builds without the runtime environment).
 * - Read through `env`: each variable is parsed with its own field when read (memoized per raw
 *   value), so a value changed at run time (tests) takes effect, and a malformed one throws
 *   naming it.
 */
import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";
import { OIDC_ENV } from "./auth/oidc-env";
import { DATA_ENCRYPTION_ENV } from "./crypto/data-keys";
import { BLOB_STORE_ENV } from "./evidence/blob-store-env";
import { TRUSTED_PROXIES_ENV } from "./http/trusted-proxies";
import { METRICS_ENV } from "./metrics/metrics-env";
import { OTP_ENV, SMTP_ENV } from "./otp/otp-env";
import { AADHAAR_ENV } from "./providers/aadhaar-env";
import { DIGILOCKER_ENV } from "./providers/digilocker-env";
import { CKYC_ENV } from "./providers/ckyc-env";
import { SUREPASS_ENV } from "./providers/surepass-env";
import { SCREENING_ENV } from "./screening/screening-env";
import { TRACING_ENV } from "./tracing/tracing-env";
import { UPLOAD_ENV } from "./uploads/upload-env";

/** A boolean variable: `true`/`1` or `false`/`0`, false when unset. */
function flag() {
  return z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1");
}

/** Every server variable, by name. */
const SERVER_ENV = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** PostgreSQL URL; unset = embedded PGlite in DATA_DIR (ARCHITECTURE.md). */
  DATABASE_URL: z.string().url().optional(),
  /** Directory for embedded data (PGlite, evidence blobs, local run files). */
  DATA_DIR: z.string().default(".data"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * `npm run serve`: worker processes sharing PORT (node:cluster, scripts/cluster.ts). Unset: one
   * per core on PostgreSQL, 1 on the embedded PGlite (single-process: more is refused).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Public base address of this app (hosted flow links, dashboard links). */
  APP_URL: z.string().url().optional(),
  /**
   * Reverse proxies whose X-Forwarded-For is believed: comma-separated CIDRs (a bare address
   * means just itself). Unset: none, the client is the socket's peer (server/http/trusted-proxies.ts).
   */
  ...TRUSTED_PROXIES_ENV,
  /** next-auth JWT secret; a stable one is generated into DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(16).optional(),
  /**
   * AES-256-GCM keys for data stored encrypted (server/crypto/encryption.ts): the key that
   * seals (32 bytes, base64; unset: derived from AUTH_SECRET) and older keys that still open
   * (comma-separated), for rotation.
   */
  ...DATA_ENCRYPTION_ENV,
  /** Real Inngest (Cloud or self-hosted); all unset = embedded executor. */
  INNGEST_BASE_URL: z.string().url().optional(),
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  /**
   * Embedded executor tuning (inngest/executor): concurrent runs per process, poll interval while
   * runs execute, and the longest poll interval while idle (the executor and the outbox relay
   * back off to it; new work wakes them at once, see inngest/executor/poll-loop.ts).
   */
  INNGEST_EXECUTOR_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  INNGEST_EXECUTOR_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  INNGEST_IDLE_POLL_MAX_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * OCR workers (Tesseract WASM, one thread each) kept per language set by
   * server/intelligence/ocr/tesseract-ocr.ts, created as concurrent pages need them. Unset: one
   * per core (`os.availableParallelism()`).
   */
  OCR_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Days a finished run of the embedded executor is kept before the daily `prune-runs` deletes it (server/events/executor-runs.ts). */
  INNGEST_RUN_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Age after which the embedded PGlite directory lock is taken over (a dead holder on this host: at once; server/db.ts). */
  PGLITE_LOCK_STALE_MS: z.coerce.number().int().min(2_000).default(15_000),
  /**
   * `true`: test-mode webhook endpoints may use http(s) on localhost / 127.0.0.1 / [::1] (the
   * demo and the tests); off by default (server/webhooks/url-guard.ts).
   */
  WEBHOOK_ALLOW_LOOPBACK: flag(),
  /** Log level for server logs. */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /**
   * `true` turns the /v1 per-key rate limit off (benchmarks only; server/http/rate-limit.ts).
   * No `RateLimit-*` headers are sent then.
   */
  RATE_LIMIT_DISABLED: flag(),
  /**
   * Where the token buckets live: `memory` (this process only) or `postgres` (shared by every
   * app instance on the database). Unset: `postgres` when DATABASE_URL is set, else `memory`.
   */
  RATE_LIMIT_STORE: z.enum(["memory", "postgres"]).optional(),
  /** Bearer token of GET /metrics (Prometheus); unset = metrics off: server/metrics/metrics-env.ts. */
  ...METRICS_ENV,
  /** OpenTelemetry traces over OTLP/HTTP; both endpoints unset = off: server/tracing/tracing-env.ts. */
  ...TRACING_ENV,
  /** Upload virus scanning (clamd): server/uploads/upload-env.ts. */
  ...UPLOAD_ENV,
  /** Evidence storage (S3-compatible when S3_BUCKET is set): server/evidence/blob-store-env.ts. */
  ...BLOB_STORE_ENV,
  /** SMTP for OTP and account emails, MSG91 for OTP SMS: server/otp/otp-env.ts. */
  ...SMTP_ENV,
  ...OTP_ENV,
  /** Dashboard single sign-on: server/auth/oidc-env.ts. */
  ...OIDC_ENV,
  /** UIDAI certificates and document ages of the Aadhaar offline checks: server/providers/aadhaar-env.ts. */
  ...AADHAAR_ENV,
  /** DigiLocker's Authorized Partner API (the `digilocker` step): server/providers/digilocker-env.ts. */
  ...DIGILOCKER_ENV,
  ...CKYC_ENV,
  /** Surepass's CKYC API (the OTP download of CKYC 1.3): server/providers/surepass-env.ts. */
  ...SUREPASS_ENV,
  /** The daily download of the sanctions and PEP lists: server/screening/screening-env.ts. */
  ...SCREENING_ENV,
  /**
   * Live registry adapter for PAN and GSTIN: Sandbox by Quicko (server/providers/quicko-sandbox.ts).
   * Unset key = no live registry: live PAN/GSTIN checks end in `error` provider_not_configured.
   */
  QUICKO_SANDBOX_BASE_URL: z.string().url().default("https://api.sandbox.co.in"),
  QUICKO_SANDBOX_API_KEY: z.string().optional(),
  QUICKO_SANDBOX_API_SECRET: z.string().optional(),
  QUICKO_SANDBOX_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /**
   * Live registry adapter for PAN, PAN–Aadhaar link and bank account: Cashfree's Verification Suite
   * (server/providers/cashfree-verification.ts), the failover for Sandbox by Quicko. Unset id = not offered.
   */
  CASHFREE_VERIFICATION_BASE_URL: z.string().url().default("https://api.cashfree.com/verification"),
  CASHFREE_CLIENT_ID: z.string().optional(),
  CASHFREE_CLIENT_SECRET: z.string().optional(),
  CASHFREE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
};

type VarName = keyof typeof SERVER_ENV;

const VAR_NAMES = Object.keys(SERVER_ENV) as VarName[];

/**
 * Every variable of `source` parsed (unknown names ignored, empty strings unset).
 * @throws Error listing each invalid variable as `NAME: message`.
 */
export function parseEnv(source: Readonly<Record<string, string | undefined>>) {
  return createEnv<typeof SERVER_ENV>({
    server: SERVER_ENV,
    runtimeEnv: Object.fromEntries(VAR_NAMES.map((name) => [name, source[name]])) as Record<VarName, string | undefined>,
    emptyStringAsUndefined: true,
    onValidationError: (issues) => {
      const lines = issues.map((i) => `  ${(i.path ?? []).map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".")}: ${i.message}`);
      throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
    },
  });
}

/** The parsed server variables (optional ones may be absent). */
export type ServerEnv = ReturnType<typeof parseEnv>;

const memo = new Map<VarName, { raw: string | undefined; value: unknown }>();

function readVar<K extends VarName>(name: K): ServerEnv[K] {
  const raw = process.env[name] || undefined;
  const hit = memo.get(name);
  if (hit && hit.raw === raw) return hit.value as ServerEnv[K];
  const parsed = (SERVER_ENV[name] as z.ZodType).safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid environment variable ${name}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  memo.set(name, { raw, value: parsed.data });
  return parsed.data as ServerEnv[K];
}

/**
 * The server variables, read from process.env when accessed.
 * @throws Error naming the variable when its value is malformed.
 */
export const env: ServerEnv = new Proxy({} as ServerEnv, {
  get: (_, name) => (typeof name === "string" && Object.hasOwn(SERVER_ENV, name) ? readVar(name as VarName) : undefined),
});

// The up-front check of every variable (build: next.config.ts; start-up: instrumentation.ts, scripts).
if (!process.env.SKIP_ENV_VALIDATION) parseEnv(process.env);

/** Base address of the app, e.g. `http://localhost:3000`, without a trailing slash. */
export function appUrl(): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

/** True when functions run on a real Inngest server instead of the embedded executor. */
export function usesInngestServer(): boolean {
  return Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_BASE_URL || env.INNGEST_SIGNING_KEY);
}
