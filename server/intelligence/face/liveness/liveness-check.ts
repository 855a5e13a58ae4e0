/**
 * `in.liveness.check` (issue 15): liveness rests on a challenge the server issued and judged
 * (liveness-challenge.ts). The passive models (`antispoof`, `liveness`) score the selfie and may
 * lower a verdict, never make `passed` alone:
 * - the selfie undecodable or without a face: `failed` (`face_image_unreadable`, `face_not_found`);
 * - no challenge (a backend's direct check, or a workflow without the active challenge):
 *   `needs_review` `challenge_required`;
 * - a challenge: its verdict (`passed`, `failed` with the judge's error code, or `needs_review`).
 */
import type { Db } from "../../../db";
import type { Tenant } from "../../../tenant";
import { loadEvidenceBytes } from "../../evidence-bytes";
import { type LivenessScore, scoreLiveness } from "../face-checks";
import { judgeChallenge, type StoredVerdict } from "./liveness-verdict";

export interface LivenessCheckOutcome extends Omit<LivenessScore, "status" | "errorCode"> {
  status: "passed" | "failed" | "needs_review";
  errorCode: string | null;
  /** The challenge's verdict; null without a challenge. */
  challenge: StoredVerdict | null;
}

/**
 * Liveness of a selfie evidence file of the tenant, with the server-issued challenge `challengeId`.
 * @param threshold passive score below which a passed challenge goes to review (0: never).
 * @throws DomainError resource_missing when the selfie or the challenge is not the tenant's.
 */
export async function checkLiveness(
  db: Db,
  tenant: Tenant,
  input: { selfieFileId: string; threshold?: number; challengeId?: string },
): Promise<LivenessCheckOutcome> {
  const [selfie] = await loadEvidenceBytes(db, tenant, [input.selfieFileId]);
  const passive = await scoreLiveness(selfie!.bytes, input.threshold);
  if (passive.status === "failed") return { ...passive, challenge: null };
  if (!input.challengeId) return { ...passive, status: "needs_review", errorCode: "challenge_required", challenge: null };
  const challenge = await judgeChallenge(db, tenant, { challengeId: input.challengeId, selfieFileId: input.selfieFileId, passiveThreshold: passive.threshold });
  return { ...passive, status: challenge.status, errorCode: challenge.errorCode, challenge };
}
