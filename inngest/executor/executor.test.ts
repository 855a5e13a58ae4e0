/**
 * Contract test of the embedded executor: real `inngest` functions, served by the SDK's own
 * serve() handler, run through the executor on an embedded PGlite database (one per test file,
 * tests/fixtures/unit-setup.ts). Events go through the app's client (`inngest.send`), exactly
 * the path the outbox relay and step.sendEvent take.
 */
import { createHash } from "node:crypto";
import type { NextRequest } from "next/server";
import { type InngestFunction, NonRetriableError, RetryAfterError } from "inngest";
import { serve } from "inngest/next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Embedded mode, whatever the developer's shell exports.
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import { type Db, getDb, getSql } from "../../server/db";
import { applyMigrations } from "../../server/db/migrate";
import { inngest } from "../client";
import { UnsupportedFeatureError } from "./config";
import { createExecutor, type Executor, type ExecutorOptions } from "./executor";
import { backoffDelay } from "./time";
import { waitFor } from "~/tests/fixtures/wait-for";

let db: Db;

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
});

afterAll(async () => {
  // closeDb() runs in the shared setup file.
});

function handlerFor(functions: InngestFunction.Any[]) {
  const serveHandler = serve({ client: inngest, functions });
  return (req: Request) => serveHandler(req as NextRequest, undefined);
}

/** Runs `body` with an executor serving `functions`; always stops it. */
async function withExecutor<T>(functions: InngestFunction.Any[], body: (ex: Executor) => Promise<T>, options: ExecutorOptions = {}): Promise<T> {
  const ex = createExecutor({
    db,
    handler: handlerFor(functions),
    options: { pollIntervalMs: 20, backoffBaseMs: 10, backoffMaxMs: 40, ...options },
  });
  await ex.start();
  try {
    return await body(ex);
  } finally {
    await ex.stop();
  }
}

const fullId = (id: string) => `kyc-service-${id}`;

function runsOf(id: string) {
  return db.inngestRun.findMany({ where: { functionId: fullId(id) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

async function finishedRun(id: string, index = 0) {
  return waitFor(async () => {
    const run = (await runsOf(id))[index];
    return run && (run.status === "completed" || run.status === "failed") ? run : undefined;
  }, `a finished run of ${id}`);
}

describe("step.run memoization", () => {
  it("runs each step's side effect once although the SDK re-invokes the handler per step", async () => {
    const effects = { a: 0, b: 0, c: 0, handler: 0 };
    const fn = inngest.createFunction({ id: "memo", triggers: [{ event: "test/memo" }] }, async ({ step }) => {
      effects.handler++;
      const a = await step.run("a", () => {
        effects.a++;
        return 1;
      });
      const b = await step.run("b", () => {
        effects.b++;
        return a + 1;
      });
      const c = await step.run("c", () => {
        effects.c++;
        return { sum: a + b };
      });
      return { a, b, c };
    });
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/memo", data: {} });
      await ex.settled();
    });
    const [run] = await runsOf("memo");
    expect(run?.status).toBe("completed");
    expect(run?.output).toEqual({ a: 1, b: 2, c: { sum: 3 } });
    expect({ a: effects.a, b: effects.b, c: effects.c }).toEqual({ a: 1, b: 1, c: 1 });
    expect(effects.handler).toBe(4); // one invocation per step plus the final one
    const stack = run?.stack as string[];
    expect(stack).toEqual(["a", "b", "c"].map((id) => createHash("sha1").update(id).digest("hex")));
  });
});

describe("retries", () => {
  it("retries a failing step with backoff until it succeeds", async () => {
    const attempts: number[] = [];
    const fn = inngest.createFunction({ id: "flaky", triggers: [{ event: "test/flaky" }], retries: 3 }, async ({ step, attempt }) => {
      return step.run("call-provider", () => {
        attempts.push(attempt);
        if (attempts.length < 3) throw new Error("provider unavailable");
        return "ok";
      });
    });
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/flaky", data: {} });
      await ex.settled();
    });
    const [run] = await runsOf("flaky");
    expect(run?.status).toBe("completed");
    expect(run?.output).toBe("ok");
    expect(run?.error).toBeNull();
    expect(attempts).toEqual([0, 1, 2]);
  });

  it("honours `retries`: a step that always fails runs retries + 1 times, then the run fails", async () => {
    let calls = 0;
    const fn = inngest.createFunction({ id: "exhausted", triggers: [{ event: "test/exhausted" }], retries: 2 }, async ({ step }) => {
      await step.run("always-fails", () => {
        calls++;
        throw new Error("still down");
      });
      return "unreachable";
    });
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/exhausted", data: {} });
      await ex.settled();
    });
    const [run] = await runsOf("exhausted");
    expect(run?.status).toBe("failed");
    expect(calls).toBe(3);
    expect(JSON.stringify(run?.error)).toContain("still down");
  });

  it("fails the run at once on NonRetriableError and calls onFailure", async () => {
    let calls = 0;
    const failures: string[] = [];
    const fn = inngest.createFunction(
      {
        id: "non-retriable",
        triggers: [{ event: "test/non-retriable" }],
        retries: 5,
        onFailure: async ({ error, event }) => {
          failures.push(`${error.message} / ${event.data.function_id}`);
        },
      },
      async ({ step }) => {
        await step.run("validate", () => {
          calls++;
          throw new NonRetriableError("document is invalid");
        });
      },
    );
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/non-retriable", data: {} });
      await ex.settled();
    });
    const [run] = await runsOf("non-retriable");
    expect(run?.status).toBe("failed");
    expect(calls).toBe(1);
    expect(JSON.stringify(run?.error)).toContain("document is invalid");
    expect(failures).toEqual([`document is invalid / ${fullId("non-retriable")}`]);
    const [failureRun] = await runsOf("non-retriable-failure");
    expect(failureRun?.status).toBe("completed");
  });

  it("waits for RetryAfterError's delay instead of the backoff", async () => {
    let calls = 0;
    const fn = inngest.createFunction({ id: "retry-after", triggers: [{ event: "test/retry-after" }], retries: 3 }, async ({ step }) =>
      step.run("rate-limited", () => {
        calls++;
        if (calls === 1) throw new RetryAfterError("slow down", "10m");
        return calls;
      }),
    );
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/retry-after", data: {} });
      const run = await waitFor(async () => (await runsOf("retry-after")).find((r) => r.status === "retrying"), "retrying");
      // backoffMaxMs is 40 ms here, so a far next_run_at can only come from retry-after.
      expect(run.nextRunAt.getTime() - run.updatedAt.getTime()).toBeGreaterThan(9 * 60_000);
      await db.inngestRun.update({ where: { id: run.id }, data: { nextRunAt: new Date(0) } });
      ex.kick();
      await ex.settled();
    });
    const [run] = await runsOf("retry-after");
    expect(run?.status).toBe("completed");
    expect(run?.output).toBe(2);
  });

  it("computes exponential backoff with jitter", () => {
    expect(backoffDelay(0, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(0, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, () => 0)).toBe(4000);
    expect(backoffDelay(3, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffDelay(20, 1000, 60_000, () => 1)).toBe(60_000);
  });
});

describe("step.sleep", () => {
  it("parks the run until the sleep ends, then continues after it", async () => {
    const effects: string[] = [];
    const fn = inngest.createFunction({ id: "sleeper", triggers: [{ event: "test/sleeper" }] }, async ({ step }) => {
      await step.run("before", () => effects.push("before"));
      await step.sleep("nap", "1h");
      await step.run("after", () => effects.push("after"));
      return "woke";
    });
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/sleeper", data: {} });
      const sleeping = await waitFor(async () => (await runsOf("sleeper")).find((r) => r.status === "sleeping"), "sleeping");
      await ex.idle();
      expect(effects).toEqual(["before"]);
      expect(sleeping.nextRunAt.getTime() - sleeping.updatedAt.getTime()).toBeGreaterThan(59 * 60_000);
      // Let the hour pass.
      await db.inngestRun.update({ where: { id: sleeping.id }, data: { nextRunAt: new Date(0) } });
      ex.kick();
      await ex.settled();
    });
    const [run] = await runsOf("sleeper");
    expect(run?.status).toBe("completed");
    expect(run?.output).toBe("woke");
    expect(effects).toEqual(["before", "after"]);
  });

  it("sleeps for real through step.sleep", async () => {
    const fn = inngest.createFunction({ id: "short-sleep", triggers: [{ event: "test/short-sleep" }] }, async ({ step }) => {
      await step.sleep("tick", "1s");
      return "done";
    });
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/short-sleep", data: {} });
      await ex.settled();
    });
    expect((await runsOf("short-sleep"))[0]?.output).toBe("done");
  });
});

describe("step.waitForEvent", () => {
  const fn = inngest.createFunction({ id: "approval", triggers: [{ event: "test/approval.requested" }] }, async ({ event, step }) => {
    const reply = await step.waitForEvent("wait-for-approval", {
      event: "test/approval.given",
      match: "data.requestId",
      timeout: event.data.timeout as string,
    });
    return reply ? { approvedBy: reply.data.by } : "timed-out";
  });

  it("resumes with the matching event and ignores events that do not match", async () => {
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/approval.requested", data: { requestId: "r1", timeout: "1h" } });
      await waitFor(async () => (await runsOf("approval")).find((r) => r.status === "waiting"), "waiting");
      await inngest.send({ name: "test/approval.given", data: { requestId: "other", by: "mallory" } });
      await ex.idle();
      expect((await runsOf("approval"))[0]?.status).toBe("waiting");
      await inngest.send({ name: "test/approval.given", data: { requestId: "r1", by: "alice" } });
      await ex.settled();
    });
    const [run] = await runsOf("approval");
    expect(run?.status).toBe("completed");
    expect(run?.output).toEqual({ approvedBy: "alice" });
    expect(await db.inngestWaiter.count()).toBe(0);
  });

  it("resumes with null when the timeout passes", async () => {
    await withExecutor([fn], async (ex) => {
      await inngest.send({ name: "test/approval.requested", data: { requestId: "r2", timeout: "1s" } });
      await ex.settled();
    });
    const run = (await runsOf("approval"))[1];
    expect(run?.status).toBe("completed");
    expect(run?.output).toBe("timed-out");
  });

  it("supports `if` equalities and fails loudly on other expressions", async () => {
    const withIf = inngest.createFunction({ id: "wait-if", triggers: [{ event: "test/wait-if" }] }, async ({ event, step }) => {
      const got = await step.waitForEvent("wait", { event: "test/wait-if.reply", if: event.data.expr as string, timeout: "1h" });
      return got?.data.ref ?? null;
    });
    await withExecutor([withIf], async (ex) => {
      await inngest.send({ name: "test/wait-if", data: { id: "a", expr: "event.data.id == async.data.ref" } });
      await inngest.send({ name: "test/wait-if", data: { id: "b", expr: "async.data.amount > 5" } });
      await waitFor(async () => (await runsOf("wait-if")).some((r) => r.status === "waiting"), "waiting");
      await inngest.send({ name: "test/wait-if.reply", data: { ref: "a" } });
      await ex.settled();
    });
    const runs = await runsOf("wait-if");
    const byId = Object.fromEntries(runs.map((r) => [(r.event as { data: { id: string } }).data.id, r]));
    expect(byId.a?.status).toBe("completed");
    expect(byId.a?.output).toBe("a");
    expect(byId.b?.status).toBe("failed");
    expect(JSON.stringify(byId.b?.error)).toContain("Unsupported Inngest expression");
  });
});

describe("events", () => {
  it("step.sendEvent triggers other functions, wildcard triggers match, and event ids are deduplicated", async () => {
    const seen: number[] = [];
    const parent = inngest.createFunction({ id: "parent", triggers: [{ event: "test/parent" }] }, async ({ step }) => {
      await step.sendEvent("spawn-children", [
        { name: "test/child.created", data: { n: 1 } },
        { name: "test/child.created", data: { n: 2 } },
      ]);
      return "sent";
    });
    const child = inngest.createFunction({ id: "child", triggers: [{ event: "test/child.*" }] }, async ({ event, step }) =>
      step.run("record", () => {
        seen.push(event.data.n as number);
        return event.data.n as number;
      }),
    );
    await withExecutor([parent, child], async (ex) => {
      await inngest.send({ id: "parent-1", name: "test/parent", data: {} });
      await inngest.send({ id: "parent-1", name: "test/parent", data: {} }); // same id: ignored
      await ex.settled();
    });
    expect((await runsOf("parent")).map((r) => r.status)).toEqual(["completed"]);
    const children = await runsOf("child");
    expect(children.map((r) => r.status)).toEqual(["completed", "completed"]);
    expect(seen.sort()).toEqual([1, 2]);
  });

  it("fires cron triggers", async () => {
    const fn = inngest.createFunction({ id: "every-second", triggers: [{ cron: "* * * * * *" }] }, async ({ event }) => event.name);
    await withExecutor([fn], async () => {
      await finishedRun("every-second");
    });
    const [run] = await runsOf("every-second");
    expect(run?.status).toBe("completed");
    expect(run?.output).toBe("inngest/scheduled.timer");
    expect(await db.inngestCron.findUnique({ where: { functionId: fullId("every-second") } })).toMatchObject({ cron: "* * * * * *" });
  });
});

describe("concurrency and leases", () => {
  it("honours a keyed concurrency limit", async () => {
    let active = 0;
    let maxActive = 0;
    const fn = inngest.createFunction(
      { id: "limited", triggers: [{ event: "test/limited" }], concurrency: { key: "event.data.projectId", limit: 1 } },
      async ({ step }) =>
        step.run("work", async () => {
          active++;
          maxActive = Math.max(maxActive, active);
          await new Promise((r) => setTimeout(r, 30));
          active--;
        }),
    );
    await withExecutor(
      [fn],
      async (ex) => {
        await inngest.send([1, 2, 3, 4].map(() => ({ name: "test/limited", data: { projectId: "proj_1" } })));
        await ex.settled();
      },
      { concurrency: 4 },
    );
    expect((await runsOf("limited")).map((r) => r.status)).toEqual(["completed", "completed", "completed", "completed"]);
    expect(maxActive).toBe(1);
  });

  it("takes over a run whose worker died mid-step once the lease expires, without repeating finished steps", async () => {
    const effects = { a: 0, b: 0 };
    const fn = inngest.createFunction({ id: "orphan", triggers: [{ event: "test/orphan" }] }, async ({ step }) => {
      const a = await step.run("a", () => {
        effects.a++;
        return "fresh";
      });
      const b = await step.run("b", () => {
        effects.b++;
        return "b";
      });
      return `${a}+${b}`;
    });
    const hashA = createHash("sha1").update("a").digest("hex");
    // A dead worker claimed the run, memoized step "a" and died while running "b".
    await db.$executeRawUnsafe(
      `INSERT INTO inngest_runs (id, function_id, event_id, event, status, steps, stack, locked_until, lease_id, updated_at)
       VALUES ('run_orphan', $1, 'evt_orphan', $2::jsonb, 'queued', $3::jsonb, $4::jsonb,
               (now() AT TIME ZONE 'UTC') + interval '1500 milliseconds', 'dead-worker', now() AT TIME ZONE 'UTC')`,
      fullId("orphan"),
      JSON.stringify({ id: "evt_orphan", name: "test/orphan", data: {}, ts: Date.now() }),
      JSON.stringify({ [hashA]: { type: "data", data: "memoized" } }),
      JSON.stringify([hashA]),
    );
    await withExecutor([fn], async (ex) => {
      await ex.idle();
      expect((await db.inngestRun.findUnique({ where: { id: "run_orphan" } }))?.status).toBe("queued");
      await ex.settled();
    });
    const run = await db.inngestRun.findUnique({ where: { id: "run_orphan" } });
    expect(run?.status).toBe("completed");
    expect(run?.output).toBe("memoized+b");
    expect(effects).toEqual({ a: 0, b: 1 });
  });
});

describe("quiet when idle", () => {
  it("backs off while idle, yet runs the first step of a sent event at once", async () => {
    let stepAt = 0;
    const fn = inngest.createFunction({ id: "prompt", triggers: [{ event: "test/prompt" }] }, async ({ step }) => {
      await step.run("first", () => (stepAt = performance.now()));
      return "ok";
    });
    let claims = 0;
    const counting = new Proxy(db, {
      get: (target, key, receiver) =>
        key === "$queryRawUnsafe"
          ? (query: string, ...params: unknown[]) => {
              if (query.includes("FOR UPDATE OF r SKIP LOCKED")) claims++;
              return target.$queryRawUnsafe(query, ...params);
            }
          : Reflect.get(target, key, receiver),
    });
    const ex = createExecutor({ db: counting, handler: handlerFor([fn]), options: { pollIntervalMs: 50, maxIdleMs: 60_000 } });
    await ex.start();
    try {
      await new Promise((r) => setTimeout(r, 2_000));
      // 50 ms fixed would be 40 polls; backing off (50, 100, 200, 400, 800 ms...) is about 6
      expect(claims).toBeLessThanOrEqual(8);
      const sentAt = performance.now();
      await inngest.send({ name: "test/prompt", data: {} });
      await waitFor(async () => stepAt, "the first step", 5_000);
      // the idle wait had grown past 1.6 s: the send woke the loop instead
      expect(stepAt - sentAt).toBeLessThan(500);
      await ex.settled();
    } finally {
      await ex.stop();
    }
  });

  it("wakes for a sleep's end, however long the idle wait", async () => {
    const fn = inngest.createFunction({ id: "idle-sleeper", triggers: [{ event: "test/idle-sleeper" }] }, async ({ step }) => {
      await step.sleep("nap", "1s");
      return "woke";
    });
    await withExecutor(
      [fn],
      async (ex) => {
        await inngest.send({ name: "test/idle-sleeper", data: {} });
        const sleeping = await waitFor(async () => (await runsOf("idle-sleeper")).find((r) => r.status === "sleeping"), "sleeping");
        await ex.settled(5_000);
        const [run] = await runsOf("idle-sleeper");
        expect(run?.output).toBe("woke");
        // resumed when the second ended (plus a poll), not after the 60 s idle cap
        expect(run!.finishedAt!.getTime() - sleeping.updatedAt.getTime()).toBeLessThan(2_500);
      },
      { pollIntervalMs: 50, maxIdleMs: 60_000 },
    );
  });
});

describe("unsupported features fail loudly", () => {
  it("fails a run that uses an unsupported op", async () => {
    const target = inngest.createFunction({ id: "invoke-target", triggers: [{ event: "test/never" }] }, async () => "x");
    const fn = inngest.createFunction({ id: "invoker", triggers: [{ event: "test/invoker" }] }, async ({ step }) =>
      step.invoke("call", { function: target, data: {} }),
    );
    await withExecutor([fn, target], async (ex) => {
      await inngest.send({ name: "test/invoker", data: {} });
      await ex.settled();
    });
    const [run] = await runsOf("invoker");
    expect(run?.status).toBe("failed");
    expect(JSON.stringify(run?.error)).toContain("InvokeFunction");
  });

  it("refuses to start with an unsupported function option", async () => {
    const fn = inngest.createFunction({ id: "rate-limited", triggers: [{ event: "test/rl" }], rateLimit: { limit: 1, period: "1m" } }, async () => "x");
    const ex = createExecutor({ db, handler: handlerFor([fn]) });
    await expect(ex.start()).rejects.toBeInstanceOf(UnsupportedFeatureError);
  });
});
