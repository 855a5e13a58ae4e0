/**
 * The `selfie` step's schemas: its settings (face match with the document's photo, passive and
 * active liveness) and what the applicant submits (the selfie and, for an active challenge, its
 * frames).
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { DEFAULT_FACE_MATCH_THRESHOLD, DEFAULT_LIVENESS_THRESHOLD, FACE_MATCH_REVIEW_BAND } from "../../intelligence/face/face-thresholds";
import { ZFileId } from "../input-fields";

/** Reference photos the selfie may be compared with (`in.face.match`). */
export const FACE_MATCH_REFERENCES = ["document", "aadhaar", "any"] as const;
/** Active liveness challenges of the selfie step. */
export const LIVENESS_CHALLENGES = ["none", "turn_head", "blink"] as const;

/**
 * `selfie`: a live photo from the front camera (no gallery upload), compared with the identity
 * document's photo (`in.face.match`) and checked for liveness (`in.liveness.check`); planned by
 * ./selfie-step.ts.
 */
export const ZSelfieSettings = z.strictObject({
  face_match: z
    .strictObject({
      enabled: z.boolean().optional().meta({
        title: "Compare with the document photo",
        description: "Run in.face.match. Empty: on when the workflow has a documents or Aadhaar step (a photo to compare with).",
      }),
      threshold: z
        .number()
        .min(0)
        .max(1)
        .default(DEFAULT_FACE_MATCH_THRESHOLD)
        .meta({
          title: "Face match threshold",
          description: `Similarity 0..1 at or above which the faces match (calibrated default ${DEFAULT_FACE_MATCH_THRESHOLD}); up to ${FACE_MATCH_REVIEW_BAND} below it goes to a reviewer, lower fails.`,
        }),
      compare_with: z.enum(FACE_MATCH_REFERENCES).default("any").meta({
        title: "Compare with",
        description:
          "document: the photo on the uploaded identity document; aadhaar: the photo in the UIDAI-signed offline e-KYC; any: the Aadhaar photo when the session has a readable one, else the document.",
      }),
    })
    .prefault({}),
  liveness: z
    .strictObject({
      passive: z.boolean().default(true).meta({
        title: "Passive liveness",
        description: "Score the selfie with the anti-spoofing and liveness models (in.liveness.check).",
      }),
      threshold: z
        .number()
        .min(0)
        .max(1)
        .default(DEFAULT_LIVENESS_THRESHOLD)
        .meta({
          title: "Liveness threshold",
          description: `Passive liveness score 0..1 below which the selfie goes to a reviewer (default ${DEFAULT_LIVENESS_THRESHOLD}).`,
        }),
      active: z.enum(LIVENESS_CHALLENGES).default("none").meta({
        title: "Active challenge",
        description:
          "none; turn_head: the applicant turns the head left and right; blink: the applicant blinks. Frames taken during the challenge are verified by the server.",
      }),
    })
    .prefault({}),
});
export type TSelfieSettings = z.infer<typeof ZSelfieSettings>;

/** Upload kind of a frame taken during the selfie step's active liveness challenge. */
export const SELFIE_FRAME_KIND = "selfie_frame";

/** Fewest and most frames of an active liveness challenge (burst taken in the browser, checked on the server). */
export const LIVENESS_FRAMES_MIN = 3;
export const LIVENESS_FRAMES_MAX = 12;

/** `{ files: [selfie], frames?: [selfie_frame...] }`: `frames` are the active liveness challenge's burst, in order. */
export const ZSelfieStepInput = z.strictObject({
  files: z.array(ZFileId).length(1, { error: "file_required" }),
  frames: z.array(ZFileId).min(LIVENESS_FRAMES_MIN, { error: "liveness_frames_required" }).max(LIVENESS_FRAMES_MAX).optional(),
});
