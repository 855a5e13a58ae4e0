/**
 * "Continue on your phone" on a real (PGlite) database: the link opens the session once, within
 * its expiry, on a device with its own token; one device submits at a time, the other reads.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { sha256Hex } from "../crypto/hash";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent-defaults";
import { claimHandoff, createHandoff, HANDOFF_TTL_MS, takeOverFlow } from "./flow-handoff";
import { getFlowState } from "./flow-state";
import { submitStep } from "./submit-step";
import { domainError } from "~/tests/fixtures/domain-error";
import { flowDb } from "~/tests/fixtures/flow-db";

let db: Db;
let newSession: Awaited<ReturnType<typeof flowDb>>["newSession"];

beforeAll(async () => {
  ({ db, newSession } = await flowDb());
});

const CONSENT = { accepted: true, notice_version: CONSENT_NOTICE_VERSION };

describe("flow handoff", () => {
  it("opens the session on the phone with its own token; the desktop then reads but cannot submit", async () => {
    const desktop = await newSession();
    const link = await createHandoff(db, desktop);
    expect(link.url).toMatch(/\/h\/[0-9A-Za-z]{10}$/);
    expect(link.url.endsWith(link.code)).toBe(true);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(HANDOFF_TTL_MS - 5000);
    // the code is stored only as a hash
    expect(await db.flowHandoff.count({ where: { codeHash: link.code } })).toBe(0);
    expect(await db.flowHandoff.count({ where: { codeHash: sha256Hex(link.code) } })).toBe(1);

    const claimed = await claimHandoff(db, link.code, "198.51.100.7");
    expect(claimed.sessionId).toBe(desktop.id);
    expect(claimed.token).not.toBe(desktop.token);
    const phone = { ...desktop, token: claimed.token };

    expect((await getFlowState(db, phone)).device).toEqual({ active: true });
    expect((await getFlowState(db, desktop)).device).toEqual({ active: false });
    expect((await domainError(submitStep(db, desktop, "consent", CONSENT))).code).toBe("device_not_active");
    expect((await domainError(createHandoff(db, desktop))).code).toBe("device_not_active");

    // the phone submits; the desktop sees the progress
    await submitStep(db, phone, "consent", CONSENT);
    const seen = await getFlowState(db, desktop);
    expect(seen.steps.find((s) => s.name === "consent")?.status).toBe("submitted");
    expect(seen.currentStep).toBe("phone");

    // the link worked once
    const again = await domainError(claimHandoff(db, link.code, null));
    expect(again).toMatchObject({ code: "handoff_link_invalid", details: { reason: "used" } });

    // "continue here" on the desktop: the phone is told (its submission refused), the desktop submits again
    await takeOverFlow(db, desktop);
    expect((await getFlowState(db, desktop)).device.active).toBe(true);
    expect((await getFlowState(db, phone)).device.active).toBe(false);
    expect((await domainError(submitStep(db, phone, "phone", {}))).code).toBe("device_not_active");
    const audit = await db.auditLog.findMany({ where: { objectId: desktop.id, action: { startsWith: "session." } }, select: { action: true } });
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["session.handoff_link_created", "session.client_token_issued", "session.flow_device_switched"]),
    );
  });

  it("refuses an expired, unknown or malformed code, and a session that no longer takes input", async () => {
    const desktop = await newSession();
    const past = new Date(Date.now() - HANDOFF_TTL_MS - 1000);
    const old = await createHandoff(db, desktop, past);
    expect(await domainError(claimHandoff(db, old.code, null))).toMatchObject({ code: "handoff_link_invalid", details: { reason: "expired" } });
    expect(await domainError(claimHandoff(db, "AAAAAAAAAA", null))).toMatchObject({ details: { reason: "invalid" } });
    expect(await domainError(claimHandoff(db, "../../etc", null))).toMatchObject({ details: { reason: "invalid" } });

    const fresh = await createHandoff(db, desktop);
    await db.session.update({ where: { id: desktop.id }, data: { status: "cancelled" } });
    expect((await domainError(claimHandoff(db, fresh.code, null))).code).toBe("session_not_editable");
    // a failed claim on a closed session issues no token
    expect(await db.clientToken.count({ where: { sessionId: desktop.id } })).toBe(1);
  });
});
