/**
 * Function configuration as the embedded executor sees it: the SDK's own sync payload (an
 * in-band `PUT` to the serve handler returns `functions: FunctionConfig[]`, exactly what a real
 * Inngest server receives), validated down to the features the executor implements.
 *
 * Supported: event triggers (exact names and trailing-`*` wildcards such as `app/*`, optional
 * `if` equality expressions), cron triggers (5 or 6 fields, optional `TZ=` prefix), `retries`,
 * `concurrency` (one fn-scoped limit, optionally keyed by an `event.` path) and `onFailure`
 * (its `-failure` companion function). Anything else throws {@link UnsupportedFeatureError}.
 */
import { Cron } from "croner";
import { type Equality, parseEquality, parsePath, stableJson, getPath, type Operand } from "./expressions";

/** Default retries of a function without `retries` (the SDK's `defaultMaxRetries`). */
export const DEFAULT_RETRIES = 3;

/** A function config key or value the embedded executor does not implement. */
export class UnsupportedFeatureError extends Error {
  constructor(functionId: string, feature: string) {
    super(
      `Function "${functionId}" uses ${feature}, which the embedded Inngest executor does not support; run a real Inngest server (INNGEST_BASE_URL / INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY) or remove it.`,
    );
    this.name = "UnsupportedFeatureError";
  }
}

/** The parts of the SDK's `FunctionConfig` the executor reads (other keys are rejected). */
export interface SyncedFunctionConfig {
  id: string;
  name?: string;
  triggers: Array<{ event?: string; expression?: string; cron?: string; jitter?: string }>;
  steps: Record<string, { id: string; name: string; runtime: { type: string; url: string }; retries?: { attempts?: number } }>;
  concurrency?: number | { limit: number; key?: string; scope?: string } | Array<{ limit: number; key?: string; scope?: string }>;
  [key: string]: unknown;
}

export interface EventTrigger {
  /** Exact event name, or the prefix of a wildcard trigger (`app/*` -> `app/`). */
  name: string;
  wildcard: boolean;
  expression?: Equality;
}

export interface CronTrigger {
  /** The expression as configured (with any `TZ=` prefix); stored in `inngest_crons.cron`. */
  cron: string;
  schedule: Cron;
}

/** One served function, ready for scheduling. */
export interface FunctionEntry {
  /** Full function id (`<app id>-<fn id>`), the `fnId` query parameter of the serve handler. */
  id: string;
  name: string;
  /** The step URL of the sync payload (`...?fnId=<id>&stepId=step`). */
  url: string;
  events: EventTrigger[];
  crons: CronTrigger[];
  /** Attempts per step and for the function body: `retries + 1`. */
  maxAttempts: number;
  concurrency?: { limit: number; key?: Extract<Operand, { kind: "path" }> };
}

const SUPPORTED_KEYS = new Set(["id", "name", "triggers", "steps", "concurrency"]);

/**
 * Parses a cron trigger: `"*\/5 * * * *"`, `"0 9 * * 1"`, six fields with seconds, or a
 * `TZ=Europe/Paris ` / `CRON_TZ=... ` prefix.
 * @throws UnsupportedFeatureError for an invalid expression.
 */
export function parseCron(functionId: string, cron: string): Cron {
  const m = /^(?:CRON_)?TZ=(\S+)\s+(.+)$/.exec(cron.trim());
  const [pattern, timezone] = m ? [m[2]!, m[1]!] : [cron.trim(), "UTC"];
  try {
    return new Cron(pattern, { paused: true, timezone, mode: "5-or-6-parts" });
  } catch (err) {
    throw new UnsupportedFeatureError(functionId, `the cron expression ${JSON.stringify(cron)} (${(err as Error).message})`);
  }
}

function parseConcurrency(fnId: string, raw: SyncedFunctionConfig["concurrency"]): FunctionEntry["concurrency"] {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : [typeof raw === "number" ? { limit: raw } : raw];
  if (list.length !== 1) throw new UnsupportedFeatureError(fnId, "several concurrency limits");
  const c = list[0]!;
  if (c.scope !== undefined && c.scope !== "fn") throw new UnsupportedFeatureError(fnId, `concurrency scope "${c.scope}"`);
  if (!Number.isInteger(c.limit) || c.limit <= 0) return undefined; // 0 = unlimited, as in Inngest
  return { limit: c.limit, ...(c.key ? { key: parsePath(c.key, ["event"]) } : {}) };
}

/**
 * Validates one synced function config.
 * @throws UnsupportedFeatureError for any feature outside the supported set.
 */
export function parseFunctionConfig(config: SyncedFunctionConfig): FunctionEntry {
  const fnId = config.id;
  for (const [key, value] of Object.entries(config)) {
    if (value !== undefined && value !== null && !SUPPORTED_KEYS.has(key)) throw new UnsupportedFeatureError(fnId, `\`${key}\``);
  }
  const stepEntries = Object.values(config.steps ?? {});
  if (stepEntries.length !== 1) throw new UnsupportedFeatureError(fnId, "a step layout other than the SDK's single `step` entry");
  const step = stepEntries[0]!;
  if (step.runtime.type !== "http") throw new UnsupportedFeatureError(fnId, `runtime "${step.runtime.type}"`);

  const events: EventTrigger[] = [];
  const crons: CronTrigger[] = [];
  for (const t of config.triggers ?? []) {
    if (t.cron !== undefined) {
      if (t.jitter) throw new UnsupportedFeatureError(fnId, "cron jitter");
      crons.push({ cron: t.cron, schedule: parseCron(fnId, t.cron) });
    } else if (t.event !== undefined) {
      const wildcard = t.event.endsWith("*");
      events.push({
        name: wildcard ? t.event.slice(0, -1) : t.event,
        wildcard,
        ...(t.expression ? { expression: parseEquality(t.expression, ["event"]) } : {}),
      });
    } else {
      throw new UnsupportedFeatureError(fnId, `the trigger ${JSON.stringify(t)}`);
    }
  }
  const concurrency = parseConcurrency(fnId, config.concurrency);
  return {
    id: fnId,
    name: config.name ?? fnId,
    url: step.runtime.url,
    events,
    crons,
    maxAttempts: (step.retries?.attempts ?? DEFAULT_RETRIES) + 1,
    ...(concurrency ? { concurrency } : {}),
  };
}

/** True when `fn` has an event trigger matching `event` (name, wildcard prefix, expression). */
export function functionMatches(fn: FunctionEntry, event: { name: string }): boolean {
  return fn.events.some((t) => (t.wildcard ? event.name.startsWith(t.name) : event.name === t.name) && (!t.expression || evaluateTrigger(t.expression, event)));
}

function evaluateTrigger(expr: Equality, event: unknown): boolean {
  const value = (op: Operand) => (op.kind === "literal" ? op.value : getPath(event, op.path));
  const [l, r] = [value(expr.left), value(expr.right)];
  return l !== undefined && r !== undefined && stableJson(l) === stableJson(r);
}

/**
 * Concurrency slot of a run of `fn` for `event`: `<fn id>` or `<fn id>:<key value>`, with its
 * limit; `undefined` when the function has no concurrency limit.
 */
export function concurrencySlot(fn: FunctionEntry, event: unknown): { key: string; limit: number } | undefined {
  if (!fn.concurrency) return undefined;
  const { key, limit } = fn.concurrency;
  return { key: key ? `${fn.id}:${stableJson(getPath(event, key.path) ?? null)}` : fn.id, limit };
}
