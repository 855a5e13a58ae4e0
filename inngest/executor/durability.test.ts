/**
 * Durability of the embedded executor across a crash: a child process runs a function that does
 * step "a" (side effect `A`), sleeps 2 s, then step "b" (`B`). The test SIGKILLs the child
 * during the sleep, starts a new child on the same data directory, and checks that the run
 * completes with `A` and `B` each having happened exactly once.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { killWorkers, startWorker } from "~/tests/fixtures/worker-process";

const script = path.join(import.meta.dirname, "fixtures", "durable-worker.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "kyc-durable-"));

afterAll(() => {
  killWorkers();
  rmSync(dataDir, { recursive: true, force: true });
});

const startChild = (args: string[]) => startWorker(script, args, { dataDir });

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
