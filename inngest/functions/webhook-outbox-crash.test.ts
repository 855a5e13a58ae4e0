/**
 * The outbox across a crash (ARCHITECTURE.md: nothing is sent before it is committed, and
 * nothing committed is lost): an app process commits 20 session status changes with two
 * subscribed endpoints and starts delivering, then 5 more after its relay stopped; the receiver
 * acknowledges the first 10 requests and leaves the next ones hanging; the process is
 * SIGKILLed mid-way, with outbox rows unsent, deliveries pending and requests in flight. A new process on the same database delivers the rest:
 * every event reaches each endpoint, and each (endpoint, event) is acknowledged exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestReceiver, type TestReceiver } from "../../server/webhooks/test-receiver";
import { killWorkers, startWorker, type WorkerProcess } from "~/tests/fixtures/worker-process";

const script = path.join(import.meta.dirname, "fixtures", "webhook-worker.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "kyc-webhook-crash-"));
let rx: TestReceiver;

beforeAll(async () => {
  rx = await startTestReceiver();
});

afterAll(async () => {
  killWorkers();
  await rx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The worker (fixtures/webhook-worker.ts) talking to the receiver, on this test's data directory. */
const startWebhookWorker = (args: string[]) => startWorker(script, [rx.origin, ...args], { dataDir, reactServer: true });

const until = async (what: string, check: () => boolean, timeoutMs: number, worker: WorkerProcess) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (worker.proc.exitCode !== null) throw new Error(`worker exited (${worker.proc.exitCode}) before ${what}:\n${worker.stderr()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${worker.stderr()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

it("delivers every committed event exactly once per endpoint after the app is killed mid-way", async () => {
  const N = 20;
  const TOTAL = N + 5; // 5 more are committed after the first process's relay stopped
  rx.script(...Array.from({ length: 10 }, () => ({ status: 200, body: "ok" })));
  rx.setDefault({ hang: true });

  const first = startWebhookWorker(["--commit", String(N)]);
  await until("the commits", () => !!first.line("late"), 120_000, first);
  await until("a request left hanging", () => rx.received.length > 10, 60_000, first);
  await new Promise((r) => setTimeout(r, 1500)); // every acknowledged attempt is recorded; the 4 workers hang
  first.proc.kill("SIGKILL");
  await first.exited;
  const beforeRestart = rx.received.length;
  expect(rx.received.filter((r) => r.answered === 200)).toHaveLength(10);
  expect(beforeRestart).toBeLessThan(2 * TOTAL); // the kill did interrupt the deliveries

  rx.setDefault({ status: 200, body: "ok" });
  const second = startWebhookWorker([]);
  await until("the restarted worker to start", () => !!second.line("ready"), 120_000, second);
  const left = second.line("ready")!.ready as { unsentOutbox: number; deliveries: number; succeeded: number; events: number };
  expect(left.events).toBe(TOTAL); // every status change was committed
  expect(left.unsentOutbox).toBeGreaterThanOrEqual(5); // at least those 5 were never relayed
  expect(left.succeeded).toBe(10); // exactly the acknowledged deliveries were recorded
  console.log("left behind by the killed process:", left);
  await until("the restarted worker to finish", () => !!second.line("done"), 180_000, second);
  expect(second.line("done")).toEqual({ done: { deliveries: 2 * TOTAL, succeeded: 2 * TOTAL } });
  expect(await second.exited).toBe(0);

  const acked = rx.received.filter((r) => r.answered === 200);
  const pairs = acked.map((r) => `${r.path} ${JSON.parse(r.body).id as string}`);
  expect(new Set(pairs).size).toBe(pairs.length); // no (endpoint, event) acknowledged twice
  expect(pairs).toHaveLength(2 * TOTAL);
  const eventIds = new Set(acked.map((r) => JSON.parse(r.body).id as string));
  expect(eventIds.size).toBe(TOTAL);
  for (const id of eventIds) expect(pairs.filter((p) => p.endsWith(id)).sort()).toEqual([`/a ${id}`, `/b ${id}`]);
  // The requests left hanging by the killed process were sent again (they had not been acknowledged).
  expect(rx.received.length).toBe(2 * TOTAL + rx.received.filter((r) => r.answered === null).length);
}, 300_000);
