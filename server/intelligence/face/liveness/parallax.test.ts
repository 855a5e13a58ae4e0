/**
 * The planar fit on exact geometry: any homography of a face's landmarks (a flat picture seen
 * from anywhere) leaves no residual, and a 3D rotation
 * of landmarks with depth moves the nose off the plane.
 */
import { describe, expect, it } from "vitest";
import { FIT_POINTS, type MeshPoint, NOSE_POINTS, planarFit, poseCues } from "./parallax";

/** A frontal face's landmarks with depth (pixels; z nearer < 0): eyes, brows, mouth, chin, forehead, cheeks on a gentle curve, the nose 0.35 eye-distances out. */
function face(): MeshPoint[] {
  const mesh: MeshPoint[] = Array.from({ length: 468 }, () => [0, 0, 0]);
  const set = (i: number, x: number, y: number, z: number) => (mesh[i] = [x, y, z]);
  const pairs: [number, number, number, number, number][] = [
    [33, 263, 50, -10, 10],
    [133, 362, 18, -8, 5],
    [70, 300, 55, -35, 8],
    [105, 334, 35, -40, 2],
    [107, 336, 12, -38, 0],
    [61, 291, 28, 60, 5],
    [50, 280, 45, 25, 12],
    [205, 425, 38, 40, 8],
    [98, 327, 12, 32, -15],
  ];
  for (const [l, r, x, y, z] of pairs) {
    set(l, -x, y, z);
    set(r, x, y, z);
  }
  for (const [i, y, z] of [
    [0, 55, -2],
    [17, 70, 0],
    [152, 100, 5],
    [10, -80, 10],
    [151, -60, 5],
    [168, -12, -5],
    [13, 58, 0],
    [14, 63, 0],
    [1, 30, -35],
    [4, 25, -33],
    [5, 15, -28],
    [195, 5, -22],
  ] as const)
    set(i, 0, y, z);
  return mesh;
}

/** Rotates about the vertical axis by `deg` and projects orthographically (then shifts to positive pixels). */
const turn = (mesh: MeshPoint[], deg: number): MeshPoint[] => {
  const [c, s] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
  return mesh.map(([x, y, z]) => [200 + x * c + z * s, 200 + y, -x * s + z * c]);
};
/** A homography of the 2D landmarks: what a flat picture of the face gives seen from another pose. */
const homography = (mesh: MeshPoint[]): MeshPoint[] =>
  mesh.map(([x, y]) => {
    const w = 0.0009 * x + 0.0004 * y + 1;
    return [(0.9 * x - 0.2 * y + 30) / w, (0.15 * x + 1.05 * y + 10) / w, 0];
  });

describe("planarFit", () => {
  const flat = turn(face(), 0);

  it("a flat picture seen from another pose: the homography explains every landmark", () => {
    const p = planarFit(flat, homography(flat))!;
    expect(p.fitResidual).toBeLessThan(1e-6);
    expect(p.noseResidual).toBeLessThan(1e-6);
  });

  it("a head turned 30°: the nose leaves the plane of the rest of the face", () => {
    const p = planarFit(flat, turn(face(), 30))!;
    expect(p.noseResidual).toBeGreaterThan(0.1);
    expect(p.noseResidual).toBeGreaterThan(2 * p.fitResidual);
    expect(poseCues(turn(face(), -30)).turn - poseCues(flat).turn).toBeGreaterThan(0.1);
  });

  it("needs two complete meshes", () => {
    expect(planarFit(flat.slice(0, 100), flat)).toBeNull();
    expect(FIT_POINTS.length + NOSE_POINTS.length).toBeGreaterThan(20);
  });
});
