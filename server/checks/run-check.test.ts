/** The check runner's parts (prepare, one attempt, give up) that the Inngest steps call. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { ProviderUnavailableError } from "../providers/provider";
import { sandboxProvider } from "../providers/sandbox";
import { seedDemo } from "../seed/seed-demo";
import { offlineXml, referenceIdAt, signOfflineXml, zipBase64 } from "./aadhaar/fixtures/aadhaar-fixtures";
import { runDirectCheck } from "./direct-check";
import { attemptCheck, executeCheck, giveUpCheck, prepareCheck } from "./run-check";

let db: Db;
let tenant: { projectId: string; mode: "test" };

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  tenant = { projectId: (await seedDemo(db)).projectId, mode: "test" };
});

afterEach(() => {
  vi.restoreAllMocks();
});

const prepare = (pan: string, name = "Test Person") => prepareCheck(db, { ...tenant, key: "in.pan.verify", input: { pan, name } });

describe("attemptCheck / giveUpCheck", () => {
  it("keeps an outage's code on the running check and throws for the caller to retry; giving up ends it in error once", async () => {
    const check = await prepare("ABCPE7777K");
    await expect(attemptCheck(db, check.id)).rejects.toMatchObject({ errorCode: "provider_timeout" });
    expect(await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { status: true, errorCode: true, attempts: true } })).toEqual({
      status: "running",
      errorCode: "provider_timeout",
      attempts: 1,
    });
    const finished: string[] = [];
    const onFinished = async (_tx: unknown, c: { id: string }) => void finished.push(c.id);
    expect(await giveUpCheck(db, check.id, onFinished)).toMatchObject({ status: "error", errorCode: "provider_timeout" });
    expect(await giveUpCheck(db, check.id, onFinished)).toMatchObject({ status: "error" });
    expect(finished).toEqual([check.id]);
  });

  it("finishes in error at once on a final attempt, and for a provider that is not configured", async () => {
    const timeout = await prepare("ABCPE7777L");
    expect(await attemptCheck(db, timeout.id, { final: true })).toMatchObject({ status: "error", errorCode: "provider_timeout" });
    vi.spyOn(sandboxProvider, "verify").mockRejectedValue(new ProviderUnavailableError("provider_not_configured", "no"));
    const unconfigured = await prepare("ABCPE1357M");
    expect(await attemptCheck(db, unconfigured.id)).toMatchObject({ status: "error", errorCode: "provider_not_configured" });
  });

  it("records an answer once when two workers attempt the same check, and returns a finished check unchanged", async () => {
    const check = await prepare("ABCPE1358N");
    const finished: string[] = [];
    const onFinished = async (_tx: unknown, c: { id: string }) => void finished.push(c.id);
    const [a, b] = await Promise.all([attemptCheck(db, check.id, { onFinished }), attemptCheck(db, check.id, { onFinished })]);
    expect([a.status, b.status]).toEqual(["passed", "passed"]);
    expect(finished).toEqual([check.id]);
    const calls = vi.spyOn(sandboxProvider, "verify");
    expect(await attemptCheck(db, check.id)).toMatchObject({ status: "passed" });
    expect(calls).not.toHaveBeenCalled();
  });

  it("retries in the request with executeCheck: `attempts` provider calls, then error", async () => {
    const check = await prepare("ABCPE7777P");
    expect(await executeCheck(db, check.id, { attempts: 3, baseDelayMs: 1 })).toMatchObject({ status: "error", errorCode: "provider_timeout" });
    expect((await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { attempts: true } })).attempts).toBe(3);
  });
});

describe("prepareCheck with recordInvalidInput", () => {
  it("records an input that does not fit the schema as failed input_invalid, naming the parameters only", async () => {
    const c = await prepareCheck(db, { ...tenant, key: "in.phone.verify", input: { phone: "12345" }, sessionId: undefined }, { recordInvalidInput: true });
    expect(c).toMatchObject({ status: "failed", errorCode: "input_invalid", result: { invalid: ["phone", "challenge_id"] } });
    await expect(prepareCheck(db, { ...tenant, key: "in.phone.verify", input: { phone: "12345" } })).rejects.toMatchObject({ code: "parameter_invalid" });
  });
});

describe("a direct PAN check without a name (decisions.md 2026-11-24)", () => {
  it("answers existence and status, and the date of birth when given, never the registered name", async () => {
    const { status, check } = await runDirectCheck(db, tenant, "in.pan.verify", { pan: "ABCPE1234F" }, { async: false });
    expect(status).toBe(200);
    expect(check).toMatchObject({ check_key: "in.pan.verify", status: "passed", verified_by: "source", error_code: null, score: null });
    expect(JSON.stringify(check)).not.toContain("RAVI KUMAR");
    const dob = await runDirectCheck(db, tenant, "tax_id.verify", { country: "IN", pan: "ABCPE1234F", dob: "1991-02-03" }, { async: false });
    expect(dob.check).toMatchObject({ status: "failed", error_code: "dob_mismatch" });
  });
});

describe("a check whose input holds a one-time secret (the Aadhaar offline e-KYC share code)", () => {
  const SHARE_CODE = "Zq7#";
  const offlineZip = () =>
    zipBase64(
      "offlineaadhaar.xml",
      signOfflineXml(
        offlineXml(referenceIdAt("4321", new Date()), SHARE_CODE),
        readFileSync(path.resolve("server/providers/uidai-sandbox/sandbox-key.pem"), "utf8"),
      ),
      SHARE_CODE,
    );

  it.each([false, true])("is answered when received (async: %s) and keeps neither the ZIP nor the share code", async (async) => {
    const zip = await offlineZip();
    const { status, check } = await runDirectCheck(db, tenant, "in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE }, { async });
    expect(status).toBe(async ? 202 : 200);
    expect(check).toMatchObject({ status: "passed", verified_by: "source" });
    const row = await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { input: true, inputHash: true, result: true } });
    expect(row).toMatchObject({ input: {}, inputHash: null });
    expect(JSON.stringify(row)).not.toContain(SHARE_CODE);
    const events = await db.event.findMany({ where: { payload: { path: ["data", "check", "id"], equals: check.id } }, select: { type: true } });
    expect(events).toEqual(async ? [{ type: "check.completed" }] : []);
  });

  it("ends in error (input_not_kept) when attempted without the input, never from what is stored", async () => {
    const created = await prepareCheck(db, { ...tenant, key: "in.aadhaar.offline_ekyc", input: { zip_base64: await offlineZip(), share_code: SHARE_CODE } });
    expect(created.status).toBe("pending");
    expect(await attemptCheck(db, created.id)).toMatchObject({ status: "error", errorCode: "input_not_kept" });
  });
});

describe("the data fix 20261124150500_discard_aadhaar_share_codes", () => {
  it("removes the share code and the ZIP that earlier versions stored in check inputs", async () => {
    const legacy = await db.check.create({
      data: {
        id: "chk_legacy_aadhaar",
        ...tenant,
        checkKey: "in.aadhaar.offline_ekyc",
        genericKey: "national_id.verify",
        input: { zip_base64: "UEsDBA==", share_code: "Ab1#" },
        inputHash: "x",
      },
    });
    const pan = await prepare("ABCPE1234F");
    const sqlText = readFileSync(path.resolve("prisma/migrations/20261124150500_discard_aadhaar_share_codes/migration.sql"), "utf8");
    await (await getSql()).exec(sqlText);
    expect(await db.check.findUniqueOrThrow({ where: { id: legacy.id }, select: { input: true, inputHash: true } })).toEqual({ input: {}, inputHash: null });
    expect((await db.check.findUniqueOrThrow({ where: { id: pan.id }, select: { input: true } })).input).toMatchObject({ pan: "ABCPE1234F" });
  });
});
