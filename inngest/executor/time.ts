/** Durations and retry delays of the embedded executor (all values in milliseconds). */

const UNITS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

/**
 * Parses the SDK's duration strings (`timeStr()` output such as `"1w2d3h4m5s"`, `"2s"`).
 * @returns milliseconds, or `undefined` when `text` is not a duration.
 */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (!/^(?:\d+(?:ms|w|d|h|m|s))+$/.test(t)) return undefined;
  let total = 0;
  for (const [, n, unit] of t.matchAll(/(\d+)(ms|w|d|h|m|s)/g)) total += Number(n) * UNITS[unit!]!;
  return total;
}

/**
 * Wake-up time (epoch ms) of a `Sleep` op or a waitForEvent timeout: a duration
 * (`step.sleep`, `"1h"`; `""` for zero) or an ISO date (`step.sleepUntil`, a `Date` timeout).
 * @throws Error when it is neither.
 */
export function sleepUntil(name: string, now: number): number {
  if (name.trim() === "") return now; // timeStr(0)
  const ms = parseDuration(name);
  if (ms !== undefined) return now + ms;
  const at = Date.parse(name);
  if (Number.isNaN(at)) throw new Error(`Cannot read the sleep duration ${JSON.stringify(name)}`);
  return at;
}

/**
 * Delay before retry number `attempt + 1` after a failed attempt `attempt` (0-based):
 * exponential (`base * 2^attempt`, capped at `max`) with "equal jitter" (half fixed, half
 * random), so retries of many runs spread out.
 */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const exp = Math.min(max, base * 2 ** Math.min(attempt, 30));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/**
 * The `retry-after` header of a `RetryAfterError`: whole seconds or an ISO date.
 * @returns the delay from `now` (>= 0), or `undefined` if absent or unreadable.
 */
export function retryAfterDelay(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
