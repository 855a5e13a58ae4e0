/**
 * Virus-scanner settings of the upload pipeline, from the variables of server/uploads/upload-env.ts
 * (`CLAMD_*`, `SCANNER`) read at upload time.
 * No clamd address at all means "no scanner": every scanned upload fails with
 * `scanner_not_configured` (server/uploads/accept-upload.ts).
 */
import { env, type ServerEnv } from "../env";
import type { UPLOAD_ENV } from "./upload-env";

/** Where clamd listens: a unix socket, or TCP host and port. */
export type ClamdAddress = { socket: string } | { host: string; port: number };

export interface ScannerConfig {
  /** null when no clamd address is configured (every scanned upload is then refused: fail closed). */
  clamd: ClamdAddress | null;
  /** Idle timeout of one scan connection in milliseconds. */
  timeoutMs: number;
  /** `SCANNER=off`: test-mode uploads are stored unscanned (`scanStatus: "skipped"`). */
  skipTestMode: boolean;
}

/** The scanner settings of `e` (default: the environment, read on every call). */
export function scannerConfig(e: Pick<ServerEnv, keyof typeof UPLOAD_ENV> = env): ScannerConfig {
  let clamd: ClamdAddress | null = null;
  if (e.CLAMD_SOCKET) clamd = { socket: e.CLAMD_SOCKET };
  else if (e.CLAMD_HOST || e.CLAMD_PORT) clamd = { host: e.CLAMD_HOST ?? "127.0.0.1", port: e.CLAMD_PORT ?? 3310 };
  return { clamd, timeoutMs: e.CLAMD_TIMEOUT_MS ?? 30_000, skipTestMode: e.SCANNER === "off" };
}
