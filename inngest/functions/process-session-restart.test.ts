/**
 * Restart in the middle of the checks engine: a child app process (fixtures/engine-worker.ts:
 * embedded executor, real functions, outbox relay, embedded database) brings a session to
 * `processing`; the test SIGKILLs it while the PAN check step is in flight (the provider call
 * hangs), starts a new process on the same data directory, and checks that the run resumes
 * (the lease of the dead worker expires, only the unfinished step runs again) with exactly one
 * decision and exactly one webhook delivery to a loopback receiver.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(import.meta.dirname, "fixtures", "engine-worker.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "kyc-engine-restart-"));
const children: ChildProcess[] = [];
const received: { id: string; type: string; sessionId: string }[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    const e = JSON.parse(body) as { id: string; type: string; data: { session: { id: string } } };
    received.push({ id: e.id, type: e.type, sessionId: e.data.session.id });
    res.writeHead(200).end("ok");
  });
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

interface Child {
  proc: ChildProcess;
  /** Resolves with the first stdout JSON line that has `key`. */
  waitFor(key: string): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

function startChild(args: string[], extraEnv: Record<string, string> = {}): Child {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, DATA_DIR: dataDir, PGLITE_LOCK_STALE_MS: "2000", AUTH_SECRET: "engine-restart-test-secret" };
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "DATABASE_URL"]) delete env[key];
  // One process (no npx/tsx wrapper), so SIGKILL kills the worker itself; `react-server` resolves
  // `server-only` to its empty module, as in Next's server bundles.
  const proc = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", script, ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
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
    waitFor: (key) =>
      new Promise((resolve, reject) => {
        const found = lines.find((l) => key in l);
        if (found) return resolve(found);
        waiters.push({ key, resolve });
        void exited.then((code) => reject(new Error(`worker exited (${code}) before "${key}":\n${errors.slice(-4000)}`)));
      }),
  };
}

it("resumes a run killed while a check step is in flight: one decision, one webhook delivery", async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const first = startChild(["--create", url], { ENGINE_HANG_PROVIDER: "1" });
  const { session: sessionId } = (await first.waitFor("session")) as { session: string };
  expect(await first.waitFor("provider_call")).toEqual({ provider_call: 1 }); // the check step is in flight
  first.proc.kill("SIGKILL");
  await first.exited;
  expect(received).toEqual([]);

  const second = startChild(["--session", sessionId]);
  const { done } = (await second.waitFor("done")) as { done: Record<string, unknown> };
  expect(await second.exited).toBe(0);
  expect(done).toEqual({
    session: { status: "approved", decision: "approved", decisionSource: "auto" },
    decisions: 1,
    // the interrupted call counts as an attempt; the check finished once
    checks: [{ checkKey: "in.pan.verify", status: "passed", attempts: 2 }],
    deliveries: [{ status: "succeeded", attempts: 1 }],
    runs: [{ status: "completed" }],
  });
  expect(received.map((r) => [r.type, r.sessionId])).toEqual([["session.approved", sessionId]]);
}, 240_000);
