/**
 * Durability of the embedded executor across a crash: a child process runs a function that does
 * step "a" (side effect `A`), sleeps 2 s, then step "b" (`B`). The test SIGKILLs the child
 * during the sleep, starts a new child on the same data directory, and checks that the run
 * completes with `A` and `B` each having happened exactly once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(import.meta.dirname, "fixtures", "durable-worker.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "kyc-durable-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

interface Child {
  proc: ChildProcess;
  /** Resolves with the first stdout JSON line that has `key`. */
  waitFor(key: string): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
  stderr(): string;
}

function startChild(args: string[]): Child {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PGLITE_LOCK_STALE_MS: "2000" };
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "DATABASE_URL"]) delete env[key];
  // One process (no npx/tsx wrapper), so SIGKILL kills the worker itself.
  const proc = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(proc);
  const lines: Record<string, unknown>[] = [];
  const waiters: { key: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  let buffer = "";
  let errors = "";
  proc.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const text = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (!text.startsWith("{")) continue;
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      for (const w of waiters.filter((w) => w.key in line)) w.resolve(line);
    }
  });
  proc.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return {
    proc,
    exited,
    stderr: () => errors,
    waitFor: (key) =>
      new Promise((resolve, reject) => {
        const found = lines.find((l) => key in l);
        if (found) return resolve(found);
        waiters.push({ key, resolve });
        void exited.then((code) => reject(new Error(`worker exited (${code}) before "${key}":\n${errors}`)));
      }),
  };
}

it("resumes a sleeping run after the worker is killed, without repeating finished steps", async () => {
  const first = startChild(["--send"]);
  expect(await first.waitFor("ready")).toEqual({ ready: 0 });
  await first.waitFor("sleeping");
  first.proc.kill("SIGKILL");
  await first.exited;
  expect(readFileSync(path.join(dataDir, "effects.log"), "utf8")).toBe("A\n");

  const second = startChild([]);
  expect(await second.waitFor("ready")).toEqual({ ready: 1 }); // the run survived, unfinished
  expect(await second.waitFor("done")).toEqual({ done: { status: "completed", output: "done" } });
  expect(await second.exited).toBe(0);
  expect(readFileSync(path.join(dataDir, "effects.log"), "utf8")).toBe("A\nB\n");
}, 240_000);
