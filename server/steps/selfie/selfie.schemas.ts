/**
 * The `selfie` step's schemas: its settings (face match with the document's photo, passive and
 * active liveness) and what the applicant submits (the selfie and, for an active challenge, its
 * frames).
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { DEFAULT_FACE_MATCH_THRESHOLD, DEFAULT_LIVENESS_THRESHOLD, FACE_MATCH_REVIEW_BAND } from "../../intelligence/face/face-thresholds";
import { DEFAULT_LIVENESS_ACTIONS, LIVENESS_ACTIONS } from "../../intelligence/face/liveness/liveness-judge";
import { ZFileId } from "../input-fields";

/** Reference photos the selfie may be compared with (`in.face.match`). */
export const FACE_MATCH_REFERENCES = ["document", "aadhaar", "any"] as const;
/** Active liveness of the selfie step: none, or the server-issued challenge (server/intelligence/face/liveness/). */
export const LIVENESS_CHALLENGES = ["none", "challenge"] as const;
/** Values of `liveness.active` before issue 15 (one fixed gesture), read as `challenge`. */
const LEGACY_CHALLENGES = new Set(["turn_head", "blink"]);

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
      active: z
        .preprocess((v) => (typeof v === "string" && LEGACY_CHALLENGES.has(v) ? "challenge" : v), z.enum(LIVENESS_CHALLENGES))
        .default("challenge")
        .meta({
          title: "Active challenge",
          description:
            "challenge (default): the server issues a random sequence of 2-3 actions and judges the live camera's frames; in.liveness.check passes only on it. none: no challenge, and in.liveness.check answers needs_review (challenge_required).",
        }),
      actions: z
        .array(z.enum(LIVENESS_ACTIONS))
        .min(2)
        .refine((a) => a.includes("turn_left") || a.includes("turn_right"), { error: "Include turn_left or turn_right: a head turn is what shows depth." })
        .refine((a) => new Set(a).size === a.length, { error: "Each action once." })
        .default([...DEFAULT_LIVENESS_ACTIONS])
        .meta({
          title: "Challenge actions",
          description:
            "The actions a challenge is drawn from (2-3 of them, one head turn, in a random order). Default: all but blink, which is not shown to pass on a bona fide head (bench/README.md).",
        }),
      max_attempts: z
        .int()
        .min(1)
        .max(5)
        .default(3)
        .meta({ title: "Liveness attempts", description: "Challenges an applicant may try (1-5); after the last the step is submitted with its verdict." }),
    })
    .prefault({}),
});
export type TSelfieSettings = z.infer<typeof ZSelfieSettings>;

/** Upload kind of a frame taken during the selfie step's active liveness challenge. */
export const SELFIE_FRAME_KIND = "selfie_frame";

/** `{ files: [selfie], challenge_id? }`: `challenge_id` the liveness challenge the frames were posted to (server-issued). */
export const ZSelfieStepInput = z.strictObject({
  files: z.array(ZFileId).length(1, { error: "file_required" }),
  challenge_id: z
    .string()
    .regex(/^lch_[0-9A-Za-z]{24}$/, { error: "liveness_challenge_required" })
    .optional(),
});
