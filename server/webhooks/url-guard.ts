/**
 * Which URLs a webhook endpoint may target (decisions.md "Webhooks", SSRF guard).
 *
 * - Live mode: `https` only, and the host must resolve only to public unicast addresses:
 *   private (10/8, 172.16/12, 192.168/16, fc00::/7), loopback, link-local (169.254/16 with the
 *   cloud metadata address, fe80::/10), multicast, carrier-grade NAT (100.64/10, also
 *   Alibaba's metadata 100.100.100.200), unspecified, broadcast, reserved and documentation
 *   ranges, IPv4-mapped/NAT64/6to4/Teredo forms that could embed any of them (classified by
 *   ipaddr.js), and the known metadata hosts and addresses are all refused.
 * - Test mode additionally accepts `http://` and `https://` on the loopback hosts `localhost`,
 *   `127.0.0.1` and `[::1]` (their addresses must be loopback), so integrators can receive on
 *   their laptop. Any other test-mode URL follows the live rules.
 *
 * Checked when an endpoint is created or its URL changed, and again before every delivery: the
 * delivery then connects to exactly the addresses vetted here (server/webhooks/post-webhook.ts
 * pins them), so a DNS answer that changes between the check and the connection (rebinding)
 * cannot reach an internal address. Redirects are never followed.
 */
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { DomainError } from "../errors";
import type { Mode } from "../generated/prisma/enums";

/** Resolves a host name to its IP addresses (A and AAAA). Injected by tests; no real DNS needed. */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** The system resolver (`getaddrinfo`, like every other outbound connection of the process). */
export const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Hosts test mode accepts over plain `http` (decisions.md "Webhooks"). */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Cloud metadata services that sit on otherwise public-looking names or addresses. */
const METADATA_HOSTS = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.internal",
  "instance-data",
  "instance-data.ec2.internal",
]);
const METADATA_ADDRESSES = new Set(["168.63.129.16", "169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254"]);

function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const ip = ipaddr.parse(address);
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

/** True for a public unicast address a live endpoint may receive on (see the module comment). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = parse(address);
  return ip.range() === "unicast" && !METADATA_ADDRESSES.has(ip.toNormalizedString()) && !METADATA_ADDRESSES.has(ip.toString());
}

function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && parse(address).range() === "loopback";
}

/** A URL that passed the guard, with the addresses a delivery may connect to. */
export interface WebhookTarget {
  url: URL;
  /** The host without IPv6 brackets (what TLS uses for SNI and the certificate check). */
  host: string;
  /** Vetted IP addresses of `host`; a delivery connects to these and nothing else. */
  addresses: string[];
}

/**
 * Checks `rawUrl` for `mode` and resolves its host.
 * @param resolve host name resolver (default: the system's); IP literals are not resolved.
 * @throws DomainError url_not_allowed (param `url`) with the reason in the message.
 */
export async function resolveWebhookTarget(rawUrl: string, mode: Mode, resolve: HostResolver = systemResolver): Promise<WebhookTarget> {
  const deny = (why: string) => new DomainError("url_not_allowed", `Webhook URL not allowed: ${why}.`, { param: "url" });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw deny("not a valid URL");
  }
  if (url.username || url.password) throw deny("credentials in the URL are not allowed");
  const loopbackHost = mode === "test" && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopbackHost)) {
    throw deny(mode === "test" ? "use https, or http on localhost, 127.0.0.1 or [::1] in test mode" : "live endpoints must use https");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (METADATA_HOSTS.has(host.toLowerCase().replace(/\.$/, ""))) throw deny("cloud metadata hosts are not allowed");
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  } catch {
    throw deny(`the host '${host}' does not resolve`);
  }
  if (!addresses.length) throw deny(`the host '${host}' does not resolve`);
  if (loopbackHost) {
    if (!addresses.every(isLoopbackAddress)) throw deny(`'${host}' does not resolve to a loopback address`);
  } else if (!addresses.every(isPublicAddress)) {
    throw deny("the host resolves to a private, loopback, link-local, multicast, metadata or reserved address");
  }
  return { url, host, addresses };
}

/**
 * `resolveWebhookTarget` without the result: whether an endpoint may be created with `rawUrl`.
 * @throws DomainError url_not_allowed (param `url`).
 */
export async function assertWebhookUrlAllowed(rawUrl: string, mode: Mode, resolve: HostResolver = systemResolver): Promise<void> {
  await resolveWebhookTarget(rawUrl, mode, resolve);
}
