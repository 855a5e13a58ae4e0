/**
 * `TRUSTED_PROXIES` (server/env.ts): the reverse proxies whose `X-Forwarded-For` this app
 * believes, as comma-separated CIDRs (`10.0.0.0/8, fd00::/8`; a bare address means just
 * itself). Unset: none, and the client is the socket's peer. Addresses are compared and
 * recorded with IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as IPv4.
 */
import ipaddr from "ipaddr.js";
import { z } from "zod";

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;
export type TrustedProxies = readonly (readonly [IpAddress, number])[];

/** An address as compared and recorded, or null for anything that is not one. */
export function parseAddress(value: string): IpAddress | null {
  return ipaddr.isValid(value) ? ipaddr.process(value) : null;
}

/**
 * The ranges of a `TRUSTED_PROXIES` value (none when unset or empty).
 * @throws Error naming an entry that is neither a CIDR nor an address.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (ipaddr.isValidCIDR(entry)) return ipaddr.parseCIDR(entry);
      const ip = parseAddress(entry);
      if (!ip) throw new Error(`'${entry}' is not a CIDR (e.g. 10.0.0.0/8) or an IP address`);
      return [ip, ip.kind() === "ipv4" ? 32 : 128] as const;
    });
}

/** True when `ip` is in one of the trusted ranges. */
export function isTrustedProxy(ip: IpAddress, trusted: TrustedProxies): boolean {
  return trusted.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
}

/** The variable as a zod field for server/env.ts: parsed into ranges, a bad entry fails start-up. */
export const TRUSTED_PROXIES_ENV = {
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustedProxies(value);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
};
