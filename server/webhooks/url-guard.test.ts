/**
 * The SSRF guard as a table (decisions.md "Webhooks"): which URLs a live-mode and a test-mode
 * endpoint may target. DNS names resolve through an injected resolver (no real DNS), so names
 * that point at private, loopback, link-local, metadata or mixed addresses are covered too.
 * A refused URL is a 400 `url_not_allowed` on `url` for the integrator.
 */
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { env } from "../env";
import { type HostResolver, isPublicAddress, type LoopbackPolicy, loopbackPolicy, resolveWebhookTarget, SERVICE_PORTS } from "./url-guard";

const DNS: Record<string, string[]> = {
  "hooks.example.com": ["93.184.216.34"],
  "v6.example.com": ["2606:2800:220:1:248:1893:25c8:1946"],
  "internal.example.com": ["10.1.2.3"],
  "home.example.com": ["192.168.0.10"],
  "corp.example.com": ["172.20.0.5"],
  "loop.example.com": ["127.0.0.1"],
  "loop6.example.com": ["::1"],
  "linklocal.example.com": ["169.254.10.20"],
  "aws-metadata.example.com": ["169.254.169.254"],
  "azure-metadata.example.com": ["168.63.129.16"],
  "ula.example.com": ["fd12:3456:789a::1"],
  "mapped.example.com": ["::ffff:10.0.0.1"],
  "cgnat.example.com": ["100.64.1.1"],
  "mcast.example.com": ["239.1.2.3"],
  "zero.example.com": ["0.0.0.0"],
  // one public and one private answer: a single bad address refuses the host
  "mixed.example.com": ["93.184.216.34", "10.0.0.7"],
  localhost: ["127.0.0.1", "::1"],
};
const resolver: HostResolver = async (host) => {
  const answer = DNS[host];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return answer;
};

async function verdict(url: string, mode: "test" | "live", loopback?: LoopbackPolicy): Promise<string> {
  try {
    const t = await resolveWebhookTarget(url, mode, resolver, loopback);
    return `ok ${t.addresses.join(" ")}`;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: "url_not_allowed", param: "url", status: 400 });
    return "refused";
  }
}

describe("live mode: https to public addresses only", () => {
  it.each([
    ["https://hooks.example.com/verify", "ok 93.184.216.34"],
    ["https://v6.example.com/verify", "ok 2606:2800:220:1:248:1893:25c8:1946"],
    ["https://93.184.216.34:8443/verify", "ok 93.184.216.34"],
    ["http://hooks.example.com/verify", "refused"], // not https
    ["https://user:pw@hooks.example.com/", "refused"], // credentials
    ["https://internal.example.com/", "refused"], // 10/8
    ["https://home.example.com/", "refused"], // 192.168/16
    ["https://corp.example.com/", "refused"], // 172.16/12
    ["https://loop.example.com/", "refused"], // a name resolving to 127.0.0.1
    ["https://loop6.example.com/", "refused"], // a name resolving to ::1
    ["https://linklocal.example.com/", "refused"], // 169.254/16
    ["https://aws-metadata.example.com/", "refused"], // 169.254.169.254
    ["https://azure-metadata.example.com/", "refused"], // Azure wire server, public-looking
    ["https://ula.example.com/", "refused"], // fc00::/7
    ["https://mapped.example.com/", "refused"], // IPv4-mapped private
    ["https://cgnat.example.com/", "refused"], // 100.64/10
    ["https://mcast.example.com/", "refused"], // multicast
    ["https://zero.example.com/", "refused"], // 0.0.0.0
    ["https://mixed.example.com/", "refused"], // one private answer is enough
    ["https://nowhere.example.com/", "refused"], // does not resolve
    ["https://metadata.google.internal/computeMetadata/v1/", "refused"],
    ["https://localhost/", "refused"],
    ["https://127.0.0.1/", "refused"],
    ["https://[::1]/", "refused"], // IPv6 loopback
    ["https://[::]/", "refused"],
    ["https://[fe80::1]/", "refused"], // IPv6 link-local
    ["https://[ff02::1]/", "refused"], // IPv6 multicast
    ["https://[::ffff:7f00:1]/", "refused"], // IPv4-mapped loopback
    ["https://[::ffff:169.254.169.254]/", "refused"],
    ["https://[64:ff9b::a00:1]/", "refused"], // NAT64 of 10.0.0.1
    ["https://[2002:a00:1::]/", "refused"], // 6to4 of 10.0.0.1
    ["https://[fd00:ec2::254]/", "refused"], // AWS IPv6 metadata
    ["https://10.0.0.1/", "refused"],
    ["https://2130706433/", "refused"], // 127.0.0.1 in decimal
    ["https://0x7f.1/", "refused"], // 127.0.0.1 in hex shorthand
    ["https://169.254.169.254/latest/meta-data/", "refused"],
    ["ftp://hooks.example.com/", "refused"],
    ["not a url", "refused"],
  ])("%s -> %s", async (url, expected) => {
    expect(await verdict(url, "live")).toBe(expected);
  });
});

describe("test mode: also http(s) on the loopback hosts", () => {
  it.each([
    ["http://localhost:4000/hooks", "ok 127.0.0.1 ::1"],
    ["http://127.0.0.1:4000/hooks", "ok 127.0.0.1"],
    ["http://[::1]:4000/hooks", "ok ::1"],
    ["https://localhost/hooks", "ok 127.0.0.1 ::1"],
    ["https://hooks.example.com/verify", "ok 93.184.216.34"],
    ["http://hooks.example.com/verify", "refused"], // http only on loopback hosts
    ["http://loop.example.com/", "refused"], // a name resolving to loopback is not a loopback host
    ["https://loop.example.com/", "refused"],
    ["http://127.0.0.2/", "refused"],
    ["http://10.0.0.1/", "refused"],
    ["https://internal.example.com/", "refused"],
    ["http://169.254.169.254/", "refused"],
  ])("%s -> %s", async (url, expected) => {
    expect(await verdict(url, "test")).toBe(expected);
  });

  it("refuses localhost when the resolver answers with a non-loopback address", async () => {
    const rebound: HostResolver = async () => ["10.0.0.5"];
    await expect(resolveWebhookTarget("http://localhost:4000/", "test", rebound)).rejects.toMatchObject({ code: "url_not_allowed" });
  });
});

describe("test mode on loopback: only where the deployment allows it, never on service ports", () => {
  it("follows WEBHOOK_ALLOW_LOOPBACK (on in the tests) and refuses this app's port and the well-known service ports", () => {
    const policy = loopbackPolicy();
    expect(policy.allowed).toBe(true);
    for (const port of [env.PORT, 22, 25, 53, 5432, 6379, 3306, 27017, 11211, 9200, 2375, 3310]) expect(policy.refusedPorts.has(port)).toBe(true);
    expect(SERVICE_PORTS).not.toContain(4000);
  });

  const allowed: LoopbackPolicy = { allowed: true, refusedPorts: new Set([...SERVICE_PORTS, 3000, 55432]) };
  it.each([
    ["http://127.0.0.1:22/", "refused"], // ssh
    ["http://localhost:5432/", "refused"], // PostgreSQL
    ["http://[::1]:6379/", "refused"], // Redis
    ["http://127.0.0.1:3310/", "refused"], // clamd
    ["https://localhost:9200/", "refused"], // Elasticsearch
    ["http://127.0.0.1:3000/v1/sessions", "refused"], // the app itself
    ["http://127.0.0.1:55432/", "refused"], // its database
    ["http://127.0.0.1:4000/hooks", "ok 127.0.0.1"],
    ["http://localhost/hooks", "ok 127.0.0.1 ::1"], // port 80
  ])("allowed: %s -> %s", async (url, expected) => {
    expect(await verdict(url, "test", allowed)).toBe(expected);
  });

  const off: LoopbackPolicy = { allowed: false, refusedPorts: new Set(SERVICE_PORTS) };
  it.each([
    ["http://localhost:4000/hooks", "refused"],
    ["http://127.0.0.1:4000/hooks", "refused"],
    ["https://localhost/hooks", "refused"],
    ["https://[::1]:8443/hooks", "refused"],
    ["https://hooks.example.com/verify", "ok 93.184.216.34"],
  ])("not allowed (the default): %s -> %s", async (url, expected) => {
    expect(await verdict(url, "test", off)).toBe(expected);
  });
});

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["2606:4700::1111", true],
    ["::ffff:8.8.8.8", true],
    ["127.0.0.1", false],
    ["::1", false],
    ["255.255.255.255", false],
    ["198.18.0.1", false], // benchmarking
    ["192.0.2.1", false], // documentation
    ["2001:db8::1", false], // documentation
    ["not-an-ip", false],
  ])("%s -> %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
