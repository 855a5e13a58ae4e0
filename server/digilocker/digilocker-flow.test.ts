/**
 * The `digilocker` step end to end on a real (PGlite) database in test mode, as the applicant
 * meets it: the flow starts an authorization, the sandbox DigiLocker's consent page sends the
 * browser to the callback, the callback fetches the e-Aadhaar and the PAN record, the page submits
 * the step; then `in.aadhaar.digilocker` passes, its photo becomes the selfie's reference and
 * the face match against it passes. Also: declining and no Aadhaar fall back to an Offline e-KYC,
 * a state works once, and live mode needs the project's credentials (sealed at rest).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { offlineXml, referenceIdAt, signOfflineXml, zipBase64 } from "../checks/aadhaar/fixtures/aadhaar-fixtures";
import { runCheck } from "../checks/run-check";
import { checksForStep } from "../checks/step-checks";
import type { Db } from "../db";
import { startFlow } from "../flow/flow-state";
import { submitStep } from "../flow/submit-step";
import { uploadStepFile } from "../flow/upload-step-file";
import { sessionReferencePhotos } from "../intelligence/face/face-checks";
import { sandboxConsentRedirect } from "../providers/digilocker-sandbox";
import { createSession } from "../sessions/create-session";
import { cancelSession } from "../sessions/session-actions";
import { createWorkflow, publishWorkflow } from "../workflows/publish-workflow";
import { completeDigilocker, startDigilocker } from "./digilocker-authorization";
import { digilockerCredentials, getDigilockerSettings, removeDigilockerSettings, setDigilockerSettings } from "./digilocker-settings";
import { domainError } from "~/tests/fixtures/domain-error";
import { demoDb } from "~/tests/fixtures/demo-db";

let db: Db;
let projectId: string;
let workflowId: string;
const FAST = { attempts: 1, baseDelayMs: 1 };
const SHARE_CODE = "Ab1#";

beforeAll(async () => {
  process.env.SCANNER = "off";
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
  const definition = {
    languages: ["en" as const, "hi" as const],
    ttl_seconds: 86_400,
    steps: [
      { name: "digilocker", type: "digilocker" as const, required: true, settings: { documents: ["PANCR"], fallback: ["offline_ekyc" as const] } },
      {
        name: "selfie",
        type: "selfie" as const,
        required: true,
        settings: { face_match: { compare_with: "aadhaar" }, liveness: { passive: false, active: "none" } },
      },
    ],
    decision: { rules: [], otherwise: "approve" as const },
    risk: { rules: [], otherwise: "low" as const },
  };
  ({ id: workflowId } = await createWorkflow(db, { projectId, name: "DigiLocker KYC", type: "kyc", country: "IN", definition }));
  await publishWorkflow(db, { projectId, workflowId, publishedBy: "test" });
});

async function newSession(mode: "test" | "live" = "test") {
  const created = await createSession(db, { projectId, mode }, { workflow_id: workflowId }, { type: "api_key", id: "key_test" });
  const ctx = { sessionId: created.id, token: created.client_token, ip: "203.0.113.9", userAgent: "vitest" };
  await startFlow(db, ctx);
  return ctx;
}

/** The applicant at the sandbox DigiLocker: allows as `person` (or declines with null); returns the callback's query. */
async function atDigilocker(ctx: Awaited<ReturnType<typeof newSession>>, person: string | null) {
  const { url } = await startDigilocker(db, ctx, "digilocker");
  expect(url).toMatch(/^\/digilocker-sandbox\/public\/oauth2\/1\/authorize\?/); // relative: the applicant stays on their origin
  const authorize = new URL(url, "http://applicant.example");
  const callback = new URL(sandboxConsentRedirect(Object.fromEntries(authorize.searchParams), person)!, "http://applicant.example");
  expect(callback.pathname).toBe("/flow/digilocker/callback");
  return { state: callback.searchParams.get("state"), code: callback.searchParams.get("code"), error: callback.searchParams.get("error") };
}

describe("digilocker step", () => {
  it("takes Aadhaar and the PAN record from DigiLocker, and the Aadhaar photo becomes the selfie's reference", async () => {
    const ctx = await newSession();
    const callback = await atDigilocker(ctx, "ravi");
    const done = await completeDigilocker(db, callback);
    expect(done).toMatchObject({ sessionId: ctx.sessionId, status: "completed", authorizationId: expect.stringMatching(/^dla_/) });
    expect(await completeDigilocker(db, callback)).toBeNull(); // a state works once

    await submitStep(db, ctx, "digilocker", { method: "digilocker", authorization_id: done!.authorizationId });
    const step = await db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId: ctx.sessionId, name: "digilocker" } } });
    const data = step.data as { method: string; eaadhaar_xml: string; documents: { file_id: string }[] };
    expect(step.method).toBe("digilocker");
    expect(data.eaadhaar_xml).toContain("<KycRes");
    expect(data.documents).toEqual([
      {
        file_id: expect.stringMatching(/^file_/),
        doctype: "PANCR",
        name: "PAN Verification Record",
        issuer: "Income Tax Department",
        issuer_id: "in.gov.pan",
        uri: "in.gov.pan-PANCR-ABCPE1234F",
        date: "2024-04-01T10:00:00Z",
      },
    ]);
    const evidence = await db.evidenceFile.findUniqueOrThrow({ where: { id: data.documents[0]!.file_id } });
    expect(evidence).toMatchObject({
      sessionId: ctx.sessionId,
      step: "digilocker",
      kind: "digilocker_document",
      contentType: "image/png",
      scanStatus: "source_signed",
    });
    // the outcome is handed over once
    expect((await domainError(submitStep(db, ctx, "digilocker", { method: "digilocker", authorization_id: done!.authorizationId }))).message).toBe(
      "digilocker_failed",
    );

    const [planned] = checksForStep("digilocker", {}, data, step.method);
    expect(planned!.key).toBe("in.aadhaar.digilocker");
    const aadhaar = await runCheck(
      db,
      { projectId, mode: "test", key: planned!.key, input: planned!.input, sessionId: ctx.sessionId, step: "digilocker" },
      FAST,
    );
    expect(aadhaar).toMatchObject({
      status: "passed",
      provider: "uidai_offline",
      result: { document: "digilocker_eaadhaar", name: "Ravi Kumar", reference_id_last4: "1234" },
    });
    const refs = await sessionReferencePhotos(db, { projectId, mode: "test" }, { sessionId: ctx.sessionId, compareWith: "aadhaar" });
    const photo = await db.evidenceFile.findUniqueOrThrow({ where: { id: refs.fileIds[0]! } });
    expect(photo).toMatchObject({ kind: "aadhaar_photo", contentType: "image/jpeg" });

    const selfie = await uploadStepFile(db, ctx, {
      step: "selfie",
      kind: "selfie",
      bytes: readFileSync(path.resolve("tests/fixtures/intelligence/selfie-collins.jpg")),
    });
    const match = await runCheck(
      db,
      {
        projectId,
        mode: "test",
        key: "in.face.match",
        input: { selfie_file_id: selfie.id, compare_with: "aadhaar" },
        sessionId: ctx.sessionId,
        step: "selfie",
      },
      FAST,
    );
    expect(match).toMatchObject({ status: "passed", result: { reference: "aadhaar_photo" } });
  }, 120_000);

  it("falls back to an Offline e-KYC when the applicant declines or DigiLocker has no Aadhaar", async () => {
    const ctx = await newSession();
    const declined = await completeDigilocker(db, await atDigilocker(ctx, null));
    expect(declined).toMatchObject({ status: "declined" });
    const refused = await domainError(submitStep(db, ctx, "digilocker", { method: "digilocker", authorization_id: declined!.authorizationId }));
    expect(refused).toMatchObject({ code: "parameter_invalid", param: "authorization_id", message: "digilocker_declined" });

    const none = await completeDigilocker(db, await atDigilocker(ctx, "no_aadhaar"));
    expect(none).toMatchObject({ status: "no_aadhaar" });
    expect((await domainError(submitStep(db, ctx, "digilocker", { method: "digilocker", authorization_id: none!.authorizationId }))).message).toBe(
      "digilocker_no_aadhaar",
    );

    // the workflow allows only the Offline e-KYC as the fallback
    expect((await domainError(submitStep(db, ctx, "digilocker", { method: "secure_qr", qr_payload: "1".repeat(200) }))).message).toBe(
      "aadhaar_method_required",
    );
    const key = readFileSync(path.resolve("server/providers/uidai-sandbox/sandbox-key.pem"), "utf8");
    const zip = await zipBase64("offlineaadhaar.xml", signOfflineXml(offlineXml(referenceIdAt("4321", new Date()), SHARE_CODE), key), SHARE_CODE);
    await submitStep(db, ctx, "digilocker", { method: "offline_ekyc", zip_base64: zip, share_code: SHARE_CODE });
    const step = await db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId: ctx.sessionId, name: "digilocker" } } });
    expect(step.method).toBe("offline_ekyc");
    expect(checksForStep("digilocker", {}, step.data, step.method)[0]).toMatchObject({ key: "in.aadhaar.offline_ekyc" });
  });

  it("refuses an unknown or forged state, and an authorization of another session", async () => {
    expect(await completeDigilocker(db, { state: "forged", code: "x", error: null })).toBeNull();
    expect(await completeDigilocker(db, { state: null, code: "x", error: null })).toBeNull();
    const a = await newSession();
    const b = await newSession();
    const done = await completeDigilocker(db, await atDigilocker(a, "ravi"));
    expect((await domainError(submitStep(db, b, "digilocker", { method: "digilocker", authorization_id: done!.authorizationId }))).message).toBe(
      "digilocker_failed",
    );

    // nothing is fetched for a session cancelled while the applicant was at DigiLocker
    const c = await newSession();
    const callback = await atDigilocker(c, "ravi");
    await cancelSession(db, { projectId, mode: "test" }, c.sessionId, { type: "api_key", id: "key_test" });
    expect(await completeDigilocker(db, callback)).toMatchObject({ status: "failed" });
    expect(await db.evidenceFile.count({ where: { sessionId: c.sessionId } })).toBe(0);
  });

  it("needs the project's DigiLocker credentials in live mode, the secret sealed at rest and never shown", async () => {
    const live = await newSession("live");
    expect((await domainError(startDigilocker(db, live, "digilocker"))).code).toBe("digilocker_not_configured");

    const actor = { type: "user" as const, id: "usr_test" };
    expect(
      (await domainError(setDigilockerSettings(db, projectId, { clientId: "ABC123", redirectUri: "https://kyc.example/flow/digilocker/callback" }, actor)))
        .param,
    ).toBe("clientSecret");
    const view = await setDigilockerSettings(
      db,
      projectId,
      { clientId: "ABC123", clientSecret: "s3cr3t-value", redirectUri: "https://kyc.example/flow/digilocker/callback" },
      actor,
    );
    expect(view).toMatchObject({ configured: true, clientId: "ABC123", redirectUri: "https://kyc.example/flow/digilocker/callback" });
    expect(JSON.stringify(view)).not.toContain("s3cr3t-value");
    const row = await db.digilockerCredential.findUniqueOrThrow({ where: { projectId } });
    expect(row.clientSecret).toMatch(/^enc1\./);
    expect(row.clientSecret).not.toContain("s3cr3t");
    // a blank secret keeps the stored one
    await setDigilockerSettings(db, projectId, { clientId: "ABC124", redirectUri: "https://kyc.example/flow/digilocker/callback" }, actor);
    expect(await digilockerCredentials(db, projectId)).toEqual({
      clientId: "ABC124",
      clientSecret: "s3cr3t-value",
      redirectUri: "https://kyc.example/flow/digilocker/callback",
    });

    const { url } = await startDigilocker(db, live, "digilocker");
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe("https://digilocker.meripehchaan.gov.in/public/oauth2/1/authorize");
    expect(authorize.searchParams.get("client_id")).toBe("ABC124");
    expect(authorize.searchParams.get("redirect_uri")).toBe("https://kyc.example/flow/digilocker/callback");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const audit = await db.auditLog.findMany({ where: { projectId, action: "project.digilocker_credentials_changed" }, select: { data: true } });
    expect(JSON.stringify(audit)).not.toContain("s3cr3t");

    expect(await removeDigilockerSettings(db, projectId, actor)).toMatchObject({ configured: false, clientId: null });
    expect((await getDigilockerSettings(db, projectId)).suggestedRedirectUri).toMatch(/\/flow\/digilocker\/callback$/);
  });
});
