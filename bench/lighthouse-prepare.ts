/**
 * `node --conditions=react-server --import tsx bench/lighthouse-prepare.ts <out.json> [steps]` — run by
 * bench/lighthouse.ts before it starts the app (PGlite: one process at a time). Migrates and
 * seeds a fresh database through the app's own functions, then, for every step of "India KYC
 * (full)" and each flow language, a session fast-forwarded to that step (the steps before it
 * submitted with test-mode values, as server/flow/flow.test.ts does: the selfie with the liveness
 * challenge the server issues for it, as the flow asks for one; its frames are left out, as the
 * later steps' screens do not show the challenge's verdict), and writes
 * `[{ step, locale, url }]` (the hosted-flow link with its client token in the fragment).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { offlineXml, referenceIdAt, signOfflineXml, zipBase64 } from "../server/checks/aadhaar/fixtures/aadhaar-fixtures";
import { closeDb, getDb, getSql } from "../server/db";
import { applyMigrations } from "../server/db/migrate";
import { startLivenessChallenge } from "../server/flow/flow-liveness";
import { sendStepOtp, verifyStepOtp } from "../server/flow/flow-otp";
import type { FlowContext } from "../server/flow/flow-session";
import { startFlow } from "../server/flow/flow-state";
import { submitStep } from "../server/flow/submit-step";
import { uploadStepFile } from "../server/flow/upload-step-file";
import { seedDemo } from "../server/seed/seed-demo";
import { CONSENT_NOTICE_VERSION } from "../server/steps/consent/consent.schemas";
import { createSession } from "../server/sessions/create-session";

const [outFile, onlySteps] = process.argv.slice(2);
if (!outFile) {
  console.error("usage: lighthouse-prepare.ts <out.json> [step,step,...]");
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "..");
const SHARE_CODE = "Ab1#";
export const LOCALES = ["en", "hi"] as const;

const db = await getDb();
try {
  const sql = await getSql();
  await applyMigrations(sql);
  const seed = await seedDemo(db);
  const tenant = { projectId: seed.projectId, mode: "test" as const };
  const png = new Uint8Array(
    await sharp({ create: { width: 640, height: 400, channels: 3, background: "#e8e2d0" } })
      .png()
      .toBuffer(),
  );
  const key = readFileSync(path.join(root, "server/providers/uidai-sandbox/sandbox-key.pem"), "utf8");
  const zip = await zipBase64("offlineaadhaar.xml", signOfflineXml(offlineXml(referenceIdAt("4321", new Date()), SHARE_CODE), key), SHARE_CODE);

  /** Submits step `name` of the session with values that pass. */
  async function submit(ctx: FlowContext, name: string): Promise<void> {
    if (name === "consent") return void (await submitStep(db, ctx, name, { accepted: true, notice_version: CONSENT_NOTICE_VERSION }));
    if (name === "phone" || name === "email") {
      await sendStepOtp(db, ctx, name, { destination: name === "phone" ? "9876543210" : "asha@example.com" });
      return void (await verifyStepOtp(db, ctx, name, { code: "123456" }));
    }
    if (name === "pan") return void (await submitStep(db, ctx, name, { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" }));
    if (name === "aadhaar") return void (await submitStep(db, ctx, name, { method: "offline_ekyc", zip_base64: zip, share_code: SHARE_CODE }));
    if (name === "documents") {
      const front = await uploadStepFile(db, ctx, { step: name, kind: "passport_data_page", bytes: png });
      const back = await uploadStepFile(db, ctx, { step: name, kind: "passport_address_page", bytes: png });
      const fields = { surname: "Kumar", given_names: "Ravi", date_of_birth: "1990-01-01", passport_number: "J8369854" };
      return void (await submitStep(db, ctx, name, { document_type: "passport", files: [front.id, back.id], fields }));
    }
    if (name === "selfie") {
      const challenge = await startLivenessChallenge(db, ctx, name);
      const selfie = await uploadStepFile(db, ctx, { step: name, kind: "selfie", bytes: png });
      return void (await submitStep(db, ctx, name, { files: [selfie.id], challenge_id: challenge.id }));
    }
    throw new Error(`lighthouse-prepare: no way to submit step '${name}'`);
  }

  const steps = (
    await db.workflowVersion.findFirstOrThrow({
      where: { workflowId: seed.workflows.kycFull },
      orderBy: { version: "desc" },
      select: { definition: true },
    })
  ).definition as { steps: { name: string }[] };
  const names = steps.steps.map((s) => s.name);
  const pages: { step: string; locale: string; url: string }[] = [];
  const only = onlySteps ? new Set(onlySteps.split(",")) : null;
  for (const [i, step] of names.entries()) {
    if (only && !only.has(step)) continue;
    for (const locale of LOCALES) {
      const created = await createSession(db, tenant, { workflow_id: seed.workflows.kycFull, locale }, { type: "api_key", id: "bench" });
      const ctx = { sessionId: created.id, token: created.client_token, ip: "127.0.0.1", userAgent: "bench" };
      await startFlow(db, ctx);
      for (const before of names.slice(0, i)) await submit(ctx, before);
      pages.push({ step, locale, url: `/flow/${created.id}#t=${created.client_token}` });
    }
  }
  await sql.close();
  writeFileSync(outFile, JSON.stringify(pages, null, 2));
} finally {
  await closeDb();
}
// the embedded executor's timers would keep the process alive after the database is closed
process.exit(0);
