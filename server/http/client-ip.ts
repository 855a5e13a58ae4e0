/**
 * The client's address as we record it (audit, consent, invitations): `X-Forwarded-For` read
 * from the right, skipping the hops that trusted proxies (`TRUSTED_PROXIES`) appended; the
 * first other address is the client. The header is made truthful where the connection arrives
 * (server/http/forwarded-for.ts): from a peer that is not a trusted proxy it is only that
 * peer's address, so with no trusted proxies (the default) the client is the socket's peer.
 */
import { env } from "../env";
import { isTrustedProxy, parseAddress, type TrustedProxies } from "./trusted-proxies";

/** The client address, or null when the header is missing or names something that is not an address. */
export function clientIp(headers: Headers, trusted: TrustedProxies = env.TRUSTED_PROXIES): string | null {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const ip = parseAddress(hops[i]!);
    if (!ip) return null;
    if (i === 0 || !isTrustedProxy(ip, trusted)) return ip.toString();
  }
  return null;
}
