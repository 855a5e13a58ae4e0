/** Worker count of `npm run serve` (scripts/cluster.ts): one per core on PostgreSQL, PGlite single-process. */
import { expect, it } from "vitest";
import { workerCount } from "./cluster";

it("defaults to one worker per core on PostgreSQL and honours WEB_CONCURRENCY", () => {
  expect(workerCount(undefined, false, 2)).toBe(2);
  expect(workerCount(undefined, false, 0)).toBe(1);
  expect(workerCount(3, false, 2)).toBe(3);
});

it("runs one worker on the embedded database and refuses more", () => {
  expect(workerCount(undefined, true, 8)).toBe(1);
  expect(workerCount(1, true, 8)).toBe(1);
  expect(() => workerCount(2, true, 8)).toThrow(/PGlite\) is single-process; set DATABASE_URL/);
});
