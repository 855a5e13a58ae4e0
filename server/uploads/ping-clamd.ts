/**
 * Liveness of a ClamAV daemon: clamd(8) `zPING` (commands prefixed by `z` are NUL-terminated),
 * answered `PONG`. Used by the readiness probe (GET /readyz), the demo and the tests' clamd.
 */
import net from "node:net";
import type { ClamdAddress } from "./upload-config";

/**
 * Sends `zPING` to clamd at `address` and waits for `PONG`.
 * @returns true on PONG; false on any error, another answer, or no answer within `timeoutMs`.
 */
export function pingClamd(address: ClamdAddress, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = "socket" in address ? net.createConnection({ path: address.socket }) : net.createConnection({ host: address.host, port: address.port });
    let reply = "";
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.on("error", () => done(false));
    sock.on("connect", () => sock.write("zPING\0"));
    sock.on("data", (d) => {
      reply += d.toString("latin1");
      if (reply.includes("\0")) done(reply.startsWith("PONG"));
    });
    sock.on("end", () => done(reply.startsWith("PONG")));
  });
}
