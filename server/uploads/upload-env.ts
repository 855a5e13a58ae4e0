/**
 * The virus-scanner variables of the upload pipeline as zod fields, composed into server/env.ts
 * (read them through `env`; server/uploads/upload-config.ts turns them into `ScannerConfig`):
 * - `CLAMD_SOCKET`: path of clamd's unix socket (clamd.conf `LocalSocket`), e.g. `/run/clamav/clamd.ctl`.
 *   Wins over TCP when both are set.
 * - `CLAMD_HOST` / `CLAMD_PORT`: clamd's TCP address (clamd.conf `TCPAddr` / `TCPSocket`); either one
 *   alone means the other's default (`127.0.0.1`, `3310`).
 * - `CLAMD_TIMEOUT_MS`: idle timeout of one scan connection, default 30000.
 * - `SCANNER`: `clamd` (default) or `off`. `off` skips the scan of **test-mode** uploads only
 *   (stored with `scanStatus: "skipped"`); live-mode uploads are always scanned and are refused
 *   when clamd cannot answer (fail closed).
 */
import { z } from "zod";

export const UPLOAD_ENV = {
  CLAMD_SOCKET: z.string().min(1).optional(),
  CLAMD_HOST: z.string().min(1).optional(),
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  CLAMD_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  SCANNER: z.enum(["clamd", "off"]).optional(),
};
