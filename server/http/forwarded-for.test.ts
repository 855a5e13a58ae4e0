import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";
import { forwardedFor, installForwardedForGuard } from "./forwarded-for";
import { parseTrustedProxies } from "./trusted-proxies";

describe("forwardedFor", () => {
  const trusted = parseTrustedProxies("10.0.0.0/8");

  it("reduces the header of an untrusted peer to the peer itself", () => {
    expect(forwardedFor("198.51.100.4", "1.2.3.4", trusted)).toBe("198.51.100.4");
    expect(forwardedFor("::ffff:198.51.100.4", undefined, trusted)).toBe("198.51.100.4");
  });

  it("keeps a trusted proxy's header and appends the proxy", () => {
    expect(forwardedFor("10.0.0.2", "198.51.100.4", trusted)).toBe("198.51.100.4, 10.0.0.2");
    expect(forwardedFor("10.0.0.2", ["1.2.3.4", "198.51.100.4"], trusted)).toBe("1.2.3.4, 198.51.100.4, 10.0.0.2");
    expect(forwardedFor("10.0.0.2", undefined, trusted)).toBe("10.0.0.2");
  });

  it("removes the header when the peer is unknown (a unix socket)", () => {
    expect(forwardedFor(undefined, "1.2.3.4", trusted)).toBeUndefined();
  });
});

describe("installForwardedForGuard on a real HTTP server", () => {
  let server: http.Server;
  let url: string;
  const seen: (string | null)[] = [];

  beforeAll(async () => {
    installForwardedForGuard([]); // TRUSTED_PROXIES unset
    installForwardedForGuard(parseTrustedProxies("127.0.0.0/8")); // a second install is ignored
    server = http.createServer((req, res) => {
      seen.push(clientIp(new Headers(req.headers as Record<string, string>), []));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("records the socket's address, whatever X-Forwarded-For the client sends", async () => {
    await fetch(url, { headers: { "x-forwarded-for": "1.2.3.4" } });
    await fetch(url);
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1"]);
  });
});
