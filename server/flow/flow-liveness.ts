/**
 * The active liveness challenge of a hosted flow's `selfie` step (issue 15): the flow asks the
 * server for a challenge, shows its actions, posts the live camera's frames to it through the
 * upload route (with the nonce), then asks for the server's verdict; a failed attempt may be
 * retried with a new challenge while the workflow's `liveness.max_attempts` allow. The step is
 * then submitted with the challenge's id (server/steps/selfie/selfie-step.ts).
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { issueChallenge, type IssuedChallenge } from "../intelligence/face/liveness/liveness-challenge";
import { judgeChallenge } from "../intelligence/face/liveness/liveness-verdict";
import { ZSelfieSettings, type TSelfieSettings } from "../steps/selfie/selfie.schemas";
import { type FlowContext, loadEditableSession, openStep, stepSettings } from "./flow-session";

async function openSelfieStep(
  db: Db,
  ctx: FlowContext,
  stepName: string,
): Promise<{ s: Awaited<ReturnType<typeof loadEditableSession>>; step: string; settings: TSelfieSettings }> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, stepName, ["selfie"]);
  const settings = ZSelfieSettings.parse(await stepSettings(db, s, step.name));
  if (settings.liveness.active === "none") throw new DomainError("step_not_available", `Step '${stepName}' has no liveness challenge.`, { param: "step" });
  return { s, step: step.name, settings };
}

/**
 * A new challenge for the selfie step `stepName` (its actions drawn from the step's settings).
 * @throws DomainError liveness_attempts_exhausted (409) after the step's `max_attempts`;
 *   step_not_available (a step without the challenge), session_not_editable, client_token_invalid.
 */
export async function startLivenessChallenge(db: Db, ctx: FlowContext, stepName: string): Promise<IssuedChallenge> {
  const { s, step, settings } = await openSelfieStep(db, ctx, stepName);
  return issueChallenge(db, { sessionId: s.id, step, pool: settings.liveness.actions, maxAttempts: settings.liveness.max_attempts });
}

/** What the applicant is told about an attempt: the verdict and its reason, never the measures. */
export interface LivenessAttemptResult {
  status: "passed" | "failed" | "needs_review";
  error_code: string | null;
  attempt: number;
  attempts_left: number;
}

/**
 * The server's verdict on the challenge `challengeId` of the step, with the selfie `selfieFileId`
 * (an upload of the step) as the face to keep.
 * @throws DomainError resource_missing for a challenge or file not of this session; the errors
 *   of `startLivenessChallenge`'s step lookup.
 */
export async function judgeLivenessAttempt(
  db: Db,
  ctx: FlowContext,
  stepName: string,
  input: { challengeId: string; selfieFileId: string },
): Promise<LivenessAttemptResult> {
  const { s, step, settings } = await openSelfieStep(db, ctx, stepName);
  const owned = await db.livenessChallenge.count({ where: { id: input.challengeId, sessionId: s.id, step } });
  if (!owned) throw new DomainError("resource_missing", `No such liveness challenge: '${input.challengeId}'`, { param: "challenge_id" });
  const verdict = await judgeChallenge(
    db,
    { projectId: s.projectId, mode: s.mode },
    { challengeId: input.challengeId, selfieFileId: input.selfieFileId, passiveThreshold: settings.liveness.passive ? settings.liveness.threshold : 0 },
  );
  return {
    status: verdict.status,
    error_code: verdict.errorCode,
    attempt: verdict.attempt,
    attempts_left: Math.max(0, settings.liveness.max_attempts - verdict.attempt),
  };
}
