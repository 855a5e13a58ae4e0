/**
 * Live registry adapters ordered per project (projects.provider_config), with Sandbox by Quicko's and
 * Cashfree's credentials in the environment pointing at loopback fakes that speak their documented
 * APIs: selection, failover on provider_unavailable / provider_timeout, and the attempts recorded on the check.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db";
import { startFakeCashfree, stubCashfreeEnv, type FakeCashfree } from "./cashfree-verification.fixture";
import { FAKE_KEY, FAKE_SECRET, startFakeSandbox, type FakeSandbox } from "./quicko-sandbox.fixture";

let fake: FakeSandbox;
let cashfree: FakeCashfree;
let db: Db;
let projectId: string;
let otherProjectId: string;
let runCheck: typeof import("../checks/run-check").runCheck;
let registry: typeof import("./registry");
let settings: typeof import("../projects/registry-providers");
let capabilities: typeof import("../checks/capabilities");
const fast = { attempts: 2, baseDelayMs: 1 };
const RAVI = { pan: "ABCPE1234F", name: "RAVI KUMAR", dob: "1990-01-01" };
/** Live registry calls rest on consent (server/checks/check-consent.ts). */
const consent = {
  consent: { obtained: true as const, at: "2026-11-24T10:00:00Z", method: "web_checkbox", notice_version: "2026-10-01", source: "request" as const },
  purpose: "KYC of a new savings account holder",
};

beforeAll(async () => {
  fake = await startFakeSandbox();
  cashfree = await startFakeCashfree();
  vi.stubEnv("QUICKO_SANDBOX_BASE_URL", fake.baseUrl);
  vi.stubEnv("QUICKO_SANDBOX_API_KEY", FAKE_KEY);
  vi.stubEnv("QUICKO_SANDBOX_API_SECRET", FAKE_SECRET);
  vi.stubEnv("QUICKO_SANDBOX_TIMEOUT_MS", "400");
  stubCashfreeEnv(cashfree);
  vi.stubEnv("CASHFREE_TIMEOUT_MS", "400");
  // the adapters are built from the environment when the registry module loads
  vi.resetModules();
  ({ runCheck } = await import("../checks/run-check"));
  registry = await import("./registry");
  settings = await import("../projects/registry-providers");
  capabilities = await import("../checks/capabilities");
  const { demoDb } = await import("~/tests/fixtures/demo-db");
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
  const org = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { organizationId: true } });
  otherProjectId = (await db.project.create({ data: { id: "proj_provider_other", organizationId: org.organizationId, slug: "other", name: "Other" } })).id;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
  await cashfree.close();
});

describe("live registry adapters selected per project", () => {
  it("uses the deployment's adapter for a project that selected none, and records it on the check", async () => {
    const check = await runCheck(db, { projectId, mode: "live", key: "in.pan.verify", input: RAVI, consent }, fast);
    expect(check).toMatchObject({ provider: "quicko_sandbox", status: "passed", verifiedBy: "source", fromCache: false });
    expect(check.providerAttempts).toEqual([{ provider: "quicko_sandbox", outcome: "passed", latency_ms: expect.any(Number), at: expect.any(String) }]);
    expect(fake.log.some((l) => l.path === "/kyc/pan/verify")).toBe(true);
  });

  it("keeps a project's selection to itself: another project's keys are untouched", async () => {
    // a single name, as stored before failover orders existed, still reads as a chain of one
    await db.project.update({ where: { id: otherProjectId }, data: { providerConfig: { "in.gstin.verify": "quicko_sandbox" } } });
    const gstin = await runCheck(db, { projectId: otherProjectId, mode: "live", key: "in.gstin.verify", input: { gstin: "27AAPFU0939F1ZV" }, consent }, fast);
    expect(gstin.provider).toBe("quicko_sandbox");
    // a key the project left alone goes to the deployment's adapters that answer it: Udyam only through Cashfree
    const udyam = await runCheck(
      db,
      { projectId: otherProjectId, mode: "live", key: "in.udyam.verify", input: { udyam_number: "UDYAM-MH-19-0012345" }, consent },
      fast,
    );
    expect(udyam).toMatchObject({ provider: "cashfree", status: "passed", result: { enterprise_type: "Micro" } });
  });

  it("refuses an adapter for a check it does not answer, or listed twice, naming the key", () => {
    const parsed = registry.ZProviderConfig.safeParse({ "in.udyam.verify": ["cashfree", "quicko_sandbox"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["in.udyam.verify", 1], message: "Sandbox by Quicko does not answer 'in.udyam.verify'" });
    expect(registry.ZProviderConfig.safeParse({ "in.pan.verify": ["cashfree", "cashfree"] }).success).toBe(false);
    expect(registry.ZProviderConfig.safeParse({ "in.pan.verify": "nsdl_direct" }).success).toBe(false);
  });

  it("reads a hand-edited, invalid stored selection as no selection", () => {
    expect(registry.parseProviderConfig({ "in.pan.verify": 42 })).toEqual({});
    expect(registry.parseProviderConfig(null)).toEqual({});
  });
});

describe("the dashboard's registry provider settings", () => {
  const admin = { type: "user" as const, id: "user_settings_admin" };

  it("lists every registry check with its adapters and what live checks use now", async () => {
    const choices = await settings.getRegistryProviders(db, projectId);
    expect(choices.map((c) => c.key)).toEqual(expect.arrayContaining(["in.pan.verify", "in.gstin.verify", "in.cin.verify", "in.bank_account.verify"]));
    expect(choices.find((c) => c.key === "in.pan.verify")).toMatchObject({
      adapters: [
        { name: "quicko_sandbox", label: "Sandbox by Quicko", configured: true },
        { name: "cashfree", label: "Cashfree Verification Suite", configured: true },
      ],
      selected: null,
      effective: ["quicko_sandbox", "cashfree"],
    });
    expect(choices.find((c) => c.key === "in.cin.verify")).toMatchObject({ selected: null, effective: ["quicko_sandbox", "cashfree"] });
    expect(choices.find((c) => c.key === "in.udyam.verify")).toMatchObject({
      adapters: [{ name: "cashfree", label: "Cashfree Verification Suite", configured: true }],
      selected: null,
      effective: ["cashfree"],
    });
  });

  it("saves an order with an audit row, and refuses an adapter that does not answer the check", async () => {
    const next = await settings.setRegistryProvider(db, projectId, "in.pan.verify", ["cashfree", "quicko_sandbox"], admin);
    expect(next.find((c) => c.key === "in.pan.verify")).toMatchObject({ selected: ["cashfree", "quicko_sandbox"], effective: ["cashfree", "quicko_sandbox"] });
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).providerConfig).toEqual({ "in.pan.verify": ["cashfree", "quicko_sandbox"] });
    const audit = await db.auditLog.findFirstOrThrow({ where: { projectId, action: "project.registry_provider_changed" } });
    expect(audit).toMatchObject({ actorId: admin.id, data: { check_key: "in.pan.verify", from: null, to: ["cashfree", "quicko_sandbox"] } });

    await expect(settings.setRegistryProvider(db, projectId, "in.udyam.verify", ["quicko_sandbox"], admin)).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "adapters",
      message: "Sandbox by Quicko does not answer 'in.udyam.verify'",
    });
    await expect(settings.setRegistryProvider(db, projectId, "in.ifsc.lookup", null, admin)).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "checkKey",
    });

    await settings.setRegistryProvider(db, projectId, "in.pan.verify", null, admin);
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).providerConfig).toEqual({});
  });
});

describe("failover between live registry adapters", () => {
  const ACCOUNT = { account_number: "50100012345678", ifsc: "HDFC0000001", name: "JOHN DOE" };

  it("asks the next provider when the first is unavailable, and records both calls on the check", async () => {
    await db.project.update({ where: { id: projectId }, data: { providerConfig: { "in.bank_account.verify": ["cashfree", "quicko_sandbox"] } } });
    cashfree.down = true;
    try {
      const check = await runCheck(db, { projectId, mode: "live", key: "in.bank_account.verify", input: ACCOUNT, consent }, fast);
      expect(check).toMatchObject({ provider: "quicko_sandbox", status: "passed", errorCode: null });
      expect(check.providerAttempts).toEqual([
        { provider: "cashfree", outcome: "provider_unavailable", latency_ms: expect.any(Number), at: expect.any(String) },
        { provider: "quicko_sandbox", outcome: "passed", latency_ms: expect.any(Number), at: expect.any(String) },
      ]);
    } finally {
      cashfree.down = false;
    }
  });

  it("fails over on a timeout too, and keeps the first provider's answer when it answers", async () => {
    await db.project.update({ where: { id: projectId }, data: { providerConfig: { "in.bank_account.verify": ["quicko_sandbox", "cashfree"] } } });
    const hung = await runCheck(
      db,
      { projectId, mode: "live", key: "in.bank_account.verify", input: { ...ACCOUNT, account_number: "50100012347777" }, consent },
      fast,
    );
    // Quicko's fake hangs; Cashfree's fake hangs on the same value too: both time out, twice (two attempts)
    expect(hung).toMatchObject({ status: "error", errorCode: "provider_timeout", provider: "quicko_sandbox" });
    expect((hung.providerAttempts as { provider: string; outcome: string }[]).map((a) => `${a.provider}:${a.outcome}`)).toEqual([
      "quicko_sandbox:provider_timeout",
      "cashfree:provider_timeout",
      "quicko_sandbox:provider_timeout",
      "cashfree:provider_timeout",
    ]);
    const closed = await runCheck(
      db,
      { projectId, mode: "live", key: "in.bank_account.verify", input: { ...ACCOUNT, account_number: "50100012346666" }, consent },
      fast,
    );
    // an answer (even a failed check) is final: no failover
    expect(closed).toMatchObject({ provider: "quicko_sandbox", status: "failed", errorCode: "account_closed" });
    expect(closed.providerAttempts).toHaveLength(1);
  }, 15_000);

  it("fails GSTIN and CIN over to Cashfree, their second vendor, when Sandbox by Quicko is down", async () => {
    // Sandbox by Quicko's tokens expire and its /authenticate answers 503: every call is an outage
    fake.revokeTokens();
    fake.authFailures = 1_000;
    try {
      const gstin = await runCheck(db, { projectId, mode: "live", key: "in.gstin.verify", input: { gstin: "27AAPFU0939F1ZV" }, consent }, fast);
      expect(gstin).toMatchObject({ provider: "cashfree", status: "passed", result: { legal_name: "SANDBOX TRADERS PRIVATE LIMITED" } });
      expect((gstin.providerAttempts as { provider: string; outcome: string }[]).map((a) => `${a.provider}:${a.outcome}`)).toEqual([
        "quicko_sandbox:provider_unavailable",
        "cashfree:passed",
      ]);
      const cin = await runCheck(db, { projectId, mode: "live", key: "in.cin.verify", input: { cin: "U72900KA2015PTC082988" }, consent }, fast);
      expect(cin).toMatchObject({ provider: "cashfree", status: "passed", result: { directors: [{ din: "00000001" }, { din: "00000002" }] } });
    } finally {
      fake.authFailures = 0;
    }
  });

  it("answers the PAN–Aadhaar link through Cashfree, the adapter that takes the PAN alone", async () => {
    const check = await runCheck(db, { projectId, mode: "live", key: "in.pan.aadhaar_link", input: { pan: "ABCPE8888K" }, consent }, fast);
    expect(check).toMatchObject({ provider: "cashfree", status: "failed", errorCode: "pan_aadhaar_not_linked" });
  });
});

describe("GET /v1/capabilities: live providers per check", () => {
  it("lists, per registry check, the providers the project can use in its failover order", async () => {
    await db.project.update({ where: { id: otherProjectId }, data: { providerConfig: { "in.bank_account.verify": ["cashfree", "quicko_sandbox"] } } });
    const checks = (await capabilities.listProjectCapabilities(db, otherProjectId, "IN")).countries[0]!.checks;
    const of = (key: string) => checks.find((c) => c.key === key)?.live_providers;
    expect(of("in.bank_account.verify")).toEqual([
      { name: "cashfree", label: "Cashfree Verification Suite", available: true, order: 1 },
      { name: "quicko_sandbox", label: "Sandbox by Quicko", available: true, order: 2 },
    ]);
    // no order set: every adapter with credentials, in the server's order
    expect(of("in.pan.verify")?.map((p) => [p.name, p.order])).toEqual([
      ["quicko_sandbox", 1],
      ["cashfree", 2],
    ]);
    expect(of("in.cin.verify")?.map((p) => p.name)).toEqual(["quicko_sandbox", "cashfree"]);
    expect(of("in.gstin.verify")?.map((p) => p.name)).toEqual(["quicko_sandbox", "cashfree"]);
    expect(of("in.udyam.verify")).toEqual([{ name: "cashfree", label: "Cashfree Verification Suite", available: true, order: 1 }]);
    expect(of("in.ifsc.lookup")).toEqual([]);
  });
});
