/**
 * LISTEN/NOTIFY wake-ups (./wakeups.ts): a notification from another connection wakes the
 * listener (TEST_POSTGRES_URL), and an unreachable database at start is retried in the
 * background instead of failing the app's start.
 */
import pg from "pg";
import { expect, it, vi } from "vitest";
import { postgresWakeChannel, WAKE_CHANNEL } from "./wakeups";

const url = process.env.TEST_POSTGRES_URL;

it("starts without a reachable database and keeps trying in the background", async () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    const stop = await postgresWakeChannel("postgresql://postgres@127.0.0.1:1/none").listen(() => undefined);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("wake-up connection failed"));
    await stop();
  } finally {
    errors.mockRestore();
  }
});

it.skipIf(!url)("wakes on a NOTIFY sent from another connection", async () => {
  let wakes = 0;
  const stop = await postgresWakeChannel(url!).listen(() => wakes++);
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    expect(wakes).toBe(1); // on connect: anything sent while not listening is picked up by a poll
    await other.query(`SELECT pg_notify('${WAKE_CHANNEL}', '')`);
    const deadline = Date.now() + 5_000;
    while (wakes < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(wakes).toBe(2);
  } finally {
    await other.end();
    await stop();
  }
});
