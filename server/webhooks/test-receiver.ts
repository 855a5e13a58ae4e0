/**
 * A webhook receiver on loopback for tests and the benchmark: records every request (raw body,
 * headers, arrival time, the status answered) and answers per path, else from a script of
 * behaviours (status and body, a hang longer than the sender's time limit, a redirect), then
 * with the default behaviour.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `Date.now()` when the whole body had arrived. */
  receivedAt: number;
  /** The status answered, or null while (or because) the request hangs. */
  answered: number | null;
}

export type Behaviour = { status: number; body?: string; headers?: Record<string, string> } | { hang: true };

export interface TestReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedRequest[];
  /** Answers the next requests with these behaviours, in order. */
  script(...behaviours: Behaviour[]): void;
  /** The behaviour once the script is used up (default 200 "ok"). */
  setDefault(b: Behaviour): void;
  /** Requests to `path` always get `b` (before the script and the default). */
  onPath(path: string, b: Behaviour): void;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 on a free port. */
export async function startTestReceiver(): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  const queue: Behaviour[] = [];
  let fallback: Behaviour = { status: 200, body: "ok" };
  const hanging = new Set<ServerResponse>();
  const byPath = new Map<string, Behaviour>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const b = byPath.get(req.url ?? "") ?? queue.shift() ?? fallback;
      const entry: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
        answered: null,
      };
      received.push(entry);
      if ("hang" in b) {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      entry.answered = b.status;
      res.writeHead(b.status, { "content-type": "text/plain", ...b.headers }).end(b.body ?? "");
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    script: (...b) => void queue.push(...b),
    setDefault: (b) => void (fallback = b),
    onPath: (path, b) => void byPath.set(path, b),
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
