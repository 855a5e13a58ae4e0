/**
 * The virus scanner of `npm run demo` (issue 17): uploads are refused without one (fail
 * closed, server/uploads/accept-upload.ts), so the demo brings one up the way `npm test` does:
 * - CLAMD_SOCKET or CLAMD_HOST/CLAMD_PORT set: that clamd is used as it is (pinged for the banner);
 * - SCANNER=off set: nothing is started (test-mode uploads are stored unscanned);
 * - otherwise a private clamd (scripts/local-clamd.ts), installed with apt-get when missing and
 *   root on Debian, with the repo's EICAR signature plus the system's databases
 *   (/var/lib/clamav) when present; the app gets its socket in CLAMD_SOCKET. If it cannot start,
 *   the app runs without a scanner and the flow says uploads are not set up
 *   (`scanner_not_configured`); the banner says so and how to fix it.
 */
import { spawnSync } from "node:child_process";
import { env } from "../server/env";
import { pingClamd } from "../server/uploads/ping-clamd";
import { scannerConfig } from "../server/uploads/upload-config";
import { ensureClamd, SYSTEM_CLAMAV_DB_DIR, startClamd } from "./local-clamd";

export interface DemoScanner {
  /** Variables to add to the app's environment (CLAMD_SOCKET of a clamd started here). */
  env: Record<string, string>;
  /** One line for the banner: which scanner, or why there is none and how to fix it. */
  banner: string;
  /** Stops the clamd started here (nothing otherwise). */
  stop(): Promise<void>;
}

const none = async () => {};
const FIX = "install clamav-daemon (sudo apt-get install clamav-daemon) and restart, or set CLAMD_SOCKET to a running clamd";

/** Brings up the demo's scanner as described above; never throws (a failure is in `banner`). */
export async function startDemoScanner(): Promise<DemoScanner> {
  const configured = scannerConfig();
  if (configured.clamd) {
    const where = "socket" in configured.clamd ? configured.clamd.socket : `${configured.clamd.host}:${configured.clamd.port}`;
    const up = await pingClamd(configured.clamd, 5000);
    return {
      env: {},
      banner: up ? `clamd at ${where} (CLAMD_* of your environment)` : `clamd at ${where} does not answer: uploads are refused until it does`,
      stop: none,
    };
  }
  if (env.SCANNER === "off") return { env: {}, banner: "off (SCANNER=off): test-mode uploads are stored unscanned, live ones are refused", stop: none };

  const bin = ensureClamd();
  if (typeof bin !== "string") return { env: {}, banner: `NONE, uploads are refused: ${bin.missing}`, stop: none };
  try {
    const clamd = await startClamd({ bin, extraDatabaseDirs: [SYSTEM_CLAMAV_DB_DIR], timeoutMs: 180_000 });
    const version = spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout.trim().split("/")[0] || "ClamAV";
    const databases = clamd.systemDatabases?.length
      ? `EICAR test signature + ${clamd.systemDatabases.join(", ")}`
      : "EICAR test signature only; no system databases, run freshclam for real ones";
    return { env: { CLAMD_SOCKET: clamd.socket! }, banner: `${version}, private clamd on ${clamd.socket} (${databases})`, stop: clamd.stop };
  } catch (err) {
    console.error(`clamd could not be started:\n${(err as Error).message}`);
    return { env: {}, banner: `NONE, uploads are refused: clamd could not be started (log above); ${FIX}`, stop: none };
  }
}
