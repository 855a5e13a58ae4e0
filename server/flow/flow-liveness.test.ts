/**
 * The selfie step's liveness challenge as the hosted flow drives it, on a real (PGlite) database
 * with the seeded "India KYC (full)" workflow (its selfie step without the face match, 2 attempts):
 * issue, frames through uploadStepFile with the nonce (the e2e journeys' pictures of a rendered 3D
 * head, e2e/fixtures/liveness/), the server's verdict, the step's submission and in.liveness.check.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../checks/run-check";
import type { Db } from "../db";
import { DEFAULT_LIVENESS_ACTIONS } from "../intelligence/face/liveness/liveness-judge";
import { domainError } from "~/tests/fixtures/domain-error";
import { flowDb } from "~/tests/fixtures/flow-db";
import { challengeFrames } from "~/tests/fixtures/liveness/e2e-frames";
import { doLivenessChallenge } from "~/tests/fixtures/liveness/flow-challenge";
import { judgeLivenessAttempt, startLivenessChallenge } from "./flow-liveness";
import { submitStep } from "./submit-step";
import { uploadStepFile } from "./upload-step-file";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let newSession: Awaited<ReturnType<typeof flowDb>>["newSession"];

beforeAll(async () => {
  process.env.SCANNER = "off"; // the scan itself is tested in server/uploads
  let workflowId: string;
  ({ db, tenant, newSession, workflowId } = await flowDb());
  // the seeded workflow's selfie step without the face match, 2 attempts
  const version = await db.workflowVersion.findFirstOrThrow({ where: { workflowId }, orderBy: { version: "desc" } });
  const definition = version.definition as { steps: { type: string; settings: Record<string, unknown> }[] };
  for (const s of definition.steps)
    if (s.type === "selfie")
      s.settings = { face_match: { enabled: false }, liveness: { passive: true, active: "challenge", actions: DEFAULT_LIVENESS_ACTIONS, max_attempts: 2 } };
  await db.workflowVersion.update({ where: { id: version.id }, data: { definition: definition as never } });
});

describe("the selfie step's liveness challenge in the flow", () => {
  it("binds the frames to the challenge's nonce and refuses repeated bytes: the attempt is judged replayed", async () => {
    const ctx = await newSession();
    // a frame without a challenge, or with a nonce that is not the step's open challenge's, is refused
    expect(await domainError(uploadStepFile(db, ctx, { step: "selfie", kind: "selfie_frame", bytes: challengeFrames("head", [])[0]! }))).toMatchObject({
      code: "parameter_missing",
      param: "challenge",
    });
    const challenge = await startLivenessChallenge(db, ctx, "selfie");
    expect(challenge.actions.every((a) => DEFAULT_LIVENESS_ACTIONS.includes(a))).toBe(true);
    expect(
      await domainError(
        uploadStepFile(db, ctx, {
          step: "selfie",
          kind: "selfie_frame",
          bytes: challengeFrames("head", [])[0]!,
          liveness: { nonce: "n".repeat(32), capturedMs: 0 },
        }),
      ),
    ).toMatchObject({ code: "liveness_challenge_invalid" });

    const list = challengeFrames("head", challenge.actions);
    const selfie = await uploadStepFile(db, ctx, { step: "selfie", kind: "selfie", bytes: list[0]! });
    // identical consecutive pictures of the fake camera would be refused as repeats: a real camera never sends the same bytes twice
    const seen = new Set<string>();
    let refused = 0;
    for (const [i, bytes] of list.entries()) {
      const key = Buffer.from(bytes).toString("base64");
      const sent = uploadStepFile(db, ctx, { step: "selfie", kind: "selfie_frame", bytes, liveness: { nonce: challenge.nonce, capturedMs: 200 + i * 250 } });
      if (seen.has(key)) {
        expect((await domainError(sent)).code).toBe("liveness_frame_replayed");
        refused++;
      } else await sent;
      seen.add(key);
    }
    expect(refused).toBeGreaterThan(0);
    // the repeats were counted: the challenge is judged replayed, whatever the frames show
    const verdict = await judgeLivenessAttempt(db, ctx, "selfie", { challengeId: challenge.id, selfieFileId: selfie.id });
    expect(verdict).toEqual({ status: "failed", error_code: "replayed", attempt: 1, attempts_left: 1 });
  });

  it("passes a second attempt whose frames are all new, submits the step with it, and in.liveness.check answers its verdict", async () => {
    const ctx = await newSession();
    const { selfieId, challengeId, actions } = await doLivenessChallenge(db, ctx);
    const challenge = { id: challengeId, actions, nonce: (await db.livenessChallenge.findUniqueOrThrow({ where: { id: challengeId } })).nonce };
    const selfie = { id: selfieId };
    const verdict = await judgeLivenessAttempt(db, ctx, "selfie", { challengeId: challenge.id, selfieFileId: selfie.id });
    expect(verdict).toMatchObject({ status: "passed", error_code: null, attempt: 1 });
    // judged once: the challenge takes no more frames
    expect(
      await domainError(
        uploadStepFile(db, ctx, {
          step: "selfie",
          kind: "selfie_frame",
          bytes: challengeFrames("flat", [])[0]!,
          liveness: { nonce: challenge.nonce, capturedMs: 9000 },
        }),
      ),
    ).toMatchObject({ code: "liveness_challenge_invalid" });

    expect(await domainError(submitStep(db, ctx, "selfie", { files: [selfie.id] }))).toMatchObject({ code: "parameter_invalid", param: "challenge_id" });
    await submitStep(db, ctx, "selfie", { files: [selfie.id], challenge_id: challenge.id });
    const check = await runCheck(db, {
      projectId: tenant.projectId,
      mode: "test",
      key: "in.liveness.check",
      sessionId: ctx.sessionId,
      input: { selfie_file_id: selfie.id, threshold: 0.5, challenge_id: challenge.id },
    });
    expect(check).toMatchObject({ status: "passed", errorCode: null });
    expect(check.result).toMatchObject({ method: "active", challenge: { challenge_id: challenge.id, status: "passed", actions_seen: challenge.actions } });
  });
});
