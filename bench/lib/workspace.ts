/**
 * A benchmark's scratch space: a temp directory and the throw-away PostgreSQL it may start,
 * both removed on every exit (normal end, error, Ctrl-C, SIGTERM) together with every process
 * group the benchmark started (proc.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPostgres, type Postgres } from "./postgres";
import { killAllGroupsSync } from "./proc";

export interface BenchWorkspace {
  /** The temp directory (under $TMPDIR). */
  work: string;
  /** Starts a PostgreSQL with `database` (bench/lib/postgres.ts), stopped on exit or by `stopPostgres`. */
  startPostgres(database: string): Promise<Postgres>;
  stopPostgres(): void;
}

/** Creates the workspace `<TMPDIR>/<prefix>.XXXXXX` and installs the clean-up handlers. */
export function benchWorkspace(prefix: string): BenchWorkspace {
  const work = mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), `${prefix}.`));
  let postgres: Postgres | null = null;
  const stopPostgres = () => {
    postgres?.stop();
    postgres = null;
  };
  process.on("exit", () => {
    killAllGroupsSync();
    stopPostgres();
    rmSync(work, { recursive: true, force: true });
  });
  for (const [sig, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(sig, () => {
      console.error(`\n${sig}: stopping`);
      process.exit(code); // the exit handler stops everything
    });
  }
  return {
    work,
    async startPostgres(database) {
      postgres = await startPostgres(database);
      return postgres;
    },
    stopPostgres,
  };
}

/** A phase line of a benchmark's output. */
export const say = (s: string) => console.log(`==> ${s}`);
