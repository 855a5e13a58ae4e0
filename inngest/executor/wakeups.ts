/**
 * Wake-ups of the embedded executor across processes (issue 17, "quiet when idle"). Several app
 * processes on one PostgreSQL: the process that stores events also runs `NOTIFY` in the same
 * transaction (delivered at commit), and every executor `LISTEN`s on one channel and polls at
 * once when notified, so an idle executor can back off without delaying new work. PGlite is
 * single-process: storing events wakes the executor in-process (executor.ts), nothing else is
 * needed.
 */
import pg from "pg";
import type { Sql } from "./store";

/** The PostgreSQL notification channel of the embedded executor. */
export const WAKE_CHANNEL = "kyc_inngest_executor";

/** A way to wake the executors of other processes. */
export interface WakeChannel {
  /** Announces new work to every listener; runs in the caller's transaction (delivered at commit). */
  notify(sql: Sql): Promise<void>;
  /**
   * Starts listening: `onWake` is called on each notification and after every (re)connection,
   * since notifications sent while disconnected are lost.
   * @returns a function that stops listening.
   */
  listen(onWake: () => void): Promise<() => Promise<void>>;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN/NOTIFY on `connectionString`: one dedicated connection per process (a session: not
 * through a transaction-pooling proxy such as PgBouncer in transaction mode), connected again
 * with backoff from 0.5 to 30 s when it drops or cannot connect; errors are logged, never
 * thrown, and the executor's polls go on meanwhile.
 */
export function postgresWakeChannel(connectionString: string): WakeChannel {
  return {
    async notify(sql) {
      await sql.$executeRawUnsafe(`SELECT pg_notify('${WAKE_CHANNEL}', '')`);
    },
    async listen(onWake) {
      let stopped = false;
      let client: pg.Client | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let delay = RECONNECT_MIN_MS;

      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString });
        let lost = false;
        const drop = (reason: string) => {
          if (lost) return;
          lost = true;
          if (client === c) client = undefined;
          c.removeAllListeners();
          c.on("error", () => undefined);
          void c.end().catch(() => undefined);
          if (!stopped) {
            console.error(`[inngest-executor] wake-up connection lost (${reason}); reconnecting in ${delay} ms.`);
            scheduleConnect();
          }
        };
        c.on("notification", () => onWake());
        c.on("error", (err) => drop(err.message));
        c.on("end", () => drop("closed"));
        try {
          await c.connect();
          await c.query(`LISTEN ${WAKE_CHANNEL}`);
        } catch (err) {
          lost = true;
          c.removeAllListeners();
          void c.end().catch(() => undefined);
          throw err;
        }
        client = c;
        delay = RECONNECT_MIN_MS;
        onWake();
      };
      const scheduleConnect = () => {
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = undefined;
          connect().catch((err: unknown) => {
            delay = Math.min(delay * 2, RECONNECT_MAX_MS);
            console.error(`[inngest-executor] wake-up connection failed (${(err as Error).message}); next try in ${delay} ms.`);
            scheduleConnect();
          });
        }, delay);
      };

      // the database may not answer yet at start: keep trying in the background (polls go on meanwhile)
      await connect().catch((err: unknown) => {
        console.error(`[inngest-executor] wake-up connection failed (${(err as Error).message}); next try in ${delay} ms.`);
        scheduleConnect();
      });
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const c = client;
        client = undefined;
        c?.removeAllListeners();
        await c?.end().catch(() => undefined);
      };
    },
  };
}
