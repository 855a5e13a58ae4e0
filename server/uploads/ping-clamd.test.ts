import net from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pingClamd } from "./ping-clamd";

const dir = mkdtempSync(path.join(tmpdir(), "ping-clamd-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A unix-socket server answering each connection's first data with `answer`. */
function fakeClamd(name: string, answer: string | null): Promise<{ socket: string; close: () => void }> {
  const socket = path.join(dir, name);
  const srv = net.createServer((c) => c.once("data", () => (answer === null ? undefined : c.end(answer))));
  return new Promise((resolve) => srv.listen(socket, () => resolve({ socket, close: () => srv.close() })));
}

describe("pingClamd", () => {
  it("is true only for PONG", async () => {
    const up = await fakeClamd("up.sock", "PONG\0");
    const wrong = await fakeClamd("wrong.sock", "UNKNOWN COMMAND\0");
    expect(await pingClamd({ socket: up.socket })).toBe(true);
    expect(await pingClamd({ socket: wrong.socket })).toBe(false);
    up.close();
    wrong.close();
  });

  it("is false when nothing listens or the daemon does not answer in time", async () => {
    expect(await pingClamd({ socket: path.join(dir, "absent.sock") })).toBe(false);
    const mute = await fakeClamd("mute.sock", null);
    const t0 = Date.now();
    expect(await pingClamd({ socket: mute.socket }, 300)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(2000);
    mute.close();
  });
});
