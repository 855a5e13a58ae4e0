/**
 * The face quality gate of the face match: a face too small, blurred, turned away or covered
 * gives no reliable embedding, so its low similarity must not read as "another person". Pure: it
 * reads the signals analyzeFaces measured (`DetectedFace.quality`, `pose`) against
 * FACE_QUALITY_LIMITS (face-thresholds.ts).
 */
import type { DetectedFace } from "./face-engine";
import { FACE_QUALITY_LIMITS } from "./face-thresholds";

/** Why a face is not fit to compare. */
export type FaceQualityIssue = "face_too_small" | "face_blurred" | "face_turned" | "face_covered";

/**
 * The first quality problem of a face, or null when it is fit to compare.
 * @param face a face of `analyzeFaces`.
 */
export function faceQualityIssue(face: Pick<DetectedFace, "quality" | "pose">, limits = FACE_QUALITY_LIMITS): FaceQualityIssue | null {
  if (face.quality.eyeDistancePx < limits.minEyeDistancePx) return "face_too_small";
  if (face.pose && (Math.abs(face.pose.yaw) > limits.maxYawDegrees || Math.abs(face.pose.pitch) > limits.maxPitchDegrees)) return "face_turned";
  const q = face.quality;
  if (q.meshScore < limits.minMeshScore || q.eyesSharpness < limits.minEyesShare * q.sharpness || q.mouthSharpness < limits.minMouthShare * q.sharpness)
    return "face_covered";
  if (face.quality.sharpness < limits.minSharpness) return "face_blurred";
  return null;
}
