/**
 * Face detection, face embeddings, anti-spoofing and passive liveness on our own hardware, with
 * models that ship inside npm packages (nothing is downloaded at install or run time):
 * - `@vladmandic/human` (3.3.6, MIT): `blazeface` (MediaPipe BlazeFace) finds faces, `facemesh`
 *   gives 468 landmarks, the head pose and the eye openness; `antispoof` scores "real face vs.
 *   photo/screen of a face" and `liveness` "live person vs. replay" on the face crop (both 0..1);
 * - `@vladmandic/face-api` (1.7.15, MIT): dlib's ResNet-34 face recognition net
 *   (face-recognition-net.ts) gives a 128-value embedding of the face, aligned by its eye, nose
 *   and mouth landmarks to dlib's canonical face chip. It replaced Human's `faceres`, which did
 *   not separate people (bench/README.md "Face match": FNMR at FMR 1 % of both models).
 * TensorFlow.js runs on its WASM backend (`@tensorflow/tfjs-backend-wasm`, the `.wasm` files
 * inside the package): no native binary, nothing downloaded at install or run time. Models are
 * read from node_modules through a `file://` load router (Node's fetch has no `file:` scheme).
 *
 * One engine per process, loaded lazily on first use (~0.3 s) and shared; calls are serialized
 * (the WASM backend is single-threaded, and Human keeps per-call state).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Tensor4D } from "@tensorflow/tfjs-core";
import type { Config, Human } from "@vladmandic/human";
import sharp from "sharp";
import { loadNodeModule, packageDir } from "../node-modules";
import { decodeJpeg2000, isJpeg2000 } from "./jpeg2000";
import { DLIB_CHIP, type FaceRecognitionNet, loadFaceRecognitionNet } from "./face-recognition-net";

type Tfjs = typeof import("@tensorflow/tfjs-core");
type HumanModule = typeof import("@vladmandic/human");

/**
 * Identifies the embedding space: only embeddings of one model version are comparable
 * (`face_embeddings.model`; embeddings of the earlier `human-faceres@3.3.6` are never compared
 * with these).
 */
export const FACE_MODEL = "dlib-resnet34@face-api-1.7.15";

/** Images are scaled down to at most this many pixels on the longest side before detection. */
export const FACE_INPUT_MAX_PX = 1280;

/** One face found in an image. */
export interface DetectedFace {
  /** `[x, y, width, height]` in pixels of the (possibly scaled-down) analysed image. */
  box: [number, number, number, number];
  /** Detector confidence, 0..1. */
  score: number;
  /** FACE_MODEL embedding (128 values); compare with `faceSimilarity` (server/intelligence/face/similarity.ts). */
  embedding: Float32Array;
  /** Human's `faceres` embedding (1024 values), only with `analyzeFaces(bytes, { faceres: true })` (the bench's model comparison). */
  faceresEmbedding?: Float32Array;
  /** What the face-quality gate reads (face-quality.ts). */
  quality: FaceQualitySignals;
  /** Anti-spoofing score of the `antispoof` model, 0..1 (1 = a real face, not a photo or screen of one); null when not computed. */
  antispoof: number | null;
  /** Passive liveness score of the `liveness` model, 0..1 (1 = live); null when not computed. */
  liveness: number | null;
  /** Head yaw (turn left/right) and pitch (up/down) in degrees from the face mesh, 0 = facing the camera; null without a mesh. */
  pose: { yaw: number; pitch: number } | null;
  /** How open the eyes are (mean of both, ~0.1 closed to ~0.5 open; Human's blink measure: lid gap / eye-region height); null without a mesh. */
  eyeOpenness: number | null;
  /** The 468-point face mesh: `[x, y, z]` with x, y in pixels of the analysed image and z the depth in about the same unit (smaller = nearer); empty without a mesh. */
  mesh: [number, number, number][];
  /**
   * The face's grey texture aligned to DLIB_CHIP (whose landmarks are left/right symmetric, so a
   * mirror image of the picture gives this texture flipped): TEXTURE_SIZE x TEXTURE_SIZE values
   * 0..255, row by row, of the chip's face region. The liveness mirror test compares them (liveness/texture.ts).
   */
  texture: Float32Array;
}

/** Side of `DetectedFace.texture` in pixels. */
export const TEXTURE_SIZE = 32;

const degrees = (rad: number) => Math.round(((rad * 180) / Math.PI) * 10) / 10;

/** Mesh points as Human returns them: [x, y, z]. */
type Mesh = readonly (readonly (number | undefined)[])[];

/**
 * Eye openness from the 468-point face mesh, as Human's `blink` gesture measures it
 * (src/gesture/gesture.ts): the vertical gap between the lids (points 374/386 left, 145/159
 * right) over the height of the wider eye region (443/450, 223/230). Below 0.2 Human calls it a blink.
 */
function eyeOpenness(mesh: Mesh): number | null {
  if (mesh.length < 468) return null;
  const gap = (a: number, b: number) => Math.abs(mesh[a]![1]! - mesh[b]![1]!);
  const left = gap(374, 386) / (gap(443, 450) || 1);
  const right = gap(145, 159) / (gap(223, 230) || 1);
  return Math.round(((left + right) / 2) * 1000) / 1000;
}

/** Measurements of one face for the quality gate. */
export interface FaceQualitySignals {
  /** Distance between the eye centres in pixels of the analysed image. */
  eyeDistancePx: number;
  /** Variance of the Laplacian of the grey 150x150 aligned face chip (0..255 scale): low = blurred. */
  sharpness: number;
  /** The same over the eyes and over the mouth: far below the face's when something flat covers them (sunglasses, a mask). */
  eyesSharpness: number;
  mouthSharpness: number;
  /** Human's face-mesh confidence, 0..1 (drops when the face is covered). */
  meshScore: number;
}

/** The faces of one image, largest first. */
export interface FaceAnalysis {
  /** Size of the analysed image in pixels (after orientation and scaling). */
  width: number;
  height: number;
  faces: DetectedFace[];
  /** Wall time of the detection in milliseconds (decoding excluded). */
  ms: number;
}

/** The bytes are not an image this service can decode. */
export class FaceImageUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FaceImageUnreadableError";
  }
}

const CONFIG: Partial<Config> = {
  backend: "wasm",
  debug: false,
  async: true,
  warmup: "none",
  cacheModels: false,
  // still images: never reuse a previous call's result
  cacheSensitivity: 0,
  filter: { enabled: false } as Config["filter"],
  face: {
    enabled: true,
    detector: { enabled: true, rotation: true, maxDetected: 5, minConfidence: 0.4, iouThreshold: 0.1, skipFrames: 0, skipTime: 0, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    // faceres runs only for the bench's model comparison (analyzeFaces' `faceres` option)
    description: { enabled: false, minConfidence: 0.1, skipFrames: 0, skipTime: 0 },
    emotion: { enabled: false },
    antispoof: { enabled: true, skipFrames: 0, skipTime: 0 },
    liveness: { enabled: true, skipFrames: 0, skipTime: 0 },
    attention: { enabled: false },
    gear: { enabled: false },
  } as Config["face"],
  body: { enabled: false } as Config["body"],
  hand: { enabled: false } as Config["hand"],
  object: { enabled: false } as Config["object"],
  gesture: { enabled: false },
  segmentation: { enabled: false } as Config["segmentation"],
};

interface Engine {
  human: Human;
  tf: Tfjs;
  recognition: FaceRecognitionNet;
}

let engine: Promise<Engine> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Serves `file://` model URLs from disk (tfjs `ModelArtifacts` with the weight files concatenated). */
function registerFileLoader(tf: Tfjs): void {
  tf.io.registerLoadRouter(((url: string | string[]) => {
    if (typeof url !== "string" || !url.startsWith("file://")) return null;
    const file = url.slice("file://".length);
    return {
      load: async () => {
        const json = JSON.parse(await readFile(file, "utf8")) as Parameters<Tfjs["io"]["getModelArtifactsForJSON"]>[0];
        return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const specs = manifest.flatMap((group) => group.weights);
          const parts = await Promise.all(manifest.flatMap((group) => group.paths.map((p) => readFile(path.join(path.dirname(file), p)))));
          const all = Buffer.concat(parts);
          return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer];
        });
      },
    };
  }) as Parameters<Tfjs["io"]["registerLoadRouter"]>[0]);
}

async function loadEngine(): Promise<Engine> {
  const tf = loadNodeModule<Tfjs>("@tensorflow/tfjs-core");
  registerFileLoader(tf);
  const humanDir = packageDir("@vladmandic/human");
  // the package's `exports` map has no valid entry for its WASM build: load the file itself
  const { Human } = loadNodeModule<HumanModule>(path.join(humanDir, "dist", "human.node-wasm.js"));
  const wasmDir = path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist") + path.sep;
  const human = new Human({ ...CONFIG, modelBasePath: `file://${path.join(humanDir, "models")}/`, wasmPath: wasmDir });
  await human.load();
  await human.init();
  if (human.tf.getBackend() !== "wasm") throw new Error(`face engine: expected the wasm backend, got ${human.tf.getBackend()}`);
  const recognition = await loadFaceRecognitionNet(human.tf as unknown as Tfjs, path.join(packageDir("@vladmandic/face-api"), "model"));
  return { human, tf, recognition };
}

/** The process-wide engine, loaded on first call (models read once). */
export function faceEngine(): Promise<Engine> {
  engine ??= loadEngine().catch((err: unknown) => {
    engine = null;
    throw err;
  });
  return engine;
}

/**
 * Decodes any image sharp reads (JPEG, PNG, WebP, TIFF, HEIF where supported) and JPEG 2000 (the
 * photo of an Aadhaar Secure QR code and of some offline e-KYC files; jpeg2000.ts) to upright RGB
 * pixels, scaled to at most FACE_INPUT_MAX_PX.
 */
async function decodeRgb(bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    let image: ReturnType<typeof sharp>;
    if (isJpeg2000(bytes)) {
      const raw = await decodeJpeg2000(bytes);
      image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    } else image = sharp(bytes, { failOn: "error", limitInputPixels: 268_402_689 }).autoOrient();
    const { data, info } = await image
      .resize({ width: FACE_INPUT_MAX_PX, height: FACE_INPUT_MAX_PX, fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw new FaceImageUnreadableError(`image could not be decoded: ${(err as Error).message}`);
  }
}

type Point = readonly [number, number];

/** The five landmarks of DLIB_CHIP on Human's 468-point mesh (MediaPipe indices), in image pixels; null without a full mesh. */
function chipLandmarks(mesh: Mesh): Point[] | null {
  if (mesh.length < 468) return null;
  const at = (i: number): Point => [mesh[i]![0]!, mesh[i]![1]!];
  const mid = (a: number, b: number): Point => [(at(a)[0] + at(b)[0]) / 2, (at(a)[1] + at(b)[1]) / 2];
  // image-left eye (the person's right): corners 33/133; image-right eye: 362/263; nose tip 1; mouth corners 61/291
  return [mid(33, 133), mid(362, 263), at(1), at(61), at(291)];
}

const CHIP_POINTS: readonly Point[] = Object.values(DLIB_CHIP.points);

/**
 * The least-squares similarity transform (rotation, uniform scale, shift) taking the face's
 * landmarks onto DLIB_CHIP's, as the 8-value projective transform of `tf.image.transform`
 * (which maps each chip pixel back to the image).
 */
function chipTransform(from: readonly Point[]): number[] {
  const n = from.length;
  const mean = (pts: readonly Point[], k: 0 | 1) => pts.reduce((s, p) => s + p[k], 0) / n;
  const [sx, sy, dx, dy] = [mean(from, 0), mean(from, 1), mean(CHIP_POINTS, 0), mean(CHIP_POINTS, 1)];
  let [num1, num2, den] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const [px, py] = [from[i]![0] - sx, from[i]![1] - sy];
    const [qx, qy] = [CHIP_POINTS[i]![0] - dx, CHIP_POINTS[i]![1] - dy];
    num1 += px * qx + py * qy;
    num2 += px * qy - py * qx;
    den += px * px + py * py;
  }
  // image -> chip: q = [[a, -b], [b, a]] p + t; its inverse maps chip -> image
  const [a, b] = [num1 / den, num2 / den];
  const k = a * a + b * b;
  const [ia, ib] = [a / k, b / k];
  const [tx, ty] = [dx - (a * sx - b * sy), dy - (b * sx + a * sy)];
  return [ia, ib, -(ia * tx + ib * ty), -ib, ia, -(-ib * tx + ia * ty), 0, 0];
}

/** Options of `analyzeFaces`. */
export interface AnalyzeOptions {
  /** Also compute Human's `faceres` embedding (for the bench's model comparison; ~40 ms more). */
  faceres?: boolean;
}

/**
 * Finds the faces in an image and computes, for each, its embedding (FACE_MODEL, on the face
 * aligned by its landmarks), its quality signals, and the anti-spoofing and liveness scores.
 * @param bytes an encoded image (JPEG, PNG, WebP, JPEG 2000, ...).
 * @returns the faces with a full landmark mesh, largest box first; empty when none was found.
 * @throws FaceImageUnreadableError when the bytes do not decode.
 */
export async function analyzeFaces(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<FaceAnalysis> {
  const rgb = await decodeRgb(bytes);
  const { human, tf, recognition } = await faceEngine();
  const run = queue.then(async () => {
    const input = human.tf.tensor(new Uint8Array(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength), [1, rgb.height, rgb.width, 3], "int32");
    const t0 = performance.now();
    try {
      // Human merges this into its config: set the option on every call
      const result = await human.detect(input as never, { face: { description: { enabled: options.faceres === true } } as Config["face"] });
      const found = result.face.flatMap((f) => {
        const landmarks = chipLandmarks(f.mesh);
        return landmarks ? [{ f, landmarks }] : [];
      });
      const chips =
        found.length === 0
          ? null
          : tf.tidy(() => {
              const image = tf.cast(input as never, "float32") as Tensor4D;
              const all = found.map(({ landmarks }) =>
                tf.image.transform(image, tf.tensor2d([chipTransform(landmarks)]), "bilinear", "constant", 0, [DLIB_CHIP.size, DLIB_CHIP.size]),
              );
              return tf.concat(all, 0);
            });
      const embeddings = chips ? await recognition.embed(chips) : [];
      const sharpness = chips ? await chipSharpness(tf, chips) : [];
      const textures = chips ? await chipTextures(tf, chips) : [];
      chips?.dispose();
      const faces: DetectedFace[] = found.map(({ f, landmarks }, i) => ({
        box: [Math.round(f.box[0]), Math.round(f.box[1]), Math.round(f.box[2]), Math.round(f.box[3])],
        score: f.score,
        embedding: embeddings[i]!,
        ...(options.faceres && f.embedding?.length ? { faceresEmbedding: Float32Array.from(f.embedding) } : {}),
        quality: {
          eyeDistancePx: Math.round(Math.hypot(landmarks[1]![0] - landmarks[0]![0], landmarks[1]![1] - landmarks[0]![1]) * 10) / 10,
          sharpness: sharpness[i]!.face,
          eyesSharpness: sharpness[i]!.eyes,
          mouthSharpness: sharpness[i]!.mouth,
          meshScore: Math.round(f.faceScore * 1000) / 1000,
        },
        antispoof: typeof f.real === "number" ? f.real : null,
        liveness: typeof f.live === "number" ? f.live : null,
        pose: f.rotation ? { yaw: degrees(f.rotation.angle.yaw), pitch: degrees(f.rotation.angle.pitch) } : null,
        eyeOpenness: eyeOpenness(f.mesh),
        mesh: f.mesh.length >= 468 ? f.mesh.map((p) => [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0] as [number, number, number]) : [],
        texture: textures[i]!,
      }));
      faces.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
      return { width: rgb.width, height: rgb.height, faces, ms: performance.now() - t0 };
    } finally {
      input.dispose();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Regions of the 150x150 chip (DLIB_CHIP) the sharpness is measured on: [top, left, height, width]. */
const CHIP_REGIONS = { face: [25, 25, 100, 100], eyes: [34, 30, 26, 90], mouth: [90, 40, 28, 70] } as const;

/** The chip's face region, symmetric about DLIB_CHIP's midline (x 74): [top, left, height, width]. */
const TEXTURE_REGION = [22, 24, 100, 100] as const;

/** Each chip's grey TEXTURE_REGION, scaled to TEXTURE_SIZE square (bilinear). */
async function chipTextures(tf: Tfjs, chips: Tensor4D): Promise<Float32Array[]> {
  const [top, left, h, w] = TEXTURE_REGION;
  const t = tf.tidy(() =>
    tf.image.resizeBilinear(tf.slice(tf.mean(chips, 3, true) as Tensor4D, [0, top, left, 0], [-1, h, w, 1]), [TEXTURE_SIZE, TEXTURE_SIZE]),
  );
  const data = (await t.data()) as Float32Array;
  t.dispose();
  const n = TEXTURE_SIZE * TEXTURE_SIZE;
  return Array.from({ length: data.length / n }, (_, i) => data.slice(i * n, (i + 1) * n));
}

/** Variance of the Laplacian of each chip's grey image in CHIP_REGIONS, rounded. */
async function chipSharpness(tf: Tfjs, chips: Tensor4D): Promise<{ face: number; eyes: number; mouth: number }[]> {
  const v = tf.tidy(() => {
    const grey = tf.mean(chips, 3, true) as Tensor4D;
    const kernel = tf.tensor4d([0, 1, 0, 1, -4, 1, 0, 1, 0], [3, 3, 1, 1]);
    const lap = tf.conv2d(grey, kernel, 1, "same");
    return tf.stack(
      Object.values(CHIP_REGIONS).map(([top, left, h, w]) => tf.moments(tf.slice(lap, [0, top, left, 0], [-1, h, w, 1]), [1, 2, 3]).variance),
      1,
    );
  });
  const data = await v.data();
  v.dispose();
  const r = (x: number) => Math.round(x * 10) / 10;
  return Array.from({ length: data.length / 3 }, (_, i) => ({ face: r(data[i * 3]!), eyes: r(data[i * 3 + 1]!), mouth: r(data[i * 3 + 2]!) }));
}
