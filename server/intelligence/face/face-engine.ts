/**
 * Face detection, face embeddings, anti-spoofing and passive liveness on our own hardware, with
 * the models that ship inside the npm package `@vladmandic/human` (3.3.6, MIT):
 * - `blazeface` (MediaPipe BlazeFace) finds faces, `facemesh` aligns them;
 * - `faceres` (Human's face description model) gives a 1024-value embedding per face;
 * - `antispoof` scores "real face vs. photo/screen of a face" and `liveness` "live person vs.
 *   replay" on the face crop (both 0..1, higher = more genuine).
 * TensorFlow.js runs on its WASM backend (`@tensorflow/tfjs-backend-wasm`, the `.wasm` files
 * inside the package): no native binary, nothing downloaded at install or run time. Models are
 * read from node_modules through a `file://` load router (Node's fetch has no `file:` scheme).
 *
 * One engine per process, loaded lazily on first use (~0.3 s) and shared; calls are serialized
 * (the WASM backend is single-threaded, and Human keeps per-call state).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Config, Human } from "@vladmandic/human";
import sharp from "sharp";
import { loadNodeModule, packageDir } from "../node-modules";

type Tfjs = typeof import("@tensorflow/tfjs-core");
type HumanModule = typeof import("@vladmandic/human");

/** Identifies the embedding space: only embeddings of one model version are comparable. */
export const FACE_MODEL = "human-faceres@3.3.6";

/** Images are scaled down to at most this many pixels on the longest side before detection. */
export const FACE_INPUT_MAX_PX = 1280;

/** One face found in an image. */
export interface DetectedFace {
  /** `[x, y, width, height]` in pixels of the (possibly scaled-down) analysed image. */
  box: [number, number, number, number];
  /** Detector confidence, 0..1. */
  score: number;
  /** faceres embedding (1024 values); compare with `faceSimilarity` (server/intelligence/face/similarity.ts). */
  embedding: Float32Array;
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
}

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

/** The faces of one image, largest first. */
export interface FaceAnalysis {
  /** Size of the analysed image in pixels (after orientation and scaling). */
  width: number;
  height: number;
  faces: DetectedFace[];
  /** Wall time of the detection in milliseconds (decoding excluded). */
  ms: number;
}

/** The bytes are not an image this service can decode (e.g. the JPEG 2000 photo of an Aadhaar Secure QR). */
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
    description: { enabled: true, minConfidence: 0.1, skipFrames: 0, skipTime: 0 },
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
  return { human, tf };
}

/** The process-wide engine, loaded on first call (models read once). */
export function faceEngine(): Promise<Engine> {
  engine ??= loadEngine().catch((err: unknown) => {
    engine = null;
    throw err;
  });
  return engine;
}

/** Decodes any image sharp reads (JPEG, PNG, WebP, TIFF, HEIF where supported) to upright RGB pixels. */
async function decodeRgb(bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(bytes, { failOn: "error", limitInputPixels: 268_402_689 })
      .autoOrient()
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

/**
 * Finds the faces in an image and computes, for each, its embedding and anti-spoofing and
 * liveness scores.
 * @param bytes an encoded image (JPEG, PNG, WebP, ...).
 * @returns the faces, largest box first; empty when none was found.
 * @throws FaceImageUnreadableError when the bytes do not decode (JPEG 2000 is not supported by
 *   the prebuilt sharp).
 */
export async function analyzeFaces(bytes: Uint8Array): Promise<FaceAnalysis> {
  const rgb = await decodeRgb(bytes);
  const { human } = await faceEngine();
  const run = queue.then(async () => {
    const input = human.tf.tensor(new Uint8Array(rgb.data.buffer, rgb.data.byteOffset, rgb.data.byteLength), [1, rgb.height, rgb.width, 3], "int32");
    const t0 = performance.now();
    try {
      const result = await human.detect(input as never);
      const faces: DetectedFace[] = result.face
        .filter((f) => Array.isArray(f.embedding) && f.embedding.length > 0)
        .map((f) => ({
          box: [Math.round(f.box[0]), Math.round(f.box[1]), Math.round(f.box[2]), Math.round(f.box[3])],
          score: f.score,
          embedding: Float32Array.from(f.embedding ?? []),
          antispoof: typeof f.real === "number" ? f.real : null,
          liveness: typeof f.live === "number" ? f.live : null,
          pose: f.rotation ? { yaw: degrees(f.rotation.angle.yaw), pitch: degrees(f.rotation.angle.pitch) } : null,
          eyeOpenness: eyeOpenness(f.mesh),
          mesh: f.mesh.length >= 468 ? f.mesh.map((p) => [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0] as [number, number, number]) : [],
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
