import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ScannerUnavailableError, scanBytes } from "./scan-bytes";
import { parseEnv } from "../env";
import { scannerConfig } from "./upload-config";

/** A loopback TCP server that plays a broken clamd. */
async function fakeClamd(onConnection: (socket: net.Socket) => void): Promise<net.Server> {
  const server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return server;
}
const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});
const tcp = (server: net.Server, timeoutMs = 300) => ({
  clamd: { host: "127.0.0.1", port: (server.address() as net.AddressInfo).port },
  timeoutMs,
  skipTestMode: false,
});

describe("scanBytes never mistakes a missing verdict for a clean file", () => {
  it("no clamd configured", async () => {
    await expect(scanBytes(Buffer.from("x"), { clamd: null, timeoutMs: 100, skipTestMode: false })).rejects.toBeInstanceOf(ScannerUnavailableError);
  });

  it("nothing listens", async () => {
    const server = await fakeClamd(() => {});
    const config = tcp(server);
    await new Promise((r) => server.close(r));
    await expect(scanBytes(Buffer.from("x"), config)).rejects.toBeInstanceOf(ScannerUnavailableError);
  });

  it("clamd accepts but never answers (idle timeout)", async () => {
    const server = await fakeClamd((s) => s.on("data", () => {}));
    const started = Date.now();
    await expect(scanBytes(Buffer.from("x"), tcp(server))).rejects.toThrow(/gave no verdict/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("clamd answers an error line (e.g. StreamMaxLength exceeded)", async () => {
    const server = await fakeClamd((s) => s.once("data", () => s.end("INSTREAM size limit exceeded. ERROR\0")));
    await expect(scanBytes(Buffer.from("x"), tcp(server))).rejects.toBeInstanceOf(ScannerUnavailableError);
  });

  it("clamd answers nonsense", async () => {
    const server = await fakeClamd((s) => s.once("data", () => s.end("what?\0")));
    await expect(scanBytes(Buffer.from("x"), tcp(server))).rejects.toBeInstanceOf(ScannerUnavailableError);
  });

  it("clamd hangs up at once", async () => {
    const server = await fakeClamd((s) => s.destroy());
    await expect(scanBytes(Buffer.from("x"), tcp(server))).rejects.toBeInstanceOf(ScannerUnavailableError);
  });

  it("reads the wire format of an answer (zINSTREAM, length-prefixed chunks, zero chunk)", async () => {
    let received = Buffer.alloc(0);
    const server = await fakeClamd((s) =>
      s.on("data", (d) => {
        received = Buffer.concat([received, d]);
        if (received.subarray(-4).equals(Buffer.alloc(4))) s.end("stream: Some.Test.Sig FOUND\0");
      }),
    );
    expect(await scanBytes(Buffer.from("hello"), tcp(server, 2000))).toEqual({ infected: true, signatures: ["Some.Test.Sig"] });
    expect(received.toString("latin1")).toBe("zINSTREAM\0\0\0\0\u0005hello\0\0\0\0");
  });
});

describe("scannerConfig", () => {
  it("reads CLAMD_* and SCANNER; the socket wins; defaults fill in host or port", () => {
    expect(scannerConfig(parseEnv({}))).toEqual({ clamd: null, timeoutMs: 30_000, skipTestMode: false });
    expect(scannerConfig(parseEnv({ CLAMD_SOCKET: "/run/clamd.ctl", CLAMD_PORT: "3310", SCANNER: "off" }))).toEqual({
      clamd: { socket: "/run/clamd.ctl" },
      timeoutMs: 30_000,
      skipTestMode: true,
    });
    expect(scannerConfig(parseEnv({ CLAMD_HOST: "clamav", CLAMD_TIMEOUT_MS: "5000" }))).toMatchObject({
      clamd: { host: "clamav", port: 3310 },
      timeoutMs: 5000,
    });
    expect(scannerConfig(parseEnv({ CLAMD_PORT: "3399", CLAMD_SOCKET: "" }))).toMatchObject({ clamd: { host: "127.0.0.1", port: 3399 } });
    expect(() => scannerConfig(parseEnv({ CLAMD_PORT: "clam" }))).toThrow(/CLAMD_PORT/);
    expect(() => scannerConfig(parseEnv({ SCANNER: "no" }))).toThrow(/SCANNER/);
  });
});
