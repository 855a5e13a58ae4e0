/**
 * Which URLs a webhook endpoint may target (decisions.md "Webhooks"): live mode needs
 * `https` and a host that resolves only to public unicast addresses (SSRF guard against
 * private, loopback, link-local, multicast, metadata and other reserved ranges, classified by
 * ipaddr.js); test mode also accepts `http://` on loopback hosts so integrators can receive
 * on their laptop. Checked at creation and again before every delivery (DNS can change).
 */
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { DomainError } from "../errors";
import type { Mode } from "../generated/prisma/enums";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isPublicAddress(address: string): boolean {
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === "unicast";
}

/**
 * @throws DomainError url_not_allowed (param `url`) when the URL may not be targeted.
 */
export async function assertWebhookUrlAllowed(rawUrl: string, mode: Mode): Promise<void> {
  const deny = (why: string) => new DomainError("url_not_allowed", `Webhook URL not allowed: ${why}.`, { param: "url" });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw deny("not a valid URL");
  }
  if (url.username || url.password) throw deny("credentials in the URL are not allowed");
  if (mode === "test" && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return;
  if (url.protocol !== "https:") throw deny(mode === "test" ? "use https, or http on localhost in test mode" : "live endpoints must use https");
  if (mode === "test" && LOOPBACK_HOSTS.has(url.hostname)) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw deny(`the host '${host}' does not resolve`);
  }
  if (!addresses.length || !addresses.every(isPublicAddress)) throw deny("the host resolves to a private or reserved address");
}
