/**
 * Where evidence bytes live. The default store is the local filesystem under
 * `${DATA_DIR}/evidence` (one machine; the embedded default). Keys are
 * `<project>/<session>/<file id>`: never derived from user input.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "../env";

export interface BlobStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when the blob does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
}

function fsStore(root: string): BlobStore {
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

export function blobStore(): BlobStore {
  return fsStore(path.resolve(env.DATA_DIR, "evidence"));
}
