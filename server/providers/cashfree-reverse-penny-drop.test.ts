import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { cashfreeWebhookSignature, createCashfreeVerificationProvider, verifyCashfreeWebhook } from "./cashfree-verification";
import { CASHFREE_FAKE_ID, CASHFREE_FAKE_SECRET, fakeCashfreePerFile } from "./cashfree-verification.fixture";
import { AwaitingApplicantError, type CheckContext, ProviderUnavailableError } from "./provider";

const fake = fakeCashfreePerFile();

const KEY = "in.bank_account.reverse_penny_drop";
const provider = (secret = CASHFREE_FAKE_SECRET) =>
  createCashfreeVerificationProvider({ baseUrl: fake().baseUrl, clientId: CASHFREE_FAKE_ID, clientSecret: secret, timeoutMs: 2_000 });

let n = 0;
/** Opens a request for a fresh check id; returns the context a later `verify` gets. */
async function begin(name = "RAVI KUMAR"): Promise<CheckContext> {
  const checkId = `chk_rpdtest${++n}`;
  const context: CheckContext = { projectId: "prj_1", mode: "live", sessionId: null, checkId };
  const request = await provider().begin!(KEY, { name }, context);
  return { ...context, request };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (e: unknown) => e,
  );
}

describe("Cashfree: reverse penny drop", () => {
  it("creates the request with the check's id as verification_id and keeps the link, expiry and reference", async () => {
    const context = await begin();
    expect(fake().log.at(-1)).toMatchObject({ path: "/verification/reverse-penny-drop", body: { verification_id: context.checkId, name: "RAVI KUMAR" } });
    expect(context.request).toMatchObject({ amount: "1.00", currency: "INR", payment_status: "created" });
    expect(String(context.request!.upi_link)).toMatch(/^upi:\/\/pay\?pa=success@upi&.*am=1\.00/);
    const validFor = Date.parse(String(context.request!.valid_upto)) - Date.now();
    expect(validFor).toBeGreaterThan(9 * 60_000);
    expect(validFor).toBeLessThanOrEqual(10 * 60_000);
    expect(context.request!.reference_id).toMatch(/^\d+$/);
  });

  it("waits while the request is CREATED (not paid yet), then passes a payer whose name matches", async () => {
    const context = await begin("R. KUMAR");
    const waiting = await rejection(provider().verify(KEY, { name: "R. KUMAR" }, context));
    expect(waiting).toBeInstanceOf(AwaitingApplicantError);
    expect(fake().log.at(-1)?.path).toBe(`/verification/remitter/status?verification_id=${context.checkId}`);

    fake().payRpd(context.checkId!, "RAVI KUMAR");
    const answer = await provider().verify(KEY, { name: "R. KUMAR" }, context);
    expect(answer).toMatchObject({
      status: "passed",
      errorCode: null,
      verifiedBy: "source",
      result: {
        payment_status: "paid",
        registered_name: "RAVI KUMAR",
        name_match: true,
        account_number_masked: "XXXXXXXXXXX1191",
        account_last4: "1191",
        ifsc: "YESB0000262",
        bank_code: "YESB",
        account_type: "savings",
        utr: "433712345678",
        refund_status: "initiated",
        method: "reverse_penny_drop",
      },
    });
    expect(answer.score).toBeGreaterThan(0.8);
    expect(JSON.stringify(answer)).not.toContain("026291800001191");
  });

  it("fails a payer whose name does not match, and asks a reviewer when the bank returned no name", async () => {
    const other = await begin();
    fake().payRpd(other.checkId!, "SUNITA SHARMA");
    expect(await provider().verify(KEY, { name: "RAVI KUMAR" }, other)).toMatchObject({
      status: "failed",
      errorCode: "name_mismatch",
      result: { registered_name: "SUNITA SHARMA", name_match: false },
    });

    const nameless = await begin();
    fake().payRpd(nameless.checkId!, null);
    expect(await provider().verify(KEY, { name: "RAVI KUMAR" }, nameless)).toMatchObject({
      status: "needs_review",
      errorCode: "payer_name_missing",
      result: { payment_status: "paid", registered_name: null, account_last4: "1191" },
    });
  });

  it("maps EXPIRED to payment_expired, FAILURE to payment_failed, and a CREATED request past its expiry to payment_expired", async () => {
    const expired = await begin();
    fake().expireRpd(expired.checkId!);
    expect(await provider().verify(KEY, { name: "RAVI KUMAR" }, expired)).toMatchObject({ status: "failed", errorCode: "payment_expired" });

    const failed = await begin();
    fake().failRpd(failed.checkId!);
    expect(await provider().verify(KEY, { name: "RAVI KUMAR" }, failed)).toMatchObject({ status: "failed", errorCode: "payment_failed" });

    const late = await begin();
    const past = { ...late, request: { ...late.request, valid_upto: new Date(Date.now() - 1000).toISOString() } };
    expect(await provider().verify(KEY, { name: "RAVI KUMAR" }, past)).toMatchObject({ status: "failed", errorCode: "payment_expired" });
  });

  it("answers payment_request_missing for a check that never opened a request or one Cashfree does not know (400)", async () => {
    const context: CheckContext = { projectId: "prj_1", mode: "live", sessionId: null, checkId: "chk_never" };
    expect(await provider().verify(KEY, { name: "RAVI KUMAR" }, context)).toMatchObject({ status: "failed", errorCode: "payment_request_missing" });
    const unknown = { ...context, request: { valid_upto: new Date(Date.now() + 60_000).toISOString() } };
    expect(await provider().verify(KEY, { name: "RAVI KUMAR" }, unknown)).toMatchObject({ status: "failed", errorCode: "payment_request_missing" });
    expect(fake().log.at(-1)?.path).toBe("/verification/remitter/status?verification_id=chk_never");
  });

  it("maps bad credentials, an exhausted balance and outages to the provider errors", async () => {
    const context: CheckContext = { projectId: "prj_1", mode: "live", sessionId: null, checkId: "chk_creds" };
    const creds = await rejection(provider("wrong").begin!(KEY, { name: "RAVI KUMAR" }, context));
    expect(creds).toBeInstanceOf(ProviderUnavailableError);
    expect((creds as ProviderUnavailableError).errorCode).toBe("provider_not_configured");

    const balance = await rejection(provider().begin!(KEY, { name: "NO BALANCE" }, context));
    expect((balance as ProviderUnavailableError).errorCode).toBe("provider_not_configured");
    expect((balance as Error).message).toContain("insufficient_balance");

    const open = await begin();
    fake().down = true;
    const down = await rejection(provider().verify(KEY, { name: "RAVI KUMAR" }, open));
    expect((down as ProviderUnavailableError).errorCode).toBe("provider_unavailable");
    fake().down = false;
    const statusCreds = await rejection(provider("wrong").verify(KEY, { name: "RAVI KUMAR" }, open));
    expect((statusCreds as ProviderUnavailableError).errorCode).toBe("provider_not_configured");
  });
});

describe("Cashfree: reverse penny drop webhook", () => {
  it("verifies the documented signature of the webhook the vendor posts, and refuses a forged or altered one", async () => {
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        bodies.push(Buffer.concat(chunks).toString("utf8"));
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const context = await begin();
      fake().payRpd(context.checkId!, "RAVI KUMAR");
      await fake().sendRpdWebhook(url, context.checkId!);
      const raw = bodies[0]!;
      expect(JSON.parse(raw)).toMatchObject({ event_type: "RPD_BANK_ACCOUNT_VERIFICATION_SUCCESS", data: { status: "SUCCESS" } });
      expect(verifyCashfreeWebhook(raw, CASHFREE_FAKE_SECRET)).toEqual({ eventType: "RPD_BANK_ACCOUNT_VERIFICATION_SUCCESS", verificationId: context.checkId });

      expect(verifyCashfreeWebhook(raw, "another secret")).toBeNull();
      const altered = JSON.parse(raw) as { data: Record<string, unknown> };
      altered.data.name_at_bank = "MALLORY";
      expect(verifyCashfreeWebhook(JSON.stringify(altered), CASHFREE_FAKE_SECRET)).toBeNull();
      expect(verifyCashfreeWebhook("not json", CASHFREE_FAKE_SECRET)).toBeNull();
      const unsigned = { ...(JSON.parse(raw) as object), signature: undefined };
      expect(verifyCashfreeWebhook(JSON.stringify(unsigned), CASHFREE_FAKE_SECRET)).toBeNull();
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("signs the sorted values of data, as the vendor's example shows", () => {
    const data = { verification_id: "v1", bank_account: "026291800001191", ifsc: "YESB0000262", upi: null };
    // sorted keys: bank_account, ifsc, upi, verification_id -> "026291800001191YESB0000262v1"
    const expected = createHmac("sha256", "s3cret").update("026291800001191YESB0000262v1").digest("base64");
    expect(cashfreeWebhookSignature(data, "s3cret")).toBe(expected);
  });
});
