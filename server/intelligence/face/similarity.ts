/**
 * Similarity of two face embeddings, as `@vladmandic/human` defines it for its `faceres` model
 * (`human.match.similarity`, src/face/match.ts, default options): squared Euclidean distance
 * times 25, its square root over 100 subtracted from 1, then mapped from [0.2, 0.8] to [0, 1] and
 * clamped. The model's author calibrates it so that > 0.5 is usually the same person. Unlike
 * Human's function this one does not round to two decimals, and needs no model loaded (the 1:N
 * duplicate search runs it on stored embeddings).
 */

const MULTIPLIER = 25;
const MIN = 0.2;
const MAX = 0.8;

/**
 * @param a an embedding (e.g. `DetectedFace.embedding`, 1024 values).
 * @param b an embedding of the same model and length.
 * @returns 0..1, 1 for identical embeddings.
 * @throws Error when the lengths differ (embeddings of different models are not comparable).
 */
export function faceSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) throw new Error(`face embeddings of different lengths (${a.length} vs ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  if (sum === 0) return 1;
  const root = Math.sqrt(MULTIPLIER * sum);
  const norm = (1 - root / 100 - MIN) / (MAX - MIN);
  return Math.max(0, Math.min(1, norm));
}

/** An embedding as stored (`face_embeddings.embedding`): float32, little-endian. */
export function encodeEmbedding(e: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(e.length * 4));
  const view = new DataView(out.buffer);
  for (let i = 0; i < e.length; i++) view.setFloat32(i * 4, e[i]!, true);
  return out;
}

/** The inverse of `encodeEmbedding`. @throws Error when the byte length is not a multiple of 4. */
export function decodeEmbedding(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new Error("stored face embedding has a length that is not a multiple of 4");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
