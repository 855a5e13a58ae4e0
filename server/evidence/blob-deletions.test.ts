/**
 * An erasure whose blob store fails to delete a file (blob-deletions.ts): the erasure still
 * succeeds, the failed key stays recorded with its error, and the retention cron's retry
 * deletes it once the store answers again.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db";
import { newId } from "../ids";
import { createSession } from "../sessions/create-session";
import { eraseSessionPii } from "../sessions/session-actions";
import { retryBlobDeletions } from "./blob-deletions";
import { blobStore } from "./blob-store";
import { demoDb } from "~/tests/fixtures/demo-db";

/** Keys whose deletion the store refuses (as an unreachable S3 would). */
const unreachable = vi.hoisted(() => new Set<string>());
vi.mock("./blob-store", async (importOriginal) => {
  const real = await importOriginal<typeof import("./blob-store")>();
  return {
    ...real,
    blobStore: () => {
      const store = real.blobStore();
      return {
        ...store,
        delete: async (key: string) => {
          if (unreachable.has(key)) throw new Error("connect ECONNREFUSED 127.0.0.1:9000");
          return store.delete(key);
        },
      };
    },
  };
});

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;
const actor = { type: "api_key" as const, id: "key_test" };

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  workflowId = demo.seed.workflows.kyc;
});

describe("blob deletions after an erasure", () => {
  it("records a deletion the store refused, and the retry deletes it once the store answers", async () => {
    const { id: sessionId } = await createSession(db, tenant, { workflow_id: workflowId }, actor);
    const keys = [`${tenant.projectId}/${sessionId}/file_a`, `${tenant.projectId}/${sessionId}/file_b`];
    for (const storageKey of keys) {
      await blobStore().put(storageKey, new Uint8Array([1, 2, 3]));
      const data = {
        id: newId("evidence"),
        projectId: tenant.projectId,
        mode: tenant.mode,
        sessionId,
        step: "documents",
        kind: "pan_card_front",
        contentType: "image/png",
      };
      await db.evidenceFile.create({ data: { ...data, size: 3, sha256: "0".repeat(64), storageKey } });
    }
    unreachable.add(keys[1]!);

    await expect(eraseSessionPii(db, tenant, sessionId, actor)).resolves.toMatchObject({ erased: true, files_deleted: 2 });
    expect(await blobStore().get(keys[0]!)).toBeNull();
    expect(await blobStore().get(keys[1]!)).not.toBeNull();
    expect(await db.pendingBlobDeletion.findMany({ select: { storageKey: true, attempts: true, lastError: true } })).toEqual([
      { storageKey: keys[1], attempts: 1, lastError: "connect ECONNREFUSED 127.0.0.1:9000" },
    ]);

    expect(await retryBlobDeletions(db)).toEqual({ deleted: 0, failed: 1 });
    expect((await db.pendingBlobDeletion.findUniqueOrThrow({ where: { storageKey: keys[1] } })).attempts).toBe(2);

    unreachable.clear();
    expect(await retryBlobDeletions(db)).toEqual({ deleted: 1, failed: 0 });
    expect(await blobStore().get(keys[1]!)).toBeNull();
    expect(await db.pendingBlobDeletion.count()).toBe(0);
  });
});
