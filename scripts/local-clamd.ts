/**
 * A private ClamAV daemon for `npm run demo` and the tests (tests/fixtures/clamd.ts), started
 * the way scripts/test.sh starts its own: clamd from Debian's `clamav-daemon` (installed with
 * apt-get when missing and this process is root on Debian), a fresh temp directory, a unix
 * socket plus a free loopback TCP port, config from tests/fixtures/clamav/clamd.conf.in, and a
 * signature directory holding the repo's EICAR signature (tests/fixtures/clamav/eicar.ndb) plus,
 * when asked, the databases of the system's clamd (freshclam's, /var/lib/clamav) linked in.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pingClamd } from "../server/uploads/ping-clamd";

/** tests/fixtures/clamav: the EICAR signature and clamd.conf.in. */
export const CLAMAV_FIXTURE_DIR = fileURLToPath(new URL("../tests/fixtures/clamav/", import.meta.url));

/** Where Debian's freshclam keeps the official databases (main, daily, bytecode). */
export const SYSTEM_CLAMAV_DB_DIR = "/var/lib/clamav";

/** File names clamd loads as signature databases (ClamAV "Signatures" documentation, file types). */
const DATABASE_FILE = /\.(cvd|cld|cud|ndb|ndu|hdb|hdu|hsb|hsu|ldb|ldu|mdb|mdu|msb|msu|cdb|crb|idb|gdb|pdb|wdb|fp|sfp|ign|ign2|ftm|cfg|cat|yar|yara|pwdb|info)$/;

export interface ClamdHandle {
  /** Unix socket path (always set for a clamd started here). */
  socket?: string;
  host?: string;
  port?: number;
  /** True when this process started the daemon (and `stop()` ends it). */
  started: boolean;
  /** Database files besides the EICAR signature that the daemon loaded (names only). */
  systemDatabases?: string[];
  stop(): Promise<void>;
}

/** The clamd binary: `CLAMD_BIN`, Debian's /usr/sbin/clamd, or `clamd` on PATH; null when absent. */
export function findClamd(): string | null {
  const candidates = [
    process.env.CLAMD_BIN,
    "/usr/sbin/clamd",
    "/usr/local/sbin/clamd",
    ...(process.env.PATH ?? "").split(path.delimiter).map((d) => path.join(d, "clamd")),
  ];
  return candidates.find((c): c is string => !!c && existsSync(c)) ?? null;
}

/**
 * The clamd binary, installed first with `apt-get install clamav-daemon` when it is missing and
 * this process may (root on Debian), as scripts/test.sh does. Writes apt's progress to stderr.
 * @returns the binary path, or `{ missing: reason }` saying how to install it.
 */
export function ensureClamd(): string | { missing: string } {
  const found = findClamd();
  if (found) return found;
  const fix = "install it with `sudo apt-get install clamav-daemon` (Debian/Ubuntu) or point CLAMD_SOCKET at a running clamd";
  if (process.getuid?.() !== 0 || !existsSync("/etc/debian_version")) return { missing: `clamd is not installed: ${fix}` };
  console.error("clamd is missing: apt-get install clamav-daemon…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: ["ignore", "ignore", "inherit"], env });
  const install =
    update.status === 0
      ? spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "clamav-daemon"], { stdio: ["ignore", "ignore", "inherit"], env })
      : update;
  return install.status === 0
    ? (findClamd() ?? { missing: `apt-get installed clamav-daemon but no clamd binary was found: ${fix}` })
    : { missing: `apt-get install clamav-daemon failed: ${fix}` };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartClamdOptions {
  /** How long to wait for PONG, in ms (default 60 s; the official databases take ~20-60 s to load). */
  timeoutMs?: number;
  /** Directories whose database files are loaded too (e.g. SYSTEM_CLAMAV_DB_DIR); absent ones are skipped. */
  extraDatabaseDirs?: string[];
  /** The clamd binary (default findClamd()). */
  bin?: string;
}

/**
 * Starts a private clamd in a fresh temp dir and waits until it answers PING.
 * @throws Error when clamd is not installed, exits, or does not answer in time (with its log).
 */
export async function startClamd({ timeoutMs = 60_000, extraDatabaseDirs = [], bin = findClamd() ?? undefined }: StartClamdOptions = {}): Promise<ClamdHandle> {
  if (!bin) throw new Error("clamd is not installed (Debian: apt-get install clamav-daemon), and CLAMD_SOCKET / CLAMD_HOST+CLAMD_PORT are not set");
  const dir = mkdtempSync(path.join(tmpdir(), "kyc-clamd-"));
  const db = path.join(dir, "db");
  mkdirSync(db);
  symlinkSync(path.join(CLAMAV_FIXTURE_DIR, "eicar.ndb"), path.join(db, "eicar.ndb"));
  const systemDatabases: string[] = [];
  for (const extra of extraDatabaseDirs) {
    if (!existsSync(extra)) continue;
    for (const name of readdirSync(extra)) {
      if (!DATABASE_FILE.test(name) || existsSync(path.join(db, name))) continue;
      symlinkSync(path.join(extra, name), path.join(db, name));
      systemDatabases.push(name);
    }
  }
  const port = await freePort();
  const conf = readFileSync(path.join(CLAMAV_FIXTURE_DIR, "clamd.conf.in"), "utf8")
    .replaceAll("@DIR@", dir)
    .replaceAll("@DB@", db)
    .replaceAll("@PORT@", String(port));
  writeFileSync(path.join(dir, "clamd.conf"), conf);
  const socket = path.join(dir, "clamd.sock");

  let output = "";
  const child: ChildProcess = spawn(bin, ["-c", path.join(dir, "clamd.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    if (existsSync(socket) && (await pingClamd({ socket }))) return { socket, host: "127.0.0.1", port, started: true, systemDatabases, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  const log = existsSync(path.join(dir, "clamd.log")) ? readFileSync(path.join(dir, "clamd.log"), "utf8").slice(-4000) : "";
  await stop();
  throw new Error(`clamd did not answer PING within ${timeoutMs} ms (exit ${child.exitCode ?? child.signalCode ?? "none"}):\n${output}\n${log}`);
}
