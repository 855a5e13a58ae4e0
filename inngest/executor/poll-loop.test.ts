/**
 * The worker loop's timing: polls every `pollMs` while active, backs off to `maxIdleMs` while
 * idle, waits no longer than the next due time, and polls at once on `wake()`.
 */
import { afterEach, expect, it } from "vitest";
import { PollLoop, type PollRound } from "./poll-loop";

let loop: PollLoop | undefined;

afterEach(async () => {
  await loop?.stop();
  loop = undefined;
});

/** Starts a loop whose poll records its start time and applies `fill` to the round. */
function startLoop(pollMs: number, maxIdleMs: number, fill: (round: PollRound, n: number) => void = () => {}) {
  const polls: number[] = [];
  loop = new PollLoop(
    pollMs,
    maxIdleMs,
    async (round) => {
      polls.push(performance.now());
      fill(round, polls.length);
    },
    () => false,
  );
  loop.start();
  return polls;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("backs off while idle: the wait doubles from pollMs up to maxIdleMs", async () => {
  const polls = startLoop(10, 80);
  await pause(600);
  // 0, 10, 30, 70, 150, 230, 310, 390, 470, 550: about 10 polls instead of 60 at a fixed 10 ms
  expect(polls.length).toBeGreaterThanOrEqual(6);
  expect(polls.length).toBeLessThanOrEqual(14);
  const gaps = polls.slice(1).map((t, i) => t - polls[i]!);
  expect(Math.max(...gaps)).toBeLessThan(80 + 40);
  expect(gaps.at(-1)).toBeGreaterThanOrEqual(75);
});

it("keeps polling every pollMs while polls claim work", async () => {
  const polls = startLoop(10, 1_000, (round) => (round.claimedAny = true));
  await pause(300);
  expect(polls.length).toBeGreaterThanOrEqual(15);
});

it("polls at once on wake(), however long the idle wait has grown", async () => {
  const polls = startLoop(10, 60_000);
  await pause(400); // the idle wait is now past a second
  const before = polls.length;
  const woken = performance.now();
  loop!.wake();
  await pause(30);
  expect(polls.length).toBeGreaterThan(before);
  expect(polls[before]! - woken).toBeLessThan(20);
});

it("waits no longer than the next due time", async () => {
  // the first poll reports work due in 150 ms; later polls report nothing
  const polls = startLoop(10, 60_000, (round, n) => {
    if (n === 1) round.dueInMs = 150;
  });
  await pause(80);
  const afterBackoff = polls.length;
  await pause(200);
  const duePoll = polls.find((t) => t - polls[0]! >= 140 && t - polls[0]! < 200);
  expect(afterBackoff).toBeGreaterThan(1);
  expect(duePoll, `polls at ${polls.map((t) => Math.round(t - polls[0]!)).join(", ")} ms`).toBeDefined();
});
