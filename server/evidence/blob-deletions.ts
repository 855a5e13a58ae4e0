/**
 * Deleting blobs whose rows are already gone, without losing any (a PII erasure: the evidence
 * rows go in its transaction, the bytes only after the commit). The keys are recorded in
 * `pending_blob_deletions` in that transaction; `deleteBlobs` removes each blob and then its
 * record, and a failure (store unreachable) keeps the record with the error for
 * `retryBlobDeletions`, which the hourly retention cron runs (inngest/functions/enforce-retention.ts).
 */
import type { Db, Tx } from "../db";
import { blobStore } from "./blob-store";

/** Pending deletions retried per run, oldest first. */
export const BLOB_DELETION_BATCH = 200;

/** Records blobs to delete, in the caller's transaction (a key already pending stays once). */
export async function queueBlobDeletions(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length) await tx.pendingBlobDeletion.createMany({ data: keys.map((storageKey) => ({ storageKey })), skipDuplicates: true });
}

/**
 * Deletes the blobs of queued keys from the store, each record once its blob is gone; a failed
 * deletion keeps its record (attempts + 1, the error) and is logged. Never throws.
 * @returns how many were deleted and how many are still pending.
 */
export async function deleteBlobs(db: Db, keys: readonly string[]): Promise<{ deleted: number; failed: number }> {
  const store = blobStore();
  const results = await Promise.all(
    keys.map(async (storageKey) => {
      try {
        await store.delete(storageKey);
        await db.pendingBlobDeletion.deleteMany({ where: { storageKey } });
        return true;
      } catch (err) {
        const error = String((err as Error).message ?? err).slice(0, 500);
        console.error(JSON.stringify({ level: "error", msg: "blob deletion failed; kept for retry", storageKey, error }));
        await db.pendingBlobDeletion.updateMany({ where: { storageKey }, data: { attempts: { increment: 1 }, lastError: error } }).catch(() => {});
        return false;
      }
    }),
  );
  const deleted = results.filter(Boolean).length;
  return { deleted, failed: keys.length - deleted };
}

/** Retries up to `limit` pending deletions, oldest first (`deleteBlobs`). */
export async function retryBlobDeletions(db: Db, limit = BLOB_DELETION_BATCH): Promise<{ deleted: number; failed: number }> {
  const pending = await db.pendingBlobDeletion.findMany({ orderBy: { createdAt: "asc" }, take: limit, select: { storageKey: true } });
  return deleteBlobs(
    db,
    pending.map((p) => p.storageKey),
  );
}
