/**
 * The Files API (issue 16 item 1; decisions.md 2026-11-24 "Files"): a backend uploads a file
 * through the same pipeline as the hosted flow (server/uploads/accept-upload.ts: size, content
 * type, virus scan, PDF and image checks, display copy, storage; whatever else that pipeline
 * applies, such as masking, applies here too), optionally attached to a session, and references
 * it in direct checks. Scoped to the key's project and mode: another tenant's file is "not
 * found". A file attached to a session is erased with the session's personal data
 * (server/sessions/session-actions.ts `eraseSessionPii` deletes every evidence file of the
 * session); `deleteFile` erases one file. Only Files API uploads (`purpose` set) are served
 * here: hosted-flow evidence is read and erased through its session.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { deleteBlobs, queueBlobDeletions } from "../evidence/blob-deletions";
import { type EvidenceVariant, issueEvidenceAddress } from "../evidence/evidence";
import type { TEvidenceAddress } from "../evidence/evidence.schemas";
import { notFound } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import { RETENTION_ACTOR, RETENTION_BATCH } from "../sessions/retention";
import { sql, sqlTimestamp } from "../sql";
import { type Tenant, tenantWhere } from "../tenant";
import { acceptUpload, type AcceptUploadDeps } from "../uploads/accept-upload";
import type { FilePurpose, TDeletedFile, TFile, TUploadFileRequest } from "./file.schemas";

/** The evidence `step` of Files API uploads (hosted-flow evidence names its workflow step). */
export const FILES_API_STEP = "files";

const fileSelect = { id: true, purpose: true, contentType: true, size: true, sessionId: true, createdAt: true } as const;

function toFileDto(row: { id: string; purpose: string | null; contentType: string; size: number; sessionId: string | null; createdAt: Date }): TFile {
  return {
    id: row.id,
    object: "file",
    purpose: row.purpose as FilePurpose,
    content_type: row.contentType,
    size: row.size,
    session_id: row.sessionId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The tenant's Files API upload `id`, or null (hosted-flow evidence, another tenant's, erased). */
const ownFile = (tenant: Tenant, id: string) => ({ id, ...tenantWhere(tenant), purpose: { not: null } });

/**
 * `POST /v1/files`: stores one upload of the tenant (server/uploads/accept-upload.ts).
 * @returns the File object (`201`).
 * @throws DomainError as `acceptUpload`: `resource_missing` (`session_id` of no session of the
 *   tenant), `file_too_large` (413), `file_type_not_allowed` (415), `file_unreadable`,
 *   `file_encrypted`, `file_no_pages`, `file_infected` (422), `scanner_not_configured`,
 *   `scanner_unavailable` (503). Nothing is stored when it throws.
 */
export async function uploadFile(db: Db, tenant: Tenant, input: TUploadFileRequest, actor: Actor, deps: AcceptUploadDeps = {}): Promise<TFile> {
  const row = await acceptUpload(
    {
      db,
      ...tenantWhere(tenant),
      sessionId: input.session_id ?? null,
      step: FILES_API_STEP,
      kind: input.purpose,
      purpose: input.purpose,
      bytes: input.file,
      actor,
    },
    deps,
  );
  return toFileDto(row);
}

/**
 * `GET /v1/files/{id}`: the File object, no bytes.
 * @throws DomainError resource_missing (not a Files API upload of the tenant).
 */
export async function getFile(db: Db, tenant: Tenant, id: string): Promise<TFile> {
  const row = await db.evidenceFile.findFirst({ where: ownFile(tenant, id), select: fileSelect });
  if (!row) throw notFound("file", id);
  return toFileDto(row);
}

/**
 * `GET /v1/files/{id}/url`: a download address of the file's bytes, valid 300 s and audited
 * (server/evidence/evidence.ts `issueEvidenceAddress`, the one that serves session evidence).
 * @throws DomainError resource_missing (not a Files API upload of the tenant).
 */
export async function issueFileAddress(db: Db, tenant: Tenant, id: string, actor: Actor, variant: EvidenceVariant = "original"): Promise<TEvidenceAddress> {
  const row = await db.evidenceFile.findFirst({ where: ownFile(tenant, id), select: { id: true } });
  if (!row) throw notFound("file", id);
  return issueEvidenceAddress(db, tenant, null, id, actor, variant);
}

/**
 * `DELETE /v1/files/{id}`: deletes the record and, after the commit, the bytes (original and
 * display copy; a blob the store fails to delete is retried by the retention cron,
 * server/evidence/blob-deletions.ts). Audited as `file.deleted`. A second call is a 404.
 * @throws DomainError resource_missing (not a Files API upload of the tenant).
 */
export async function deleteFile(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TDeletedFile> {
  const keys = await db.$transaction(async (tx) => {
    const row = await tx.evidenceFile.findFirst({ where: ownFile(tenant, id), select: { storageKey: true, displayKey: true, sessionId: true } });
    if (!row) throw notFound("file", id);
    const blobs = row.displayKey ? [row.storageKey, row.displayKey] : [row.storageKey];
    // a concurrent DELETE of the same file may have removed the row since it was read: that one won, this is a 404
    if ((await tx.evidenceFile.deleteMany({ where: ownFile(tenant, id) })).count === 0) throw notFound("file", id);
    // face embeddings name the file without a foreign key
    await tx.faceEmbedding.deleteMany({ where: { evidenceFileId: id } });
    await queueBlobDeletions(tx, blobs);
    await writeAudit(tx, {
      actor,
      action: "file.deleted",
      objectType: "evidence_file",
      objectId: id,
      ...tenantWhere(tenant),
      data: { session_id: row.sessionId },
    });
    return blobs;
  });
  await deleteBlobs(db, keys);
  return { id, object: "file", deleted: true };
}

/**
 * Deletes up to `limit` Files API uploads attached to no session whose project's retention days
 * (dashboard settings, as for direct checks) have passed since the upload, oldest first, as
 * `deleteFile` does, by the system actor `retention_policy`. Run by the hourly cron
 * inngest/functions/enforce-retention.ts; files of a session go with the session's erasure.
 * @returns how many were deleted (fewer than `limit`: none are left).
 */
export async function deleteFilesPastRetention(db: Db, now: Date = new Date(), limit: number = RETENTION_BATCH): Promise<{ deleted: number }> {
  const due = await db.$queryRaw<{ id: string; project_id: string; mode: Mode }[]>(sql`
    SELECT f.id, f.project_id, f.mode
    FROM evidence_files f
    JOIN projects p ON p.id = f.project_id
    WHERE f.session_id IS NULL AND f.purpose IS NOT NULL
      AND f.created_at <= ${sqlTimestamp(now)} - interval '1 day' * p.retention_days
    ORDER BY f.created_at, f.id
    LIMIT ${limit}`);
  for (const f of due) await deleteFile(db, { projectId: f.project_id, mode: f.mode }, f.id, RETENTION_ACTOR);
  return { deleted: due.length };
}
