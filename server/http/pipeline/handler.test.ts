import { describe, expect, it, vi } from "vitest";
import { DomainError } from "../../errors";
import { type IdempotencyClaim, IdempotencyKeyTaken } from "../../idempotency-claim";
import { sql } from "../../sql";
import { runHandler } from "./handler";

const claim: IdempotencyClaim = { claimSql: () => sql`SELECT 1` };
const stored = { status: 201, headers: {}, body: "{}" };

/** A handler that throws `failures` in turn, then returns "done"; records the claim of each call. */
function handler(...failures: Error[]) {
  const calls: (IdempotencyClaim | undefined)[] = [];
  const call = async (idempotency?: IdempotencyClaim) => {
    calls.push(idempotency);
    const failure = failures.shift();
    if (failure) throw failure;
    return "done";
  };
  return { call, calls };
}

describe("runHandler", () => {
  it("calls the handler once without a claim when the endpoint has no atomic key", async () => {
    const h = handler();
    expect(await runHandler(h.call, null)).toEqual({ result: "done" });
    expect(h.calls).toEqual([undefined]);
  });

  it("hands the claim to the handler", async () => {
    const h = handler();
    const claimFirst = vi.fn();
    expect(await runHandler(h.call, { claim, claimFirst })).toEqual({ result: "done" });
    expect(h.calls).toEqual([claim]);
    expect(claimFirst).not.toHaveBeenCalled();
  });

  it("replays the key's stored response when the handler found the key taken", async () => {
    const h = handler(new IdempotencyKeyTaken());
    expect(await runHandler(h.call, { claim, claimFirst: async () => stored })).toEqual({ replay: stored });
    expect(h.calls).toEqual([claim]);
  });

  it("runs again without the claim when the taken key was released meanwhile and is now held", async () => {
    const h = handler(new IdempotencyKeyTaken());
    expect(await runHandler(h.call, { claim, claimFirst: async () => null })).toEqual({ result: "done" });
    expect(h.calls).toEqual([claim, undefined]);
  });

  it("claims the key before rethrowing a DomainError (so it is stored), or replays", async () => {
    const missing = new DomainError("resource_missing", "No such workflow");
    const claimFirst = vi.fn(async () => null);
    await expect(runHandler(handler(missing).call, { claim, claimFirst })).rejects.toBe(missing);
    expect(claimFirst).toHaveBeenCalledOnce();
    expect(await runHandler(handler(missing).call, { claim, claimFirst: async () => stored })).toEqual({ replay: stored });
  });

  it("rethrows any other error without claiming the key", async () => {
    const boom = new Error("boom");
    const claimFirst = vi.fn();
    await expect(runHandler(handler(boom).call, { claim, claimFirst })).rejects.toBe(boom);
    expect(claimFirst).not.toHaveBeenCalled();
  });
});
