/**
 * How webhook deliveries are attempted (decisions.md "Webhooks"): POST with a 10 s time limit;
 * after a failed attempt the next one follows about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h and
 * 24 h later (±10 % jitter), 9 attempts over ~3 days; an endpoint whose attempts all failed for
 * 5 days is disabled. Tests and benchmarks inject a shorter schedule with `setDeliveryPolicy`;
 * production never calls it.
 */
import { type HostResolver, systemResolver } from "./url-guard";

export interface DeliveryPolicy {
  /** Wait after failed attempt n (index n - 1), in ms. A delivery makes `length + 1` attempts. */
  retryDelaysMs: readonly number[];
  /** Relative jitter of each wait: 0.1 spreads it over ±10 %. */
  jitter: number;
  /** Time limit of one attempt in ms (connect, send, response headers). */
  timeoutMs: number;
  /** An endpoint failing continuously this long (ms) is disabled. */
  disableAfterFailingMs: number;
  /** Host resolver of the SSRF guard. */
  resolve: HostResolver;
}

const MIN = 60_000;

/** The production policy of decisions.md "Webhooks". */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = Object.freeze({
  retryDelaysMs: Object.freeze([1 * MIN, 5 * MIN, 30 * MIN, 120 * MIN, 360 * MIN, 720 * MIN, 1440 * MIN, 1440 * MIN]),
  jitter: 0.1,
  timeoutMs: 10_000,
  disableAfterFailingMs: 5 * 24 * 60 * MIN,
  resolve: systemResolver,
});

const g = globalThis as unknown as { __kycDeliveryPolicy?: DeliveryPolicy };

/** The policy in force in this process. */
export function deliveryPolicy(): DeliveryPolicy {
  return g.__kycDeliveryPolicy ?? DEFAULT_DELIVERY_POLICY;
}

/**
 * Overrides parts of the policy in this process (tests and benchmarks only); no argument
 * restores the production policy.
 */
export function setDeliveryPolicy(overrides?: Partial<DeliveryPolicy>): void {
  g.__kycDeliveryPolicy = overrides ? { ...DEFAULT_DELIVERY_POLICY, ...overrides } : undefined;
}

/** Attempts a delivery makes under `policy` (the first one and every retry). */
export function maxAttempts(policy: DeliveryPolicy = deliveryPolicy()): number {
  return policy.retryDelaysMs.length + 1;
}

/**
 * The wait after failed attempt `attempt` (1-based), jittered.
 * @param random a number in [0, 1), drawn inside the caller's durable step.
 */
export function retryDelayMs(attempt: number, random: number, policy: DeliveryPolicy = deliveryPolicy()): number {
  const base = policy.retryDelaysMs[attempt - 1] ?? policy.retryDelaysMs.at(-1) ?? 0;
  return Math.round(base * (1 - policy.jitter + 2 * policy.jitter * random));
}
