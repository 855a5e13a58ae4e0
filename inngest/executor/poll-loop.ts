/**
 * The embedded executor's worker loop. While runs execute or a poll claimed one, it polls every
 * `pollMs`. While idle it backs off: the wait doubles from `pollMs` up to `maxIdleMs`, and is cut
 * short to the next known due time (a sleep ending, a retry, a waiter's timeout, a cron tick, an
 * expired lease: `PollRound.dueInMs`). `wake()` starts the next poll at once: it is called after
 * events are stored, when a run finishes and on a database notification (./wakeups.ts), so new
 * work is never left waiting for the backoff. `idle()` resolves once a whole poll found nothing
 * to claim while nothing was executing.
 */

/** What one poll did; the poll function fills it in. */
export interface PollRound {
  /** A run was claimed in this poll (so the executor was not idle). */
  claimedAny: boolean;
  /**
   * Milliseconds until the earliest scheduled work of this process comes due (<= 0: due but not
   * claimable now, e.g. its concurrency key is full); unset when nothing is scheduled.
   */
  dueInMs?: number;
}

interface IdleWaiter {
  /** The poll counter when `idle()` was called: only a later poll can resolve it. */
  afterTick: number;
  resolve: () => void;
}

/** The loop's state: whether it runs, its poll counter, a pending wake-up and the `idle()` callers. */
export class PollLoop {
  private running = false;
  private done: Promise<void> | undefined;
  private tick = 0;
  private wakePending = false;
  private interruptSleep: (() => void) | undefined;
  private idleWaiters: IdleWaiter[] = [];
  /** The current idle wait, doubling from `pollMs` to `maxIdleMs` while polls find nothing. */
  private idleMs: number;

  /**
   * @param pollMs milliseconds between polls while runs execute.
   * @param maxIdleMs longest wait between polls while idle (the backoff's cap).
   * @param poll one poll; a thrown error is logged and the loop goes on.
   * @param busy whether runs are still executing (a poll then never counts as idle).
   */
  constructor(
    private readonly pollMs: number,
    private readonly maxIdleMs: number,
    private readonly poll: (round: PollRound) => Promise<void>,
    private readonly busy: () => boolean,
  ) {
    this.idleMs = pollMs;
  }

  /** True from `start()` until `stop()`. */
  get isRunning(): boolean {
    return this.running;
  }

  /** Starts polling (the first poll begins at once). */
  start(): void {
    this.running = true;
    this.done = this.loop();
  }

  /** Ends the loop: wakes it and waits for the poll in progress to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.done;
  }

  /** Starts the next poll now instead of after the poll interval (and ends the idle backoff). */
  wake(): void {
    this.wakePending = true;
    this.idleMs = this.pollMs;
    this.interruptSleep?.();
  }

  /** Resolves once a poll after this call found nothing due and nothing executing. Rejects after `timeoutMs`. */
  idle(timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Executor not idle after ${timeoutMs} ms`)), timeoutMs);
      this.idleWaiters.push({
        afterTick: this.tick,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      this.wake();
    });
  }

  /** Resolves every pending `idle()` (after `stop()`: nothing will run any more). */
  releaseIdleWaiters(): void {
    for (const w of this.idleWaiters) w.resolve();
    this.idleWaiters = [];
  }

  private notifyIdle(): void {
    const ready = this.idleWaiters.filter((w) => this.tick > w.afterTick);
    this.idleWaiters = this.idleWaiters.filter((w) => this.tick <= w.afterTick);
    for (const w of ready) w.resolve();
  }

  /** Waits `ms`, or less when `wake()` is called meanwhile (not at all when it was called since the poll began). */
  private sleep(ms: number): Promise<void> {
    if (this.wakePending) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.interruptSleep = done;
    });
  }

  /** The wait after a poll: `pollMs` while active; while idle the backoff, cut to the next due time. */
  private nextWait(round: PollRound): number {
    if (round.claimedAny || this.busy()) {
      this.idleMs = this.pollMs;
      return this.pollMs;
    }
    if (!this.wakePending) this.notifyIdle();
    const wait = Math.min(this.idleMs, round.dueInMs !== undefined && round.dueInMs > 0 ? Math.ceil(round.dueInMs) : Infinity);
    this.idleMs = Math.min(this.idleMs * 2, this.maxIdleMs);
    return wait;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.tick++;
      this.wakePending = false;
      const round: PollRound = { claimedAny: false };
      try {
        await this.poll(round);
      } catch (err) {
        console.error("[inngest-executor] polling failed:", err);
      }
      await this.sleep(this.nextWait(round));
    }
  }
}
