/**
 * The session pipeline on an embedded database (without Inngest; the executor contract test is
 * inngest/functions/process-session.test.ts): step -> check mapping, decision rules recorded on
 * the history, duplicates by keyed signals, invalid stored input, failure fallback, expiry.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { panStep, publishEngineWorkflow, sessionInProcessing } from "../../tests/fixtures/engine-fixtures";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { signalHash } from "../duplicates/signals";
import { ensureProject } from "../projects/ensure-project";
import { ensureDemoOrganization, seedDemo } from "../seed/seed-demo";
import { decideSession } from "./decide-session";
import { expireDueSessions } from "./expire-sessions";
import { applyAutomaticDecision, failSessionProcessing, planSessionChecks, runSessionChecks } from "./process-session";
import { getSession } from "./session.dto";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let panOnly: string;
let full: string;
const fast = { attempts: 2, baseDelayMs: 1 };
const reviewer = { type: "user" as const, id: "usr_reviewer" };
const OTP = "otp_AbCdEfGhIjKlMnOpQrStUvWx";
const FILE = "file_AbCdEfGhIjKlMnOpQrStUvWx";

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  const seed = await seedDemo(db);
  tenant = { projectId: seed.projectId, mode: "test" };
  panOnly = await publishEngineWorkflow(db, seed.projectId, "Engine PAN", [panStep()]);
  full = await publishEngineWorkflow(db, seed.projectId, "Engine full", [
    panStep(),
    { name: "phone", type: "phone", required: true, settings: {} },
    { name: "documents", type: "documents", required: false, settings: {} },
  ]);
});

const pan = (pan: string, name = "Ravi Kumar", dob = "1990-01-01") => ({ data: { pan, name, dob } });

/** Runs the pipeline the way the Inngest function does, in-request. */
async function processNow(id: string) {
  await runSessionChecks(db, id, fast);
  return applyAutomaticDecision(db, id);
}

async function lastHistory(id: string) {
  return db.sessionHistory.findFirstOrThrow({
    where: { sessionId: id },
    orderBy: { createdAt: "desc" },
    select: { fromStatus: true, toStatus: true, reason: true, note: true, actorType: true },
  });
}

describe("decision rules recorded on the session", () => {
  it("approves by `all_required_checks_passed` and records the rule on the history row and as reason_code", async () => {
    const { id } = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE2345G", "Kiran Rao") });
    expect(await processNow(id)).toBe("approved");
    expect(await lastHistory(id)).toEqual({
      fromStatus: "processing",
      toStatus: "approved",
      reason: "all_required_checks_passed",
      note: "all_required_checks_passed: Every check of a required step passed. (all 1 checks of required steps passed)",
      actorType: "system",
    });
    const s = await getSession(db, tenant, id, ["checks"]);
    expect(s).toMatchObject({ decision: "approved", decision_source: "auto", reason_code: "all_required_checks_passed", duplicates: [] });
    expect(s.checks![0]).toMatchObject({ check_key: "in.pan.verify", status: "passed", score: 1 });
  });

  it("sends a name scoring below 0.8 against the registry to review, with the score as the check's score", async () => {
    const { id } = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE1234F", "Ravindra Kumar") });
    expect(await processNow(id)).toBe("review");
    const s = await getSession(db, tenant, id, ["checks"]);
    expect(s.checks![0]).toMatchObject({ status: "failed", error_code: "name_mismatch", score: 0.615 });
    const h = await lastHistory(id);
    expect(h.reason).toBe("pan_name_mismatch");
    expect(h.note).toContain("score 0.615");
    const row = await db.session.findUniqueOrThrow({ where: { id }, select: { reviewReasons: true, decision: true } });
    expect(row).toEqual({ reviewReasons: ["pan_name_mismatch"], decision: null });
  });

  it("declines an inactive PAN by rule", async () => {
    const { id } = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE6666K", "Old Holder") });
    expect(await processNow(id)).toBe("declined");
    expect((await getSession(db, tenant, id)).reason_code).toBe("pan_inactive");
  });
});

describe("every KYC step type runs its checks", () => {
  it("runs the phone OTP check and the document review (manual: a reviewer decides)", async () => {
    const { id } = await sessionInProcessing(db, tenant, full, {
      pan: pan("ABCPE3456H", "Lata Menon"),
      phone: { data: { phone: "+919876500001", challenge_id: OTP }, method: "otp" },
      documents: { data: { document_type: "pan_card", files: [FILE], fields: { name: "LATA MENON" } }, method: "upload" },
    });
    expect(await processNow(id)).toBe("review");
    const s = await getSession(db, tenant, id, ["checks"]);
    expect(s.checks!.map((c) => [c.step, c.check_key, c.provider, c.status, c.error_code])).toEqual([
      ["pan", "in.pan.verify", "sandbox", "passed", null],
      ["phone", "in.phone.verify", "otp", "failed", "phone_not_verified"], // no such OTP challenge was verified
      ["documents", "in.document.review", "manual", "needs_review", null],
    ]);
    expect(Object.fromEntries(Object.entries(s.steps).map(([k, v]) => [k, v.status]))).toEqual({ pan: "passed", phone: "failed", documents: "needs_review" });
    // the manual check names its rule; the failed phone check has none, the strongest outcome is review either way
    expect((await lastHistory(id)).reason).toBe("manual_check");
  });

  it("records stored step data that no longer fits its check as a failed check (input_invalid), never throws", async () => {
    const { id } = await sessionInProcessing(db, tenant, full, {
      pan: pan("ABCPE3457J", "Lata Menon"),
      phone: { data: { phone: "12345" } },
    });
    const plan = await planSessionChecks(db, id);
    expect(plan.pending).toHaveLength(1); // the PAN; the phone check is already finished
    expect(await processNow(id)).toBe("review");
    const s = await getSession(db, tenant, id, ["checks"]);
    expect(s.checks!.find((c) => c.check_key === "in.phone.verify")).toMatchObject({
      status: "failed",
      error_code: "input_invalid",
      result: { invalid: ["phone", "challenge_id"] },
    });
    expect(JSON.stringify(s.checks)).not.toContain("12345");
  });

  it("plans idempotently: a replayed plan creates no second check", async () => {
    const { id } = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE3458K", "Nila Das") });
    const first = await planSessionChecks(db, id);
    const again = await planSessionChecks(db, id);
    expect(again).toEqual(first);
    expect(await db.check.count({ where: { sessionId: id } })).toBe(1);
  });
});

describe("duplicates", () => {
  it("finds an earlier session with the same PAN and phone by keyed hashes, and sends a duplicate of a declined one to review", async () => {
    const a = await sessionInProcessing(db, tenant, full, {
      pan: pan("ABCPE5555A", "Gopal Sen"),
      phone: { data: { phone: "+919876511111", challenge_id: OTP } },
    });
    await processNow(a.id);
    await decideSession(db, tenant, a.id, { outcome: "declined", reason_code: "suspected_fraud" }, reviewer);

    const b = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE5555A", "Gopal Sen") });
    expect(await processNow(b.id)).toBe("review");
    const s = await getSession(db, tenant, b.id);
    expect(s.duplicates).toEqual([{ session_id: a.id, signals: ["pan"] }]);
    const h = await lastHistory(b.id);
    expect(h.reason).toBe("duplicate_of_declined");
    expect(h.note).toContain(`same pan as ${a.id} (declined)`);

    // only keyed hashes are stored: not the PAN, and not a plain hash of it
    const signals = await db.sessionSignal.findMany({ where: { sessionId: a.id }, select: { kind: true, hash: true }, orderBy: { kind: "asc" } });
    expect(signals.map((x) => x.kind)).toEqual(["pan", "phone"]);
    expect(signals.every((x) => /^[0-9a-f]{64}$/.test(x.hash) && !x.hash.includes("5555"))).toBe(true);
    expect(signals[0]!.hash).toBe(signalHash(tenant, { kind: "pan", value: "ABCPE5555A" }));
    expect(signals[0]!.hash).not.toBe(signalHash({ ...tenant, mode: "live" } as never, { kind: "pan", value: "ABCPE5555A" }));
    expect(signals[0]!.hash).not.toBe(signalHash(tenant, { kind: "pan", value: "ABCPE5555A" }, Buffer.from("another secret")));
  });

  it("lists a duplicate of an approved session without sending it to review", async () => {
    const a = await sessionInProcessing(db, tenant, full, {
      pan: pan("ABCPE7001B", "Uma Pillai"),
      phone: { data: { phone: "+919876522222", challenge_id: OTP } },
    });
    await processNow(a.id);
    await decideSession(db, tenant, a.id, { outcome: "approved", reason_code: "identity_confirmed" }, reviewer);
    const b = await sessionInProcessing(db, tenant, full, {
      pan: pan("ABCPE7002C", "Uma Pillai"),
      phone: { data: { phone: "+919876522222", challenge_id: OTP } },
    });
    await processNow(b.id);
    expect((await getSession(db, tenant, b.id)).duplicates).toEqual([{ session_id: a.id, signals: ["phone"] }]);
    expect((await lastHistory(b.id)).reason).not.toContain("duplicate");
  });

  it("keeps projects apart, and leaves out the session's parent", async () => {
    const org = await ensureDemoOrganization(db);
    const other = await ensureProject(db, { organizationId: org, slug: "engine-other", name: "Other" });
    const otherWf = await publishEngineWorkflow(db, other.id, "Engine PAN", [panStep()]);
    const mine = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE7100D", "Joy Roy") });
    await processNow(mine.id);
    const theirs = await sessionInProcessing(db, { projectId: other.id, mode: "test" }, otherWf, { pan: pan("ABCPE7100D", "Joy Roy") });
    await processNow(theirs.id);
    expect((await db.session.findUniqueOrThrow({ where: { id: theirs.id }, select: { duplicates: true } })).duplicates).toEqual([]);

    const child = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE7100D", "Joy Roy") });
    await db.session.update({ where: { id: child.id }, data: { parentSessionId: mine.id } });
    await processNow(child.id);
    expect((await getSession(db, tenant, child.id)).duplicates).toEqual([]);
  });

  it("replaces a session's signals when it is processed again with other data", async () => {
    const { id } = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE9999Z", "Hari Nair") });
    expect(await processNow(id)).toBe("review");
    await decideSession(db, tenant, id, { outcome: "resubmission_requested", reason_code: "pan_wrong", steps: ["pan"] }, reviewer);
    await db.$transaction(async (tx) => {
      await tx.sessionStep.update({
        where: { sessionId_name: { sessionId: id, name: "pan" } },
        data: { status: "submitted", data: { pan: "ABCPE7200E", name: "Hari Nair", dob: "1990-01-01" }, submittedAt: new Date(Date.now() + 1) },
      });
      await tx.session.update({ where: { id }, data: { status: "processing" } });
    });
    expect(await processNow(id)).toBe("approved");
    const hashes = await db.sessionSignal.findMany({ where: { sessionId: id }, select: { hash: true } });
    expect(hashes.map((h) => h.hash)).toEqual([signalHash(tenant, { kind: "pan", value: "ABCPE7200E" })]);
  });
});

describe("when processing fails for good", () => {
  it("ends unfinished checks in error and sends the session to review", async () => {
    const { id } = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE7300F", "Zoya Khan") });
    await planSessionChecks(db, id);
    expect(await failSessionProcessing(db, id)).toBe("review");
    const s = await getSession(db, tenant, id, ["checks"]);
    expect(s.checks![0]).toMatchObject({ status: "error", error_code: "provider_unavailable" });
    expect((await lastHistory(id)).reason).toBe("in.pan.verify:provider_unavailable");
  });
});

describe("expiry", () => {
  it("expires active sessions past expires_at (history, event, tokens revoked) and leaves the others", async () => {
    const { createSession } = await import("./create-session");
    const due = await createSession(db, tenant, { workflow_id: panOnly, expires_in: 300 }, { type: "api_key", id: "key_test" });
    const notYet = await createSession(db, tenant, { workflow_id: panOnly, expires_in: 300 }, { type: "api_key", id: "key_test" });
    const processing = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE7400G", "Ira Bose") });
    const past = new Date(Date.now() - 1000);
    await db.session.updateMany({ where: { id: { in: [due.id, processing.id] } }, data: { expiresAt: past } });

    const result = await expireDueSessions(db);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await db.session.findUniqueOrThrow({ where: { id: due.id }, select: { status: true } })).status).toBe("expired");
    expect((await db.session.findUniqueOrThrow({ where: { id: notYet.id }, select: { status: true } })).status).toBe("created");
    expect((await db.session.findUniqueOrThrow({ where: { id: processing.id }, select: { status: true } })).status).toBe("processing"); // not active
    expect(await lastHistory(due.id)).toMatchObject({ fromStatus: "created", toStatus: "expired", reason: "expires_at_passed", actorType: "system" });
    expect(await db.event.count({ where: { type: "session.expired", payload: { path: ["data", "session", "id"], equals: due.id } } })).toBe(1);
    expect(await db.clientToken.count({ where: { sessionId: due.id, revokedAt: null } })).toBe(0);
    expect((await expireDueSessions(db)).expired).toBe(0); // nothing twice
  });

  it("tells when the next active session comes due, ignoring sessions that are not active", async () => {
    const { createSession } = await import("./create-session");
    const now = new Date();
    const soon = new Date(now.getTime() + 42_000);
    const sooner = new Date(now.getTime() + 7_000);
    const next = await createSession(db, tenant, { workflow_id: panOnly, expires_in: 300 }, { type: "api_key", id: "key_test" });
    const inactive = await sessionInProcessing(db, tenant, panOnly, { pan: pan("ABCPE7401H", "Ira Bose") });
    await db.session.update({ where: { id: next.id }, data: { expiresAt: soon } });
    await db.session.update({ where: { id: inactive.id }, data: { expiresAt: sooner } }); // processing: never expires
    const round = await expireDueSessions(db, now);
    expect(round).toEqual({ due: 0, expired: 0, at: now.getTime(), nextDueAt: soon.getTime() });
    await db.session.update({ where: { id: next.id }, data: { status: "cancelled" } });
    expect((await expireDueSessions(db, now)).nextDueAt).not.toBe(soon.getTime());
  });
});
