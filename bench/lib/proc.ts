/**
 * Process plumbing for the benchmark: free loopback ports, child processes in their own process
 * group (so stopping one ends everything it started), waiting for HTTP, and CPU accounting read
 * from /proc (Linux) for a process group or a process tree.
 */
import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import net from "node:net";

/** A free TCP port on 127.0.0.1 (the kernel picks it; released just before use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Group {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (or signal name) once the leader exits. */
  exited: Promise<number | string>;
}

const groups = new Set<number>();

/**
 * Starts `cmd args` as the leader of a new process group (detached), output appended to
 * `logFile`. `stopGroup` / `stopAllGroups` end the whole group.
 */
export function startGroup(cmd: string, args: string[], opts: SpawnOptions & { logFile: string }): Group {
  const log = createWriteStream(opts.logFile, { flags: "a" });
  const child = spawn(cmd, args, { ...opts, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  if (!child.pid) throw new Error(`could not start ${cmd}`);
  groups.add(child.pid);
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? "?")));
  return { child, pid: child.pid, exited };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** TERM to the group, up to `graceMs` for it to exit, then KILL whatever is left. */
export async function stopGroup(pgid: number, graceMs = 10_000): Promise<void> {
  groups.delete(pgid);
  try {
    process.kill(-pgid, "SIGTERM");
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    /* gone */
  }
}

/** Synchronous last resort (process "exit" handler): KILL every group still registered. */
export function killAllGroupsSync(): void {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  groups.clear();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `url` until it answers any HTTP status; throws after `timeoutMs` or when `exited` settles. */
export async function waitForHttp(url: string, timeoutMs: number, exited?: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited?.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(gone ? `the process serving ${url} exited` : `${url} did not answer within ${timeoutMs / 1000} s`);
}

// ---------------------------------------------------------------------------------------------
// CPU accounting from /proc/<pid>/stat: utime + stime in clock ticks (USER_HZ, 100 on Linux).

const CLK_TCK = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  ticks: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm may contain spaces and parentheses: fields start after the last ')'.
    const rest = s.slice(s.lastIndexOf(")") + 2).split(" ");
    // rest[0] = state (field 3), ppid field 4, pgrp field 5, utime field 14, stime field 15
    return { pid, ppid: Number(rest[1]), pgrp: Number(rest[2]), ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return null;
  }
}

function allStats(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const st = readStat(Number(name));
    if (st) out.push(st);
  }
  return out;
}

/** Which processes a CPU counter covers: a process group, or a process and its descendants. */
export type Target = { pgid: number } | { tree: number };

/** CPU ticks per process of a target. */
function ticksOf(target: Target, stats: ProcStat[]): Map<number, number> {
  const of = (list: ProcStat[]) => new Map(list.map((s) => [s.pid, s.ticks]));
  if ("pgid" in target) return of(stats.filter((s) => s.pgrp === target.pgid));
  const members = new Set([target.tree]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of stats) {
      if (!members.has(s.pid) && members.has(s.ppid)) {
        members.add(s.pid);
        grew = true;
      }
    }
  }
  return of(stats.filter((s) => members.has(s.pid)));
}

/** Busy and steal ticks of the whole machine (all cores) from /proc/stat. */
function systemTicks(): { busy: number; steal: number } {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice (guest is included in user)
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = f;
  return { busy: user + nice + system + irq + softirq, steal };
}

/**
 * CPU time of named targets between `start()` and `stop()`, as % of one core (200 % = both
 * cores of a 2-core machine). Counted per process: a process that exited in between (e.g. a
 * PostgreSQL backend closed by the pool) loses its share; one started in between counts whole.
 * `self` is this process (the load generator).
 */
export class CpuMeter {
  private t0 = 0;
  private base = new Map<string, Map<number, number>>();
  private self0 = process.cpuUsage();
  private sys0 = systemTicks();
  constructor(private readonly targets: Record<string, Target>) {}

  snapshot(): Map<string, Map<number, number>> {
    const stats = allStats();
    return new Map(Object.entries(this.targets).map(([k, t]) => [k, ticksOf(t, stats)]));
  }

  start(): void {
    this.t0 = performance.now();
    this.base = this.snapshot();
    this.self0 = process.cpuUsage();
    this.sys0 = systemTicks();
  }

  /**
   * % of one core per target since start(), plus `loadgen` (this process), `other` (every
   * other process of the machine: busy CPU not accounted to the targets or this process) and
   * `steal` (time the hypervisor gave to other machines).
   */
  stop(): Record<string, number> {
    const wallS = (performance.now() - this.t0) / 1000;
    const sys = systemTicks();
    const now = this.snapshot();
    const out: Record<string, number> = {};
    for (const [k, procs] of now) {
      const before = this.base.get(k) ?? new Map<number, number>();
      let ticks = 0;
      for (const [pid, t] of procs) ticks += Math.max(0, t - (before.get(pid) ?? 0));
      out[k] = round1((100 * ticks) / CLK_TCK / wallS);
    }
    const self = process.cpuUsage(this.self0);
    out.loadgen = round1((100 * (self.user + self.system)) / 1e6 / wallS);
    const busy = (100 * (sys.busy - this.sys0.busy)) / CLK_TCK / wallS;
    out.other = round1(Math.max(0, busy - Object.values(out).reduce((a, v) => a + v, 0)));
    out.steal = round1((100 * (sys.steal - this.sys0.steal)) / CLK_TCK / wallS);
    return out;
  }
}

/**
 * Waits until the targets together use less than `maxPct` % of one core over `windowMs`
 * (background work such as webhook fan-out has drained), at most `timeoutMs`.
 * @returns seconds waited and whether it went quiet.
 */
export async function waitQuiet(targets: Record<string, Target>, opts: { maxPct: number; windowMs: number; timeoutMs: number }) {
  const t0 = Date.now();
  const meter = new CpuMeter(targets);
  while (Date.now() - t0 < opts.timeoutMs) {
    meter.start();
    await sleep(opts.windowMs);
    const pct = meter.stop();
    const total = Object.entries(pct).reduce((a, [k, v]) => (["loadgen", "other", "steal"].includes(k) ? a : a + v), 0);
    if (total < opts.maxPct) return { waitedS: round1((Date.now() - t0) / 1000), quiet: true };
  }
  return { waitedS: round1((Date.now() - t0) / 1000), quiet: false };
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
