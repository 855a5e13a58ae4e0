/**
 * Restart in the middle of the checks engine: a child app process (fixtures/engine-worker.ts:
 * embedded executor, real functions, outbox relay, embedded database) brings a session to
 * `processing`; the test SIGKILLs it while the PAN check step is in flight (the provider call
 * hangs), starts a new process on the same data directory, and checks that the run resumes
 * (the lease of the dead worker expires, only the unfinished step runs again) with exactly one
 * decision and exactly one webhook delivery to a loopback receiver.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { killWorkers, startWorker } from "~/tests/fixtures/worker-process";

const script = path.join(import.meta.dirname, "fixtures", "engine-worker.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "kyc-engine-restart-"));
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
  killWorkers();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const startChild = (args: string[], env: Record<string, string> = {}) =>
  startWorker(script, args, { dataDir, reactServer: true, env: { ...env, AUTH_SECRET: "engine-restart-test-secret" } });

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
