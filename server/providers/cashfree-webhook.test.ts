/**
 * The reverse penny drop in live mode, end to end against the loopback Cashfree: a direct check
 * with consent opens the request (our check id as verification_id), stays pending while unpaid,
 * and the vendor's signed webhook (posted by the fake to a receiver that hands the raw body to
 * `receiveCashfreeWebhook`) finishes it with `check.completed`; a forged webhook changes nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db";
import { CASHFREE_FAKE_SECRET, startFakeCashfree, stubCashfreeEnv, type FakeCashfree } from "./cashfree-verification.fixture";

let cashfree: FakeCashfree;
let db: Db;
let tenant: { projectId: string; mode: "live" };
let directCheck: typeof import("../checks/direct-check");
let receiver: Server;
let receiverUrl: string;
const KEY = "in.bank_account.reverse_penny_drop";
const consent = {
  consent: { obtained: true, at: "2026-11-24T10:00:00Z", method: "web_checkbox", notice_version: "2026-10-01" },
  purpose: "Verify the payout account of a new customer",
};

beforeAll(async () => {
  cashfree = await startFakeCashfree();
  stubCashfreeEnv(cashfree);
  // the adapters are built from the environment when the registry module loads
  vi.resetModules();
  directCheck = await import("../checks/direct-check");
  const { receiveCashfreeWebhook } = await import("./cashfree-webhook");
  const { demoDb } = await import("~/tests/fixtures/demo-db");
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "live" };
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void receiveCashfreeWebhook(db, Buffer.concat(chunks).toString("utf8")).then((status) => {
        res.writeHead(status);
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/cashfree`;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await cashfree.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const events = (checkId: string) => db.event.findMany({ where: { payload: { path: ["data", "check", "id"], equals: checkId } }, select: { type: true } });

describe("reverse penny drop, live (Cashfree)", () => {
  it("needs the applicant's consent and a purpose", async () => {
    await expect(directCheck.runDirectCheck(db, tenant, KEY, { name: "Ravi Kumar" }, { async: false })).rejects.toMatchObject({
      code: "parameter_missing",
      param: "consent",
    });
  });

  it("opens the request with the check's id, waits while unpaid, and finishes on the vendor's signed webhook", async () => {
    const { status, check } = await directCheck.runDirectCheck(db, tenant, KEY, { name: "Ravi Kumar", ...consent }, { async: false });
    expect(status).toBe(200);
    expect(check).toMatchObject({
      status: "pending",
      provider: "cashfree",
      purpose: consent.purpose,
      provider_attempts: [{ provider: "cashfree", outcome: "pending" }],
    });
    expect(String(check.result?.upi_link)).toMatch(/^upi:\/\/pay\?pa=success@upi/);
    expect(cashfree.log.at(-1)).toMatchObject({ path: "/verification/reverse-penny-drop", body: { verification_id: check.id, name: "RAVI KUMAR" } });

    expect(await directCheck.getCheck(db, tenant, check.id)).toMatchObject({ status: "pending" });

    // a forged webhook is refused and changes nothing
    cashfree.payRpd(check.id, "RAVI KUMAR");
    expect((await cashfree.sendRpdWebhook(receiverUrl, check.id, "not the secret")).status).toBe(400);
    expect(await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { status: true } })).toEqual({ status: "pending" });

    expect((await cashfree.sendRpdWebhook(receiverUrl, check.id)).status).toBe(200);
    const done = await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { status: true, errorCode: true, result: true, verifiedBy: true } });
    expect(done).toMatchObject({ status: "passed", errorCode: null, verifiedBy: "source", result: { registered_name: "RAVI KUMAR", account_last4: "1191" } });
    expect(await events(check.id)).toEqual([{ type: "check.completed" }]);

    // a replayed webhook reads the finished check again: nothing changes, no second event
    expect((await cashfree.sendRpdWebhook(receiverUrl, check.id)).status).toBe(200);
    expect(await events(check.id)).toEqual([{ type: "check.completed" }]);
  });

  it("records the vendor's expiry as payment_expired, and an outage leaves the check waiting", async () => {
    const { check } = await directCheck.runDirectCheck(db, tenant, KEY, { name: "Ravi Kumar", ...consent }, { async: true });
    cashfree.down = true;
    expect(await directCheck.getCheck(db, tenant, check.id)).toMatchObject({ status: "pending", error_code: null });
    cashfree.down = false;
    cashfree.expireRpd(check.id);
    expect(await directCheck.getCheck(db, tenant, check.id)).toMatchObject({ status: "failed", error_code: "payment_expired" });
  });

  it("ends in error when Cashfree refuses to open the request (bad credentials)", async () => {
    vi.stubEnv("CASHFREE_CLIENT_SECRET", "wrong");
    vi.resetModules();
    const other = await import("../checks/direct-check");
    const { check } = await other.runDirectCheck(db, tenant, KEY, { name: "Ravi Kumar", ...consent }, { async: false });
    expect(check).toMatchObject({ status: "error", error_code: "provider_not_configured", provider_attempts: [{ outcome: "provider_not_configured" }] });
    vi.stubEnv("CASHFREE_CLIENT_SECRET", CASHFREE_FAKE_SECRET);
  });
});
