/**
 * Starts the Inngest side of the app process: the outbox relay always, and in embedded mode
 * (no INNGEST_* server variables) the embedded executor with the app's functions. One instance
 * per process, kept on `globalThis` because Next bundles modules more than once.
 */
import { getDb } from "../server/db";
import { env, usesInngestServer } from "../server/env";
import { createExecutor, type Executor } from "./executor/executor";
import { postgresWakeChannel } from "./executor/wakeups";
import { startRelay, stopRelay } from "./relay";
import { inngestHandler } from "./serve";

interface Workers {
  executor?: Executor;
}

const g = globalThis as unknown as { __kycInngestWorkers?: Promise<Workers> };

/**
 * Starts the relay and, in embedded mode, the executor. A second call in the same process is a
 * no-op (it returns the first call's promise).
 * @throws what the executor's `start()` throws (e.g. a function uses an unsupported feature).
 */
export function startInngestWorkers(): Promise<void> {
  g.__kycInngestWorkers ??= (async (): Promise<Workers> => {
    let executor: Executor | undefined;
    if (!usesInngestServer()) {
      executor = createExecutor({
        db: await getDb(),
        handler: inngestHandler,
        options: { concurrency: env.INNGEST_EXECUTOR_CONCURRENCY, pollIntervalMs: env.INNGEST_EXECUTOR_POLL_MS, maxIdleMs: env.INNGEST_IDLE_POLL_MAX_MS },
        ...(env.DATABASE_URL ? { wakeups: postgresWakeChannel(env.DATABASE_URL) } : {}),
      });
      await executor.start();
    }
    startRelay({ maxIdleMs: env.INNGEST_IDLE_POLL_MAX_MS });
    return executor ? { executor } : {};
  })().catch((err: unknown) => {
    g.__kycInngestWorkers = undefined;
    throw err;
  });
  return g.__kycInngestWorkers.then(() => undefined);
}

/** Stops the relay, then the executor (in-flight invocations finish first). */
export async function stopInngestWorkers(): Promise<void> {
  const workers = g.__kycInngestWorkers;
  g.__kycInngestWorkers = undefined;
  if (!workers) return;
  const { executor } = await workers.catch(() => ({}) as Workers);
  await stopRelay();
  await executor?.stop();
}
