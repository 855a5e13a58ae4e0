/**
 * The SDK's execution wire protocol (inngest 4.24, `InngestCommHandler.handleAction` /
 * `runStep`, `helpers/functions.ts` `parseFnData`), as the embedded executor speaks it.
 *
 * Request: `POST <step url>?fnId=<fn id>&stepId=step` (or `stepId=<hashed step id>` to run one
 * planned step) with a JSON body
 *   `{ event, events, steps, ctx: { run_id, attempt, max_attempts, stack: { stack, current },
 *      disable_immediate_execution: false, use_api: false }, version: 2 }`
 * where `steps` maps hashed step ids to `{ type: "data", data }` or `{ type: "error", error }`.
 * No `ctx.fn_id` is sent, so the SDK never tries to checkpoint to an Inngest API.
 *
 * Response: 200 = the function returned (body: its output); 206 = a JSON array of ops
 * (`StepRun` with `data`, `StepError` / `StepFailed` with `error`, or the ops it found:
 * `StepPlanned`, `Sleep`, `WaitForEvent`, `InvokeFunction`, ...); 4xx/5xx = the function
 * threw (body: the serialized error), with `x-inngest-no-retry: true` when it must not be
 * retried and `retry-after` for a `RetryAfterError`.
 */

/** A memoized step result, as sent back in `steps`. */
export type MemoEntry = { type: "data"; data: unknown } | { type: "error"; error: unknown };

/** An op returned in a 206 response (the SDK's `OutgoingOp`). */
export interface Op {
  id: string;
  op: string;
  name?: string;
  displayName?: string;
  opts?: Record<string, unknown>;
  data?: unknown;
  error?: unknown;
}

/** The SDK's op codes handled by the executor (types.ts `StepOpCode`). */
export const OpCode = {
  StepRun: "StepRun",
  StepError: "StepError",
  StepFailed: "StepFailed",
  StepPlanned: "StepPlanned",
  Sleep: "Sleep",
  WaitForEvent: "WaitForEvent",
} as const;

export interface RunRequest {
  /** The step URL from the sync payload. */
  url: string;
  /** Hashed id of a planned step to run, or undefined to let the SDK run/discover. */
  stepId?: string;
  event: unknown;
  steps: Record<string, MemoEntry>;
  /** Hashed step ids in completion order. */
  stack: string[];
  runId: string;
  /** 0-based attempt of the current step (or of the function body). */
  attempt: number;
  maxAttempts: number;
}

export type RunResponse =
  | { kind: "done"; output: unknown }
  | { kind: "ops"; ops: Op[]; retryAfter: string | null }
  | { kind: "error"; status: number; error: unknown; noRetry: boolean; retryAfter: string | null };

/** The request the SDK expects for one invocation. */
export function buildRunRequest(r: RunRequest): Request {
  const url = new URL(r.url);
  url.searchParams.set("stepId", r.stepId ?? "step");
  const body = {
    event: r.event,
    events: [r.event],
    steps: r.steps,
    ctx: {
      run_id: r.runId,
      attempt: r.attempt,
      max_attempts: r.maxAttempts,
      disable_immediate_execution: false,
      use_api: false,
      stack: { stack: r.stack, current: Math.max(0, r.stack.length - 1) },
    },
    version: 2,
  };
  return new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { name: "Error", message: text.slice(0, 500) };
  }
}

/**
 * Invokes the serve handler in-process and classifies its answer. A handler that throws, or
 * an unexpected status, becomes a retriable `error`.
 */
export async function invokeFunction(handler: (req: Request) => Promise<Response>, r: RunRequest): Promise<RunResponse> {
  let res: Response;
  try {
    res = await handler(buildRunRequest(r));
  } catch (err) {
    return { kind: "error", status: 0, error: { name: "Error", message: `Serve handler threw: ${(err as Error).message}` }, noRetry: false, retryAfter: null };
  }
  const retryAfter = res.headers.get("retry-after");
  const noRetry = res.headers.get("x-inngest-no-retry") === "true";
  if (res.status === 200) return { kind: "done", output: await readJson(res) };
  if (res.status === 206) {
    const ops = await readJson(res);
    if (!Array.isArray(ops)) {
      return { kind: "error", status: 206, error: { name: "Error", message: "206 response without an op array" }, noRetry: false, retryAfter: null };
    }
    return { kind: "ops", ops: ops as Op[], retryAfter };
  }
  if (res.status >= 400) return { kind: "error", status: res.status, error: await readJson(res), noRetry, retryAfter };
  await res.body?.cancel();
  return {
    kind: "error",
    status: res.status,
    error: { name: "Error", message: `Unexpected serve handler status ${res.status} (streaming responses are not supported by the embedded executor)` },
    noRetry: true,
    retryAfter: null,
  };
}
