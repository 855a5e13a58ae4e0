/**
 * The face provider's reference photo while the session's Aadhaar check is still running
 * (embedded PGlite, real face models): `in.face.match` with `compare_with: aadhaar | any` answers
 * "unavailable" (the pipeline retries with backoff) until the UIDAI photo is stored or the Aadhaar
 * check has finished; `compare_with: document` never waits. Every session here uses the same
 * selfie, so a later match may be `needs_review` `face_duplicate`: the tests read the reference
 * and the score, not the status.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { storeEvidence } from "../evidence/evidence";
import { newId } from "../ids";
import { createSession } from "../sessions/create-session";
import { faceProvider } from "./face";
import { ProviderUnavailableError } from "./provider";
import { demoDb } from "~/tests/fixtures/demo-db";

let db: Db;
let projectId: string;
let workflowId: string;
const read = (n: string) => readFileSync(path.resolve("tests/fixtures/intelligence", n));

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  projectId = seed.projectId;
  workflowId = seed.workflows.kyc;
});

/** A test-mode session with a selfie and a PAN card photo, and an Aadhaar check in `status`. */
async function sessionWithAadhaarCheck(status: "pending" | "running") {
  const sessionId = (await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "api_key", id: "key_test" })).id;
  const store = (step: string, kind: string, file: string) =>
    storeEvidence(db, { projectId, sessionId, step, kind, contentType: "image/jpeg", data: read(file) });
  const selfie = await store("selfie", "selfie", "selfie-collins.jpg");
  const card = await store("documents", "pan_card_front", "pan-card.jpg");
  const aadhaarCheck = newId("check");
  await db.check.create({
    data: {
      id: aadhaarCheck,
      projectId,
      mode: "test",
      sessionId,
      step: "aadhaar",
      checkKey: "in.aadhaar.offline_ekyc",
      genericKey: "national_id.verify",
      status,
    },
  });
  const context = { projectId, mode: "test" as const, sessionId };
  const match = (compare_with: "document" | "aadhaar" | "any") =>
    faceProvider.verify("in.face.match", { selfie_file_id: selfie, document_file_id: card, compare_with }, context);
  return { sessionId, aadhaarCheck, match, store };
}

describe("in.face.match while the session's Aadhaar check runs", () => {
  it("answers unavailable for `any` and `aadhaar`, and compares with the document at once for `document`", async () => {
    for (const status of ["pending", "running"] as const) {
      const s = await sessionWithAadhaarCheck(status);
      for (const compareWith of ["any", "aadhaar"] as const) {
        const waiting = await s.match(compareWith).catch((err: unknown) => err);
        expect(waiting).toBeInstanceOf(ProviderUnavailableError);
        expect(waiting).toMatchObject({ errorCode: "provider_unavailable" });
      }
      const answer = await s.match("document");
      expect(answer).toMatchObject({ result: { reference: "document", document_faces: 1 } });
      expect(answer.score!).toBeGreaterThan(0.6);
    }
  });

  it("uses the UIDAI photo as soon as it is stored, before the check finishes", async () => {
    const s = await sessionWithAadhaarCheck("running");
    await s.store("aadhaar", "aadhaar_photo", "aadhaar-front.jpg");
    expect(await s.match("aadhaar")).toMatchObject({ result: { reference: "aadhaar_photo" } });
    expect(await s.match("any")).toMatchObject({ result: { reference: "aadhaar_photo" } });
  });

  it("stops waiting when the Aadhaar check finished without a photo: `any` falls back to the document, `aadhaar` has no reference", async () => {
    const s = await sessionWithAadhaarCheck("running");
    await db.check.update({ where: { id: s.aadhaarCheck }, data: { status: "failed", errorCode: "signature_invalid", finishedAt: new Date() } });
    const fallback = await s.match("any");
    expect(fallback).toMatchObject({ result: { reference: "document", document_faces: 1 } });
    expect(fallback.score!).toBeGreaterThan(0.6);
    expect(await s.match("aadhaar")).toMatchObject({ status: "failed", errorCode: "reference_photo_missing", result: { reference: null } });
  });
});

describe("in.face.match with a JPEG 2000 reference photo", () => {
  it("compares the selfie with the Aadhaar photo as the Secure QR stores it (image/jp2)", async () => {
    const s = await sessionWithAadhaarCheck("running");
    await storeEvidence(db, {
      projectId,
      sessionId: s.sessionId,
      step: "aadhaar",
      kind: "aadhaar_photo",
      contentType: "image/jp2",
      data: read("faces/qr-photo-hopper.jp2"),
    });
    // the session's selfie is Eileen Collins: the decoded photo (Grace Hopper) is another person
    const answer = await s.match("aadhaar");
    expect(answer).toMatchObject({ status: "failed", errorCode: "face_mismatch", result: { reference: "aadhaar_photo", document_faces: 1 } });
  });
});
