/**
 * The calibrated defaults of the face checks, in a module without dependencies so that workflow
 * settings (server/steps/selfie/selfie.schemas.ts, also used by the dashboard's builder), the
 * catalog and the face checks read the same numbers. The face match numbers come from the ROC
 * table of `npm run bench:intelligence` (bench/README.md "Face match"; images in bench/faces).
 */

/**
 * Default face match threshold (faceSimilarity of the dlib ResNet-34 embeddings, 0..1). It
 * targets FMR 0.1 % with a margin: the bench's threshold at FMR 0.1 % is 0.508 over 15,543
 * different-person comparisons, and 0.57 is above all of them but one (0.693, a rotated crop of a
 * group photo); 74 % of the 534 same-person comparisons pass (88 % of photo vs photo).
 */
export const DEFAULT_FACE_MATCH_THRESHOLD = 0.57;

/**
 * Scores this far below the face match threshold go to a reviewer instead of failing: the
 * default threshold minus this band, 0.46, is the bench's threshold at FMR 1 % (0.462), where 4 %
 * of the same-person comparisons fail.
 */
export const FACE_MATCH_REVIEW_BAND = 0.11;

/** The default face match thresholds as one value (`decideFaceMatch`). */
export const FACE_MATCH_THRESHOLDS = {
  pass: DEFAULT_FACE_MATCH_THRESHOLD,
  review: Math.round((DEFAULT_FACE_MATCH_THRESHOLD - FACE_MATCH_REVIEW_BAND) * 1000) / 1000,
} as const;

/**
 * Lowest similarity at which the 1:N search reports another session's face as a duplicate. A
 * search compares with every stored face, so its false matches grow with their number (N x FMR):
 * it uses a threshold above every different-person pair of the bench.
 */
export const FACE_DUPLICATE_THRESHOLD = 0.6;

/**
 * The face quality gate (face-quality.ts): a face outside these limits is not compared
 * (`needs_review` `face_quality_low`), as its low score would say nothing about the person.
 */
export const FACE_QUALITY_LIMITS = {
  /** Fewest pixels between the eye centres (the aligned chip has 53: fewer is upscaled; an ID card photo scanned at 200 dpi has ~28). */
  minEyeDistancePx: 16,
  /** Lowest variance of the Laplacian of the aligned chip (photos: 5th percentile ~30-60, printed-and-scanned card photos ~6; blurred beyond recognition ~1.5). */
  minSharpness: 4,
  /** Largest head turn (yaw) and nod (pitch) in degrees, as Human's face mesh reads them. */
  maxYawDegrees: 30,
  maxPitchDegrees: 25,
  /** Lowest face-mesh confidence (a covered face: mask, hand, sunglasses). */
  minMeshScore: 0.5,
  /**
   * Lowest sharpness of the eye region and of the mouth region as a share of the face's: a flat
   * cover (sunglasses, a mask) leaves ~0 there, uncovered faces of the bench 0.9 (eyes) and 0.3
   * (mouth) or more.
   */
  minEyesShare: 0.25,
  minMouthShare: 0.15,
} as const;

/** Default passive liveness threshold (mean of the anti-spoofing and liveness scores, 0..1). */
export const DEFAULT_LIVENESS_THRESHOLD = 0.5;
