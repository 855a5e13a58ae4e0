/**
 * Similarity of two face embeddings of FACE_MODEL (dlib's ResNet-34, face-recognition-net.ts):
 * `1 - d / 1.2`, clamped to 0..1, where d is their Euclidean distance, the metric the network was
 * trained for. dlib's own rule "same person below d = 0.6" is similarity 0.5; the thresholds this
 * service uses are measured (face-thresholds.ts). Needs no model loaded: the 1:N duplicate search
 * runs it on stored embeddings.
 * @param a an embedding (e.g. `DetectedFace.embedding`, 128 values).
 * @param b an embedding of the same model and length.
 * @returns 0..1, 1 for identical embeddings.
 * @throws Error when the lengths differ (embeddings of different models are not comparable).
 */
export function faceSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const d = Math.sqrt(squaredDistance(a, b));
  return Math.max(0, Math.min(1, 1 - d / 1.2));
}

/**
 * Similarity of two embeddings of Human's `faceres` (1024 values), as Human defines it
 * (`human.match.similarity`, src/face/match.ts, default options): the squared Euclidean distance
 * times 25, its square root over 100 subtracted from 1, mapped from [0.2, 0.8] to [0, 1] and
 * clamped. Only the bench's model comparison uses it (faceres is no longer the face match model).
 */
export function faceresSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const sum = squaredDistance(a, b);
  if (sum === 0) return 1;
  const norm = (1 - Math.sqrt(25 * sum) / 100 - 0.2) / 0.6;
  return Math.max(0, Math.min(1, norm));
}

function squaredDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) throw new Error(`face embeddings of different lengths (${a.length} vs ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return sum;
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
