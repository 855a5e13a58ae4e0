import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";
import { parseTrustedProxies } from "./trusted-proxies";

const xff = (value?: string) => new Headers(value === undefined ? {} : { "x-forwarded-for": value });

describe("clientIp", () => {
  it("with no trusted proxies is the last hop: the peer the header was reduced to", () => {
    expect(clientIp(xff("198.51.100.4"), [])).toBe("198.51.100.4");
    expect(clientIp(xff("203.0.113.1, 198.51.100.4"), [])).toBe("198.51.100.4");
    expect(clientIp(xff(), [])).toBeNull();
  });

  it("skips the hops trusted proxies appended, from the right", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8");
    // spoofed by the client, then its address as the proxy saw it, then the proxy itself
    expect(clientIp(xff("1.2.3.4, 198.51.100.4, 10.0.0.2"), trusted)).toBe("198.51.100.4");
    expect(clientIp(xff("198.51.100.4, 10.0.0.3, 10.0.0.2"), trusted)).toBe("198.51.100.4");
    expect(clientIp(xff("10.0.0.3, 10.0.0.2"), trusted)).toBe("10.0.0.3"); // all trusted: the first
  });

  it("records IPv4-mapped addresses as IPv4 and refuses what is not an address", () => {
    expect(clientIp(xff("::ffff:198.51.100.4"), [])).toBe("198.51.100.4");
    expect(clientIp(xff("unknown"), [])).toBeNull();
    expect(clientIp(xff("unknown, 10.0.0.2"), parseTrustedProxies("10.0.0.0/8"))).toBeNull();
  });

  it("no longer believes X-Real-IP", () => {
    expect(clientIp(new Headers({ "x-real-ip": "1.2.3.4" }), [])).toBeNull();
  });
});
