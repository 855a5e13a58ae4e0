import { beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../checks/run-check";
import type { Db } from "../db";
import { readFileSync } from "node:fs";
import { FAKE_PERSON, referenceIdAt, secureQrBytes, toQrDecimal } from "../checks/aadhaar/fixtures/aadhaar-fixtures";
import { sendOtp } from "../otp/send-otp";
import { verifyOtp } from "../otp/verify-otp";
import { createSession } from "../sessions/create-session";
import { providerFor, providerNamed } from "./registry";
import { demoDb } from "~/tests/fixtures/demo-db";

describe("providerFor", () => {
  it.each([
    ["test", "in.ifsc.lookup", "offline_dataset"],
    ["live", "in.ifsc.lookup", "offline_dataset"],
    ["test", "in.pan.verify", "sandbox"],
    ["test", "in.gstin.verify", "sandbox"],
    ["test", "in.bank_account.verify", "sandbox"],
    ["live", "in.pan.verify", "unconfigured"],
    ["live", "in.bank_account.verify", "unconfigured"],
    ["test", "in.aadhaar.secure_qr", "uidai_offline"],
    ["live", "in.aadhaar.offline_ekyc", "uidai_offline"],
    ["test", "in.phone.verify", "otp"],
    ["live", "in.email.verify", "otp"],
    ["test", "in.document.review", "manual"],
    ["test", "in.document.extract", "ocr"],
    ["live", "in.document.extract", "ocr"],
  ] as const)("%s mode, %s -> %s", (mode, key, name) => {
    expect(providerFor(mode, key).name).toBe(name);
  });

  it("tells a project that selected an adapter without credentials on the server which variables are missing", async () => {
    const provider = providerFor("live", "in.pan.verify", { "in.pan.verify": ["quicko_sandbox"] });
    expect(provider.name).toBe("quicko_sandbox");
    await expect(provider.verify("in.pan.verify", { pan: "ABCPE1234F", name: "Ravi" })).rejects.toMatchObject({
      errorCode: "provider_not_configured",
      message: "The project selected Sandbox by Quicko, but QUICKO_SANDBOX_API_KEY, QUICKO_SANDBOX_API_SECRET are not set on the server.",
    });
    // test mode never asks a live adapter
    expect(providerFor("test", "in.pan.verify", { "in.pan.verify": ["quicko_sandbox"] }).name).toBe("sandbox");
  });

  it("asks a check's next attempt the live adapter recorded on it, not a fresh pick", () => {
    expect(providerNamed("live", "in.pan.verify", "quicko_sandbox").name).toBe("quicko_sandbox");
    expect(providerNamed("live", "in.pan.verify", "unconfigured").name).toBe("unconfigured");
    expect(providerNamed("test", "in.pan.verify", "sandbox").name).toBe("sandbox");
  });

  it("lets an unconfigured check end in provider_not_configured", async () => {
    await expect(providerFor("live", "in.gstin.verify").verify("in.gstin.verify", { gstin: "27AAPFU0939F1ZV" })).rejects.toMatchObject({
      errorCode: "provider_not_configured",
    });
  });
});

describe("checks through the providers (runCheck)", () => {
  let db: Db;
  let projectId: string;
  const fast = { attempts: 3, baseDelayMs: 1 };

  beforeAll(async () => {
    ({
      db,
      seed: { projectId },
    } = await demoDb());
  });

  it("retries a sandbox registry timeout, then records error provider_timeout", async () => {
    const check = await runCheck(db, { projectId, mode: "test", key: "in.gstin.verify", input: { gstin: "27AAPFU7777F1ZD" } }, fast);
    expect(check).toMatchObject({ provider: "sandbox", status: "error", errorCode: "provider_timeout", verifiedBy: null });
    expect((await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { attempts: true } })).attempts).toBe(3);
  });

  it("answers a bank account in test mode with the bank named from the IFSC", async () => {
    const check = await runCheck(
      db,
      {
        projectId,
        mode: "test",
        key: "bank_account.verify",
        country: "IN",
        input: { account_number: "50100012345678", ifsc: "HDFC0000001", name: "Ravi Kumar" },
      },
      fast,
    );
    expect(check).toMatchObject({
      checkKey: "in.bank_account.verify",
      provider: "sandbox",
      status: "passed",
      verifiedBy: "source",
      result: { bank_name: "HDFC Bank", name_match: true },
    });
  });

  it("answers the IFSC lookup from the offline dataset in live mode too", async () => {
    const found = await runCheck(db, { projectId, mode: "live", key: "in.ifsc.lookup", input: { ifsc: "kkbk0000261" } }, fast);
    expect(found).toMatchObject({ provider: "offline_dataset", status: "passed", result: { exists: true, bank_name: "Kotak Mahindra Bank" } });
    const missing = await runCheck(db, { projectId, mode: "live", key: "in.ifsc.lookup", input: { ifsc: "HDFC0ZZZZZZ" } }, fast);
    expect(missing).toMatchObject({ provider: "offline_dataset", status: "failed", errorCode: "ifsc_not_found" });
  });

  it("fails a live registry check without consent as consent_missing, without asking any provider", async () => {
    const check = await runCheck(db, { projectId, mode: "live", key: "in.udyam.verify", input: { udyam_number: "UDYAM-MH-19-0012345" } }, fast);
    expect(check).toMatchObject({ provider: null, status: "failed", errorCode: "consent_missing" });
  });

  it("fails an offline-invalid input without asking any provider", async () => {
    const check = await runCheck(db, { projectId, mode: "test", key: "in.gstin.verify", input: { gstin: "27AAPFU0939F1ZO" } }, fast);
    expect(check).toMatchObject({ provider: null, status: "failed", errorCode: "gstin_checksum_invalid" });
  });

  it("ends a live registry check in error provider_not_configured, without retrying", async () => {
    const consent = {
      consent: { obtained: true as const, at: "2026-11-24T10:00:00Z", method: "web_checkbox", notice_version: "2026-10-01", source: "request" as const },
      purpose: "KYB of a new current account holder",
    };
    const check = await runCheck(db, { projectId, mode: "live", key: "in.udyam.verify", input: { udyam_number: "UDYAM-MH-19-0012345" }, consent }, fast);
    expect(check).toMatchObject({ provider: "unconfigured", status: "error", errorCode: "provider_not_configured" });
    expect((await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { attempts: true } })).attempts).toBe(1);
  });
});

describe("checks the service answers itself", () => {
  let db: Db;
  let projectId: string;
  let workflowId: string;
  const fast = { attempts: 1, baseDelayMs: 1 };

  beforeAll(async () => {
    const { seed, ...rest } = await demoDb();
    db = rest.db;
    projectId = seed.projectId;
    workflowId = seed.workflows.kyc;
  });

  it("trusts the public sandbox UIDAI signer in test mode only", async () => {
    const key = readFileSync("server/providers/uidai-sandbox/sandbox-key.pem", "utf8");
    const qr_payload = toQrDecimal(secureQrBytes({ version: "V2", referenceId: referenceIdAt(FAKE_PERSON.last4, new Date()) }, key));
    const test = await runCheck(db, { projectId, mode: "test", key: "in.aadhaar.secure_qr", input: { qr_payload } }, fast);
    expect(test).toMatchObject({
      provider: "uidai_offline",
      status: "passed",
      verifiedBy: "source",
      result: { reference_id_last4: FAKE_PERSON.last4, signature_valid: true },
    });
    const live = await runCheck(db, { projectId, mode: "live", key: "in.aadhaar.secure_qr", input: { qr_payload } }, fast);
    // live mode trusts UIDAI's shipped certificates (and UIDAI_CERT_PATHS), never the sandbox signer
    expect(live).toMatchObject({ provider: "uidai_offline", status: "failed", errorCode: "aadhaar_signature_invalid" });
  });

  it("passes a phone check only for the number whose OTP challenge was verified in that session", async () => {
    const session = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "system" });
    const sent = await sendOtp({
      db,
      projectId,
      mode: "test",
      sessionId: session.id,
      step: "phone",
      channel: "phone",
      destination: "9876543210",
      locale: "en",
    });
    await verifyOtp({ db, sessionId: session.id, step: "phone", code: "123456" });
    const run = (phone: string, sessionId: string) =>
      runCheck(db, { projectId, mode: "test", key: "in.phone.verify", input: { phone, challenge_id: sent.challenge_id }, sessionId, step: "phone" }, fast);
    expect(await run("+91 98765 43210", session.id)).toMatchObject({ provider: "otp", status: "passed", result: { otp_verified: true } });
    expect(await run("9876500000", session.id)).toMatchObject({ provider: "otp", status: "failed", errorCode: "phone_not_verified" });
    const other = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "system" });
    expect(await run("9876543210", other.id)).toMatchObject({ status: "failed", errorCode: "phone_not_verified" });
  });

  it("leaves a document review to a reviewer", async () => {
    const check = await runCheck(
      db,
      { projectId, mode: "test", key: "in.document.review", input: { document_type: "pan_card", files: [`file_${"a".repeat(24)}`] } },
      fast,
    );
    expect(check).toMatchObject({ provider: "manual", status: "needs_review", verifiedBy: null });
  });
});
