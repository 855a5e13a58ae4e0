/**
 * The calibrated defaults of the face checks, in a module without dependencies so that workflow
 * settings (server/steps/selfie/selfie.schemas.ts, also used by the dashboard's builder), the
 * catalog and the face checks read the same numbers. The face match numbers come from the ROC
 * table of `npm run bench:intelligence` (bench/README.md "Face match"; images in bench/faces).
 */

/**
 * Default face match threshold (faceSimilarity of the dlib ResNet-34 embeddings, 0..1): the
 * threshold at FMR 0.1 % of the bench, rounded up, so that a different person is not `passed`.
 */
export const DEFAULT_FACE_MATCH_THRESHOLD = 0.6;

/**
 * Scores this far below the face match threshold go to a reviewer instead of failing: the
 * default threshold minus this band is the threshold at FMR 1 % of the bench (same-person pairs
 * between the two are reviewed, not failed).
 */
export const FACE_MATCH_REVIEW_BAND = 0.1;

/** The default face match thresholds as one value (`decideFaceMatch`). */
export const FACE_MATCH_THRESHOLDS = { pass: DEFAULT_FACE_MATCH_THRESHOLD, review: DEFAULT_FACE_MATCH_THRESHOLD - FACE_MATCH_REVIEW_BAND } as const;

/**
 * Lowest similarity at which the 1:N search reports another session's face as a duplicate. A
 * search compares with every stored face, so its false matches grow with their number (N x FMR):
 * it uses a threshold above every different-person pair of the bench.
 */
export const FACE_DUPLICATE_THRESHOLD = 0.65;

/**
 * The face quality gate (face-quality.ts): a face outside these limits is not compared
 * (`needs_review` `face_quality_low`), as its low score would say nothing about the person.
 */
export const FACE_QUALITY_LIMITS = {
  /** Fewest pixels between the eye centres (the aligned chip has 53: fewer is upscaled; an ID card photo scanned at 200 dpi has ~28). */
  minEyeDistancePx: 16,
  /** Lowest variance of the Laplacian of the aligned chip (a sharp face ~100-1000; a face blurred beyond recognition < 15). */
  minSharpness: 15,
  /** Largest head turn (yaw) and nod (pitch) in degrees, as Human's face mesh reads them. */
  maxYawDegrees: 30,
  maxPitchDegrees: 25,
  /** Lowest face-mesh confidence (a covered face: mask, hand, sunglasses). */
  minMeshScore: 0.5,
} as const;

/** Default passive liveness threshold (mean of the anti-spoofing and liveness scores, 0..1). */
export const DEFAULT_LIVENESS_THRESHOLD = 0.5;
