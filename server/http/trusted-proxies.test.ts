import { describe, expect, it } from "vitest";
import { isTrustedProxy, parseAddress, parseTrustedProxies, TRUSTED_PROXIES_ENV } from "./trusted-proxies";

const ip = (s: string) => parseAddress(s)!;

describe("parseTrustedProxies", () => {
  it("takes CIDRs and bare addresses, IPv4 and IPv6; none when unset", () => {
    const trusted = parseTrustedProxies(" 10.0.0.0/8, 192.0.2.7 ,fd00::/8 ");
    expect(isTrustedProxy(ip("10.1.2.3"), trusted)).toBe(true);
    expect(isTrustedProxy(ip("192.0.2.7"), trusted)).toBe(true);
    expect(isTrustedProxy(ip("192.0.2.8"), trusted)).toBe(false);
    expect(isTrustedProxy(ip("fd12::1"), trusted)).toBe(true);
    expect(isTrustedProxy(ip("11.0.0.1"), trusted)).toBe(false);
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies("")).toEqual([]);
  });

  it("matches IPv4-mapped IPv6 peers against IPv4 ranges", () => {
    expect(isTrustedProxy(ip("::ffff:10.0.0.1"), parseTrustedProxies("10.0.0.0/8"))).toBe(true);
    expect(ip("::ffff:10.0.0.1").toString()).toBe("10.0.0.1");
  });

  it("refuses an entry that is not a CIDR or an address, at start-up", () => {
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.internal")).toThrow(/'proxy.internal' is not a CIDR/);
    expect(TRUSTED_PROXIES_ENV.TRUSTED_PROXIES.safeParse("10.0.0.0/33").success).toBe(false);
    expect(TRUSTED_PROXIES_ENV.TRUSTED_PROXIES.safeParse("10.0.0.0/8").success).toBe(true);
  });
});
