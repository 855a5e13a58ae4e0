/**
 * Live registry adapters selected per project (projects.provider_config), with Sandbox by Quicko's
 * credentials in the environment pointing at the loopback fake that speaks its documented API.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db";
import { FAKE_KEY, FAKE_SECRET, startFakeSandbox, type FakeSandbox } from "./quicko-sandbox.fixture";

let fake: FakeSandbox;
let db: Db;
let projectId: string;
let otherProjectId: string;
let runCheck: typeof import("../checks/run-check").runCheck;
let registry: typeof import("./registry");
let settings: typeof import("../projects/registry-providers");
const fast = { attempts: 2, baseDelayMs: 1 };
const RAVI = { pan: "ABCPE1234F", name: "RAVI KUMAR", dob: "1990-01-01" };
/** Live registry calls rest on consent (server/checks/check-consent.ts). */
const consent = {
  consent: { obtained: true as const, at: "2026-11-24T10:00:00Z", method: "web_checkbox", notice_version: "2026-10-01", source: "request" as const },
  purpose: "KYC of a new savings account holder",
};

beforeAll(async () => {
  fake = await startFakeSandbox();
  vi.stubEnv("QUICKO_SANDBOX_BASE_URL", fake.baseUrl);
  vi.stubEnv("QUICKO_SANDBOX_API_KEY", FAKE_KEY);
  vi.stubEnv("QUICKO_SANDBOX_API_SECRET", FAKE_SECRET);
  // the adapters are built from the environment when the registry module loads
  vi.resetModules();
  ({ runCheck } = await import("../checks/run-check"));
  registry = await import("./registry");
  settings = await import("../projects/registry-providers");
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
});

describe("live registry adapters selected per project", () => {
  it("uses the deployment's adapter for a project that selected none, and records it on the check", async () => {
    const check = await runCheck(db, { projectId, mode: "live", key: "in.pan.verify", input: RAVI, consent }, fast);
    expect(check).toMatchObject({ provider: "quicko_sandbox", status: "passed", verifiedBy: "source", fromCache: false });
    expect(fake.log.some((l) => l.path === "/kyc/pan/verify")).toBe(true);
  });

  it("keeps a project's selection to itself: another project's keys are untouched", async () => {
    await db.project.update({ where: { id: otherProjectId }, data: { providerConfig: { "in.gstin.verify": "quicko_sandbox" } } });
    const gstin = await runCheck(db, { projectId: otherProjectId, mode: "live", key: "in.gstin.verify", input: { gstin: "27AAPFU0939F1ZV" }, consent }, fast);
    expect(gstin.provider).toBe("quicko_sandbox");
    // a registry the adapter does not answer stays unconfigured, whatever the selection
    const udyam = await runCheck(
      db,
      { projectId: otherProjectId, mode: "live", key: "in.udyam.verify", input: { udyam_number: "UDYAM-MH-19-0012345" }, consent },
      fast,
    );
    expect(udyam).toMatchObject({ provider: "unconfigured", status: "error", errorCode: "provider_not_configured" });
  });

  it("refuses a selection of an adapter for a check it does not answer, naming the key", () => {
    const parsed = registry.ZProviderConfig.safeParse({ "in.cin.verify": "quicko_sandbox" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["in.cin.verify"], message: "Sandbox by Quicko does not answer 'in.cin.verify'" });
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
      adapters: [{ name: "quicko_sandbox", label: "Sandbox by Quicko", configured: true }],
      selected: null,
      effective: "quicko_sandbox",
    });
    expect(choices.find((c) => c.key === "in.cin.verify")).toMatchObject({ adapters: [], selected: null, effective: "unconfigured" });
  });

  it("saves a selection with an audit row, and refuses an adapter that does not answer the check", async () => {
    const next = await settings.setRegistryProvider(db, projectId, "in.pan.verify", "quicko_sandbox", admin);
    expect(next.find((c) => c.key === "in.pan.verify")?.selected).toBe("quicko_sandbox");
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).providerConfig).toEqual({ "in.pan.verify": "quicko_sandbox" });
    const audit = await db.auditLog.findFirstOrThrow({ where: { projectId, action: "project.registry_provider_changed" } });
    expect(audit).toMatchObject({ actorId: admin.id, data: { check_key: "in.pan.verify", from: null, to: "quicko_sandbox" } });

    await expect(settings.setRegistryProvider(db, projectId, "in.cin.verify", "quicko_sandbox", admin)).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "adapter",
      message: "Sandbox by Quicko does not answer 'in.cin.verify'",
    });
    await expect(settings.setRegistryProvider(db, projectId, "in.ifsc.lookup", null, admin)).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "checkKey",
    });

    await settings.setRegistryProvider(db, projectId, "in.pan.verify", null, admin);
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).providerConfig).toEqual({});
  });
});
