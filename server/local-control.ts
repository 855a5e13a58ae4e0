/**
 * Local control channel of the running app, for the admin CLI (issue: "PGlite is
 * single-process: never open one data directory from two processes").
 *
 * When the app runs on the embedded database it writes `${DATA_DIR}/control.json`
 * (mode 0600: `{ pid, port, token }`); the CLI, finding the database locked, POSTs its command
 * to `http://127.0.0.1:<port>/api/internal/cli` with `Authorization: Bearer <token>`, and the
 * app runs it on the database it already holds. The token is random per app start and only
 * readable by the user running the app, so the endpoint is no wider than the data directory.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env";

export interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

const controlPath = () => path.resolve(env.DATA_DIR, "control.json");
const globalControl = globalThis as unknown as { __kycControlToken?: string };

/** Writes the control file (embedded database only) and removes it when the process exits. */
export async function publishControlFile(port: number = env.PORT): Promise<void> {
  if (env.DATABASE_URL) return;
  globalControl.__kycControlToken ??= randomBytes(32).toString("base64url");
  const file: ControlFile = { pid: process.pid, port, token: globalControl.__kycControlToken };
  writeFileSync(controlPath(), JSON.stringify(file), { mode: 0o600 });
  const cleanup = () => {
    try {
      const current = JSON.parse(readFileSync(controlPath(), "utf8")) as ControlFile;
      if (current.pid === process.pid) rmSync(controlPath());
    } catch {
      /* already gone */
    }
  };
  process.once("exit", cleanup);
}

/** Reads the control file, or null when there is none. */
export function readControlFile(): ControlFile | null {
  try {
    return JSON.parse(readFileSync(controlPath(), "utf8")) as ControlFile;
  } catch {
    return null;
  }
}

/** Whether `authorization` carries this process's control token (constant-time). */
export function isControlAuthorized(authorization: string | null): boolean {
  const token = globalControl.__kycControlToken;
  const given = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
  if (!token || !given) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
