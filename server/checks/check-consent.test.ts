/** Consent and purpose of registry calls: direct checks in live mode, hosted-flow checks from the consent step. */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { seedDemo } from "../seed/seed-demo";
import { directCheckConsent, sessionConsent } from "./check-consent";
import { runDirectCheck } from "./direct-check";
import { prepareCheck } from "./run-check";

const CONSENT = { obtained: true, at: "2026-11-24T10:00:00Z", method: "web_checkbox", notice_version: "2026-10-01" };
const PURPOSE = "KYC of a new savings account holder";
const registry = { key: "in.pan.verify", answeredBy: "registry" as const };

describe("directCheckConsent", () => {
  it("refuses a live registry check without consent or purpose, naming the parameter", () => {
    expect(() => directCheckConsent("live", registry, {})).toThrow(expect.objectContaining({ code: "parameter_missing", param: "consent" }));
    expect(() => directCheckConsent("live", registry, { consent: CONSENT })).toThrow(expect.objectContaining({ code: "parameter_missing", param: "purpose" }));
    expect(() => directCheckConsent("live", registry, { consent: CONSENT, purpose: "too short" })).toThrow(
      expect.objectContaining({ code: "parameter_invalid", param: "purpose" }),
    );
    expect(() => directCheckConsent("live", registry, { consent: { ...CONSENT, obtained: false }, purpose: PURPOSE })).toThrow(
      expect.objectContaining({ code: "parameter_invalid", param: "consent.obtained" }),
    );
    expect(() => directCheckConsent("live", registry, { consent: { ...CONSENT, at: "yesterday" }, purpose: PURPOSE })).toThrow(
      expect.objectContaining({ param: "consent.at" }),
    );
  });

  it("records what was sent; test mode and checks that ask no registry need none", () => {
    expect(directCheckConsent("live", registry, { consent: CONSENT, purpose: `  ${PURPOSE} ` })).toEqual({
      consent: { ...CONSENT, source: "request" },
      purpose: PURPOSE,
    });
    expect(directCheckConsent("test", registry, {})).toEqual({ consent: null, purpose: null });
    expect(directCheckConsent("live", { key: "in.ifsc.lookup", answeredBy: "offline" }, {})).toEqual({ consent: null, purpose: null });
  });
});

describe("consent on checks", () => {
  let db: Db;
  let projectId: string;
  beforeAll(async () => {
    await applyMigrations(await getSql());
    db = await getDb();
    projectId = (await seedDemo(db)).projectId;
  });

  it("keeps a direct check's consent and purpose on the Check", async () => {
    const { check } = await runDirectCheck(
      db,
      { projectId, mode: "test" },
      "in.pan.verify",
      { pan: "ABCPE1234F", consent: CONSENT, purpose: PURPOSE },
      { async: false },
    );
    expect(check).toMatchObject({ status: "passed", consent: { ...CONSENT, source: "request" }, purpose: PURPOSE });
  });

  it("refuses a live direct check without consent before anything is stored", async () => {
    const before = await db.check.count({ where: { projectId, mode: "live" } });
    await expect(runDirectCheck(db, { projectId, mode: "live" }, "in.pan.verify", { pan: "ABCPE1234F" }, { async: false })).rejects.toMatchObject({
      code: "parameter_missing",
      param: "consent",
    });
    expect(await db.check.count({ where: { projectId, mode: "live" } })).toBe(before);
  });

  it("takes a session check's consent from the consent step; a live registry check without one fails consent_missing with no call", async () => {
    const version = await db.workflowVersion.findFirstOrThrow({ where: { workflow: { projectId } }, select: { id: true, workflowId: true } });
    const live = await db.session.create({
      data: {
        id: `ses_consent${Date.now()}`,
        projectId,
        mode: "live",
        type: "kyc",
        status: "in_progress",
        country: "IN",
        workflowId: version.workflowId,
        workflowVersionId: version.id,
        expiresAt: new Date(Date.now() + 3600_000),
      },
      select: { id: true },
    });
    const req = { projectId, mode: "live" as const, key: "in.pan.verify", input: { pan: "ABCPE1234F" }, sessionId: live.id, step: "pan" };
    expect(await prepareCheck(db, req)).toMatchObject({ status: "failed", errorCode: "consent_missing", provider: null, consent: null });

    await db.sessionStep.create({
      data: {
        id: `step_consent${Date.now()}`,
        sessionId: live.id,
        name: "consent",
        type: "consent",
        position: 0,
        required: true,
        status: "submitted",
        method: "checkbox",
        submittedAt: new Date(),
        data: { accepted: true, notice_version: "2026-10-01", purposes: ["identity_verification"], at: "2026-11-24T09:00:00.000Z" },
      },
    });
    expect(await sessionConsent(db, live.id)).toEqual({
      consent: { obtained: true, at: "2026-11-24T09:00:00.000Z", method: "hosted_flow_checkbox", notice_version: "2026-10-01", source: "session" },
      purpose: expect.stringContaining("identity_verification"),
    });
    const check = await prepareCheck(db, req);
    expect(check).toMatchObject({ status: "pending", consent: { source: "session", notice_version: "2026-10-01" } });
    expect(check.purpose!.length).toBeGreaterThanOrEqual(20);
  });
});
