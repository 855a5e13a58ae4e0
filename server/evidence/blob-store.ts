/**
 * Where evidence bytes live, behind one interface (issue 4: "local directory by default
 * (`.data/files`)", S3-compatible object storage when configured):
 * - default: the local filesystem under `${DATA_DIR}/files` (one machine; the embedded default);
 * - `S3_BUCKET` set: an S3-compatible bucket through `@aws-sdk/client-s3` (AWS S3, MinIO, R2, ...).
 * Keys are `<project>/<session>/<file id>[.display.webp]`: never derived from user input.
 *
 * S3 settings (server/evidence/blob-store-env.ts, read through server/env.ts):
 * - `S3_BUCKET`: bucket name; setting it selects the S3 store.
 * - `S3_ENDPOINT`: endpoint URL of an S3-compatible service (unset = AWS S3 of `S3_REGION`).
 * - `S3_REGION`: default `us-east-1` (also what most S3-compatible services expect).
 * - `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY`: both or neither; neither = the AWS SDK's default
 *   credential chain (instance role, AWS_* variables, shared config).
 * - `S3_FORCE_PATH_STYLE`: `true` for `https://endpoint/bucket/key` addressing (MinIO and most
 *   self-hosted services); default `false` (virtual-hosted `https://bucket.endpoint/key`).
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { env, type ServerEnv } from "../env";
import type { BLOB_STORE_ENV } from "./blob-store-env";

export interface BlobStore {
  /** Stores `data` under `key`, replacing any blob there. `contentType` is kept where the store can (S3). */
  put(key: string, data: Uint8Array, opts?: { contentType?: string }): Promise<void>;
  /** The bytes, or null when the blob does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
}

/** A BlobStore on the local filesystem under `root` (files mode 0600). */
export function fsBlobStore(root: string): BlobStore {
  const file = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid blob key: ${key}`);
    return p;
  };
  return {
    async put(key, data) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), data, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

export interface S3BlobStoreConfig {
  bucket: string;
  /** Endpoint URL of an S3-compatible service; undefined = AWS S3. */
  endpoint?: string;
  region: string;
  /** Static credentials; undefined = the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/**
 * A BlobStore in an S3-compatible bucket (PutObject / GetObject / DeleteObject).
 * Checksums are sent and validated only where S3 requires them (`WHEN_REQUIRED`): the SDK's
 * default flexible checksums (`x-amz-checksum-crc32` headers, aws-chunked trailers on streams)
 * are not supported by several S3-compatible services. Integrity is covered by SigV4's signed
 * payload hash (`x-amz-content-sha256`) and the evidence row's SHA-256.
 */
export function s3BlobStore(config: S3BlobStoreConfig): BlobStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  return {
    async put(key, data, opts) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: opts?.contentType ?? "application/octet-stream" }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers 204 whether or not the key existed.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/**
 * The S3 settings of `e` (default: the environment), or null when `S3_BUCKET` is unset (the
 * filesystem store is used).
 * @throws Error naming the variables when only one credential is set.
 */
export function s3ConfigFromEnv(e: Pick<ServerEnv, keyof typeof BLOB_STORE_ENV> = env): S3BlobStoreConfig | null {
  if (!e.S3_BUCKET) return null;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid blob store settings: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together");
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? "us-east-1",
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" || e.S3_FORCE_PATH_STYLE === "1",
  };
}

let cachedS3: { key: string; store: BlobStore } | null = null;

/**
 * The configured store: S3 when `S3_BUCKET` is set (one client per configuration, reused), else
 * the filesystem under `${DATA_DIR}/files`.
 * @throws Error when the S3 settings are half configured (see s3ConfigFromEnv).
 */
export function blobStore(): BlobStore {
  const s3 = s3ConfigFromEnv();
  if (!s3) return fsBlobStore(path.resolve(env.DATA_DIR, "files"));
  const key = JSON.stringify(s3);
  if (cachedS3?.key !== key) cachedS3 = { key, store: s3BlobStore(s3) };
  return cachedS3.store;
}
