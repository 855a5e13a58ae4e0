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
 *   their laptop, when the deployment allows it (`WEBHOOK_ALLOW_LOOPBACK`: the demo and the
 *   tests; off by default, since on a shared server the loopback is the service's own), and never
 *   on this app's own port, its database's, clamd's or a well-known service port
 *   (`SERVICE_PORTS`): a POST there probes an internal service. Any other test-mode URL follows
 *   the live rules.
 *
 * Checked when an endpoint is created or its URL changed, and again before every delivery: the
 * delivery then connects to exactly the addresses vetted here (server/webhooks/post-webhook.ts
 * pins them), so a DNS answer that changes between the check and the connection (rebinding)
 * cannot reach an internal address. Redirects are never followed.
 */
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { env } from "../env";
import { DomainError } from "../errors";
import type { Mode } from "../generated/prisma/enums";

/** Resolves a host name to its IP addresses (A and AAAA). Injected by tests; no real DNS needed. */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** The system resolver (`getaddrinfo`, like every other outbound connection of the process). */
export const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Hosts test mode accepts over plain `http` (decisions.md "Webhooks"). */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Well-known service ports a loopback webhook never targets: remote shells, mail, DNS, file and
 * directory services, databases, caches, message brokers, search, container and cluster control
 * APIs, secret stores, and ClamAV's clamd (IANA service name registry and the services' defaults).
 */
export const SERVICE_PORTS: readonly number[] = [
  21, 22, 23, 25, 53, 110, 111, 135, 139, 143, 389, 445, 465, 587, 636, 873, 993, 995, 1433, 1521, 2049, 2375, 2376, 2379, 2380, 3306, 3310, 3389, 4369, 5432,
  5672, 5984, 6379, 6443, 8200, 8500, 9042, 9092, 9200, 9300, 10250, 11211, 15672, 27017,
];

/** Whether test-mode endpoints may use the loopback hosts, and which ports they never may. */
export interface LoopbackPolicy {
  allowed: boolean;
  refusedPorts: ReadonlySet<number>;
}

/**
 * The deployment's policy: `WEBHOOK_ALLOW_LOOPBACK`; refused ports are SERVICE_PORTS plus this
 * app's `PORT`, the port of `DATABASE_URL` and `CLAMD_PORT`.
 */
export function loopbackPolicy(): LoopbackPolicy {
  const databasePort = env.DATABASE_URL ? Number(new URL(env.DATABASE_URL).port || 5432) : null;
  const own = [env.PORT, databasePort, env.CLAMD_PORT].filter((p): p is number => typeof p === "number");
  return { allowed: env.WEBHOOK_ALLOW_LOOPBACK, refusedPorts: new Set([...SERVICE_PORTS, ...own]) };
}

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
 * @param loopback the loopback policy (default: the deployment's, `loopbackPolicy()`).
 * @throws DomainError url_not_allowed (param `url`) with the reason in the message.
 */
export async function resolveWebhookTarget(
  rawUrl: string,
  mode: Mode,
  resolve: HostResolver = systemResolver,
  loopback: LoopbackPolicy = loopbackPolicy(),
): Promise<WebhookTarget> {
  const deny = (why: string) => new DomainError("url_not_allowed", `Webhook URL not allowed: ${why}.`, { param: "url" });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw deny("not a valid URL");
  }
  if (url.username || url.password) throw deny("credentials in the URL are not allowed");
  const loopbackHost = mode === "test" && loopback.allowed && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopbackHost)) {
    throw deny(
      mode === "live" ? "live endpoints must use https" : loopback.allowed ? "use https, or http on localhost, 127.0.0.1 or [::1] in test mode" : "use https",
    );
  }
  if (loopbackHost) {
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    if (loopback.refusedPorts.has(port)) throw deny(`port ${port} on the loopback belongs to this service or a well-known service`);
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
