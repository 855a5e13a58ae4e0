/**
 * Virus-scanner settings of the upload pipeline, read from the environment at upload time.
 *
 * This is the one place upload code reads `process.env`; the variables belong in server/env.ts
 * (STYLE.md 1.7) and this function should then read `env` instead:
 * - `CLAMD_SOCKET`: path of clamd's unix socket (clamd.conf `LocalSocket`), e.g. `/run/clamav/clamd.ctl`.
 *   Wins over TCP when both are set.
 * - `CLAMD_HOST` / `CLAMD_PORT`: clamd's TCP address (clamd.conf `TCPAddr` / `TCPSocket`); either one
 *   alone means the other's default (`127.0.0.1`, `3310`).
 * - `CLAMD_TIMEOUT_MS`: idle timeout of one scan connection, default 30000.
 * - `SCANNER`: `clamd` (default) or `off`. `off` skips the scan of **test-mode** uploads only
 *   (stored with `scanStatus: "skipped"`); live-mode uploads are always scanned and are refused
 *   when clamd cannot answer (fail closed).
 * No clamd address at all means "no scanner": every scanned upload fails with `scanner_unavailable`.
 */
import { z } from "zod";
import { optionalEnv } from "../env-fields";

const opt = optionalEnv;

/** The variables as zod fields (the shape to merge into server/env.ts `server: {...}`). */
export const UPLOAD_ENV = {
  CLAMD_SOCKET: opt(z.string().min(1)),
  CLAMD_HOST: opt(z.string().min(1)),
  CLAMD_PORT: opt(z.coerce.number().int().min(1).max(65535)),
  CLAMD_TIMEOUT_MS: opt(z.coerce.number().int().min(100).max(600_000)),
  SCANNER: opt(z.enum(["clamd", "off"])),
};
const ZUploadEnv = z.object(UPLOAD_ENV);

/** Where clamd listens: a unix socket, or TCP host and port. */
export type ClamdAddress = { socket: string } | { host: string; port: number };

export interface ScannerConfig {
  /** null when no clamd address is configured (every scan then fails: fail closed). */
  clamd: ClamdAddress | null;
  /** Idle timeout of one scan connection in milliseconds. */
  timeoutMs: number;
  /** `SCANNER=off`: test-mode uploads are stored unscanned (`scanStatus: "skipped"`). */
  skipTestMode: boolean;
}

/**
 * The scanner settings from `source` (default `process.env`), read on every call so that a
 * changed environment (tests) takes effect.
 * @throws Error naming the variable when a value is malformed (a configuration error, not a request error).
 */
export function scannerConfig(source: Record<string, string | undefined> = process.env): ScannerConfig {
  const parsed = ZUploadEnv.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid scanner settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  let clamd: ClamdAddress | null = null;
  if (e.CLAMD_SOCKET) clamd = { socket: e.CLAMD_SOCKET };
  else if (e.CLAMD_HOST || e.CLAMD_PORT) clamd = { host: e.CLAMD_HOST ?? "127.0.0.1", port: e.CLAMD_PORT ?? 3310 };
  return { clamd, timeoutMs: e.CLAMD_TIMEOUT_MS ?? 30_000, skipTestMode: e.SCANNER === "off" };
}
