/**
 * The calibrated defaults of the face checks (bench/README.md "Intelligence"), in a module
 * without dependencies so that workflow settings (server/steps/selfie/selfie.schemas.ts, also
 * used by the dashboard's builder) and the face checks read the same numbers.
 */

/**
 * Default face match threshold (faceSimilarity, 0..1). Human's author calibrates 0.5 as "usually
 * the same person"; on our fixtures the same person across selfie and printed card photo scores
 * 0.80-0.90 and different people 0.22-0.34 (bench/README.md), so 0.5 keeps a margin both ways.
 */
export const DEFAULT_FACE_MATCH_THRESHOLD = 0.5;

/** Scores this far below the face match threshold go to a reviewer instead of failing. */
export const FACE_MATCH_REVIEW_BAND = 0.1;

/** Default passive liveness threshold (mean of the anti-spoofing and liveness scores, 0..1). */
export const DEFAULT_LIVENESS_THRESHOLD = 0.5;
