/**
 * A throw-away PostgreSQL for the benchmark, started the way scripts/test.sh starts its own:
 * the newest /usr/lib/postgresql/<v>/bin, initdb as the `postgres` user when running as root
 * (PostgreSQL refuses root), trust auth, listening on 127.0.0.1 only on a free port, data in a
 * temp dir, fsync off (the numbers are about the app, not the disk). Adds pg_stat_statements so
 * the benchmark can count the statements the running app really sends.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./proc";

export interface Postgres {
  url: string;
  port: number;
  version: string;
  /** pid of the postmaster (its children are the backends). */
  pid: number;
  stop(): void;
}

function pgBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "initdb"))) : [];
  versions.sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  if (!v) throw new Error("PostgreSQL is not installed (apt-get install postgresql; `npm test` installs it too).");
  return path.join(root, v, "bin");
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the postgres user when we are root. */
function asPg(bin: string, args: string[], opts: { stdio?: "ignore" | "pipe" } = {}) {
  const [cmd, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: "utf8", stdio: opts.stdio ?? "pipe" });
  if (r.status !== 0) throw new Error(`${path.basename(bin)} failed (exit ${r.status}): ${r.stderr ?? ""}${r.stdout ?? ""}`.trim());
  return r.stdout ?? "";
}

export async function startPostgres(database: string): Promise<Postgres> {
  const bin = pgBin();
  if (isRoot && spawnSync("id", ["postgres"], { stdio: "ignore" }).status !== 0) {
    execFileSync("useradd", ["--system", "--home-dir", "/var/lib/postgresql", "--shell", "/usr/sbin/nologin", "postgres"]);
  }
  const dir = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), "kyc-bench-pg."));
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  let started = false;
  const stop = () => {
    if (started) {
      try {
        asPg(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "-t", "30", "stop"]);
      } catch {
        try {
          const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
          if (pid) process.kill(pid, "SIGKILL");
        } catch {
          /* already gone */
        }
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    asPg(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    const options = [
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`,
      "-c fsync=off -c synchronous_commit=off -c full_page_writes=off",
      "-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=top -c pg_stat_statements.track_utility=on",
      "-c max_connections=200",
    ].join(" ");
    asPg(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "postgres.log"), "-w", "-t", "60", "-o", options, "start"]);
    started = true;
    execFileSync(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", database]);
    execFileSync(path.join(bin, "psql"), [
      "-h",
      "127.0.0.1",
      "-p",
      String(port),
      "-U",
      "postgres",
      "-d",
      database,
      "-qc",
      "CREATE EXTENSION pg_stat_statements",
    ]);
    const version = /\d+(\.\d+)?/.exec(execFileSync(path.join(bin, "postgres"), ["-V"], { encoding: "utf8" }))?.[0] ?? "?";
    const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    return { url: `postgresql://postgres@127.0.0.1:${port}/${database}`, port, version, pid, stop };
  } catch (err) {
    stop();
    throw err;
  }
}
