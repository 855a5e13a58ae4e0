/**
 * The mirror test on pixels (issue 15): a mirrored still is a pixel-level flip of the same picture.
 * Both faces' textures are aligned to the same left/right-symmetric chip (face-engine.ts
 * `DetectedFace.texture`), so a mirror image of the baseline frame gives the baseline's texture
 * flipped, up to resampling and JPEG noise; a head really turned the other way shows its other
 * side with parallax (one cheek foreshortened, the nose across it), which the flipped frontal
 * texture does not match, however symmetric the face is.
 */

/** Zero-mean normalized cross-correlation of two equally long textures, -1..1 (0 when one is flat). */
function ncc(a: ArrayLike<number>, b: (i: number) => number): number {
  const n = a.length;
  let [ma, mb] = [0, 0];
  for (let i = 0; i < n; i++) [ma, mb] = [ma + a[i]!, mb + b(i)];
  [ma, mb] = [ma / n, mb / n];
  let [sab, saa, sbb] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const [x, y] = [a[i]! - ma, b(i) - mb];
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return saa && sbb ? sab / Math.sqrt(saa * sbb) : 0;
}

/**
 * How alike two square textures (row by row, `side` x `side`) are, as they are and with `b`
 * flipped left/right: the normalized cross-correlations, -1..1.
 * @throws Error when the lengths differ or are not `side` squared.
 */
export function textureSimilarity(a: ArrayLike<number>, b: ArrayLike<number>, side: number): { direct: number; flipped: number } {
  if (a.length !== b.length || a.length !== side * side) throw new Error("textureSimilarity: textures of different sizes");
  return {
    direct: ncc(a, (i) => b[i]!),
    flipped: ncc(a, (i) => b[i - (i % side) + side - 1 - (i % side)]!),
  };
}
