/**
 * Uploading approved customers' KYC records to the Central KYC Records Registry (RBI KYC
 * Directions, November 2024: a regulated entity uploads or updates the record within 7 days of
 * onboarding; since December 2025 the last uploader answers for the record). A session of a
 * workflow with a `ckyc` step queues one upload when it is approved (./queue-ckyc-upload.ts, in
 * the approval's transaction); the Inngest function inngest/functions/upload-ckyc-record.ts submits it
 * (`submitCkycUpload`), asks the registry about a submission under process (`pollCkycUpload`),
 * and gives up after its retries (`failCkycUpload`). The dashboard lists the queue with each
 * upload's state and deadline (`listCkycUploads`) and can queue a failed one again
 * (`retryCkycUpload`). Outcomes are the public events `ckyc.upload_succeeded` and
 * `ckyc.upload_failed` (ids and states only).
 *
 * States: `queued` (waiting for its first submission, or for a retry after an outage),
 * `submitted` (the registry has it under process: `reference`), `succeeded` (`ckyc_number`),
 * `failed` (`error_code`, `error_message`).
 */
import { sessionConsent } from "../checks/check-consent";
import { currentChecks } from "../checks/current-checks";
import { ZCkycUploadInput, type TCkycUploadInput } from "../checks/catalog";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import type { TEventCkycUpload } from "../events/event.schemas";
import { ckycUploadRequested } from "../events/internal-events";
import { emitEvent, enqueue, outboxCommitted } from "../events/outbox";
import type { CkycUploadStatus } from "../generated/prisma/enums";
import { loadEvidenceBytes } from "../intelligence/evidence-bytes";
import { ProviderUnavailableError, type ProviderResult } from "../providers/provider";
import { parseProviderConfig, providerFor } from "../providers/registry";
import { type Tenant, tenantWhere } from "../tenant";
import type { TCkycUploadQueue } from "./ckyc-upload.schemas";

/** Why the registry is asked, recorded with the upload's consent. */
const UPLOAD_PURPOSE = "Upload of the customer's KYC record to CKYCR after onboarding (RBI KYC Directions)";

const masked = (n: string | null) => (n ? `XXXXXXXXXX${n.slice(-4)}` : null);

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * The record to upload, from the approved session's verified profile and evidence: the CKYC
 * download (an update of the existing record), else the PAN registry and the UIDAI-signed Aadhaar
 * data; the photo is the selfie (else the registry's reference photo).
 * @throws DomainError parameter_invalid (`record_incomplete`) when the verified data lacks what
 *   CKYCR requires (name, date of birth, address with PIN code).
 */
export async function buildCkycRecord(db: Db, tenant: Tenant, sessionId: string, today = new Date()): Promise<TCkycUploadInput> {
  const s = await db.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      steps: { select: { name: true, type: true, data: true, submittedAt: true } },
      checks: { select: { step: true, checkKey: true, status: true, input: true, result: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      evidenceFiles: { where: { kind: { in: ["selfie", "ckyc_photo", "aadhaar_photo"] } }, select: { id: true, kind: true }, orderBy: { createdAt: "desc" } },
    },
  });
  const passed = currentChecks(s.steps, s.checks).filter((c) => c.status === "passed");
  const result = (key: string) =>
    (passed.find((c) => c.checkKey === key || (key === "in.aadhaar." && c.checkKey.startsWith(key)))?.result ?? null) as Record<string, unknown> | null;
  const ckyc = result("in.ckyc.download");
  const pan = passed.find((c) => c.checkKey === "in.pan.verify");
  const panInput = (pan?.input ?? null) as Record<string, unknown> | null;
  const aadhaar = result("in.aadhaar.");
  const aadhaarAddress = (aadhaar?.address ?? null) as Record<string, unknown> | null;
  const ckycAddress = (ckyc?.address ?? null) as Record<string, unknown> | null;
  const phone = passed.find((c) => c.checkKey === "in.phone.verify");
  const email = passed.find((c) => c.checkKey === "in.email.verify");

  const address = ckycAddress
    ? {
        line1: str(ckycAddress.line1),
        line2: str(ckycAddress.line2),
        city: str(ckycAddress.city),
        district: str(ckycAddress.district),
        state: str(ckycAddress.state),
        pincode: str(ckycAddress.pincode),
      }
    : aadhaarAddress
      ? {
          line1: [aadhaarAddress.house, aadhaarAddress.street].map(str).filter(Boolean).join(", ") || str(aadhaarAddress.locality),
          line2: [aadhaarAddress.landmark, aadhaarAddress.locality].map(str).filter(Boolean).join(", ") || null,
          city: str(aadhaarAddress.vtc),
          district: str(aadhaarAddress.district),
          state: str(aadhaarAddress.state),
          pincode: str(aadhaarAddress.pincode),
        }
      : null;
  const photoFile = s.evidenceFiles.find((f) => f.kind === "selfie") ?? s.evidenceFiles[0];
  const photo = photoFile ? (await loadEvidenceBytes(db, tenant, [photoFile.id], sessionId))[0]!.bytes.toString("base64") : null;
  const panNumber = str(ckyc?.pan) ?? str(panInput?.pan);
  const gender = str(ckyc?.gender) ?? str(aadhaar?.gender);
  const record = {
    session_id: sessionId,
    ckyc_number: str(ckyc?.ckyc_number),
    name: str(ckyc?.name) ?? str(pan?.result && (pan.result as Record<string, unknown>).registered_name) ?? str(aadhaar?.name) ?? str(panInput?.name),
    father_or_spouse_name: str(ckyc?.father_or_spouse_name),
    gender: gender === "M" || gender === "F" || gender === "T" ? gender : null,
    dob: str(ckyc?.dob) ?? str(panInput?.dob) ?? str(aadhaar?.dob),
    pan: panNumber,
    address: address ? { ...address, country: "IN" } : null,
    mobile: str((phone?.input as Record<string, unknown> | null)?.phone)?.slice(-10) ?? null,
    email: str((email?.input as Record<string, unknown> | null)?.email),
    identities: [
      ...(panNumber ? [{ type: "pan" as const, number: panNumber }] : []),
      ...(aadhaar && str(aadhaar.reference_id_last4) ? [{ type: "aadhaar_offline" as const, number: `XXXXXXXX${str(aadhaar.reference_id_last4)}` }] : []),
    ],
    photo_base64: photo,
    kyc_date: today.toISOString().slice(0, 10),
  };
  const parsed = ZCkycUploadInput.safeParse(record);
  if (!parsed.success) {
    const missing = [...new Set(parsed.error.issues.map((i) => i.path.join(".")))].join(", ");
    throw new DomainError("parameter_invalid", `record_incomplete: the verified data lacks ${missing}.`, { param: "record" });
  }
  return parsed.data;
}

type UploadRow = {
  id: string;
  projectId: string;
  mode: Tenant["mode"];
  sessionId: string;
  status: CkycUploadStatus;
  reference: string | null;
  ckycNumber: string | null;
  errorCode: string | null;
  deadlineAt: Date;
};

const uploadSelect = {
  id: true,
  projectId: true,
  mode: true,
  sessionId: true,
  status: true,
  reference: true,
  ckycNumber: true,
  errorCode: true,
  deadlineAt: true,
} as const;

/** Records an outcome with its public event, unless the upload is already final. */
async function finish(
  db: Db,
  row: UploadRow,
  outcome: { status: "succeeded"; ckycNumber: string; reference: string | null } | { status: "failed"; errorCode: string; errorMessage: string | null },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const done = await tx.ckycUpload.updateMany({
      where: { id: row.id, status: { in: ["queued", "submitted"] } },
      data:
        outcome.status === "succeeded"
          ? {
              status: "succeeded",
              ckycNumber: outcome.ckycNumber,
              reference: outcome.reference ?? row.reference,
              errorCode: null,
              errorMessage: null,
              finishedAt: new Date(),
            }
          : { status: "failed", errorCode: outcome.errorCode, errorMessage: outcome.errorMessage?.slice(0, 500) ?? null, finishedAt: new Date() },
    });
    if (done.count !== 1) return;
    const data: TEventCkycUpload = {
      id: row.id,
      session_id: row.sessionId,
      status: outcome.status,
      ckyc_number_masked: outcome.status === "succeeded" ? masked(outcome.ckycNumber) : null,
      error_code: outcome.status === "failed" ? outcome.errorCode : null,
      deadline_at: row.deadlineAt.toISOString(),
    };
    await emitEvent(tx, {
      projectId: row.projectId,
      mode: row.mode,
      type: `ckyc.upload_${outcome.status}`,
      sessionId: row.sessionId,
      data: { ckyc_upload: data },
    });
  });
  outboxCommitted();
}

/** What one registry call left the upload in (memoized by Inngest: ids and states only). */
export interface UploadStep {
  status: CkycUploadStatus;
}

/** Applies the registry's answer to an upload or a status request. */
async function applyAnswer(db: Db, row: UploadRow, answer: ProviderResult): Promise<UploadStep> {
  const r = answer.result as { upload_status?: string; ckyc_number?: string; reference?: string | null; registry_message?: string };
  if (answer.status === "passed" && r.ckyc_number) {
    await finish(db, row, { status: "succeeded", ckycNumber: r.ckyc_number, reference: r.reference ?? null });
    return { status: "succeeded" };
  }
  if (r.upload_status === "under_process" && r.reference) {
    await db.ckycUpload.updateMany({
      where: { id: row.id, status: { in: ["queued", "submitted"] } },
      data: { status: "submitted", reference: r.reference, submittedAt: row.status === "queued" ? new Date() : undefined },
    });
    return { status: "submitted" };
  }
  await finish(db, row, { status: "failed", errorCode: answer.errorCode ?? "ckyc_upload_rejected", errorMessage: r.registry_message ?? null });
  return { status: "failed" };
}

/** One registry call for an upload: `payload` is the record or `{ reference }`. Outages are counted and thrown for the caller to retry. */
async function callRegistry(db: Db, row: UploadRow, payload: () => Promise<unknown>): Promise<UploadStep> {
  await db.ckycUpload.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
  const project = row.mode === "live" ? await db.project.findUnique({ where: { id: row.projectId }, select: { providerConfig: true } }) : null;
  const provider = providerFor(row.mode, "in.ckyc.upload", parseProviderConfig(project?.providerConfig));
  const consent = await sessionConsent(db, row.sessionId);
  let answer: ProviderResult;
  try {
    const input = await payload();
    await db.ckycUpload.update({ where: { id: row.id }, data: { provider: provider.name } });
    answer = await provider.verify("in.ckyc.upload", input, {
      projectId: row.projectId,
      mode: row.mode,
      sessionId: row.sessionId,
      consent: consent?.consent ?? null,
      purpose: UPLOAD_PURPOSE,
    });
  } catch (err) {
    if (err instanceof DomainError) {
      await finish(db, row, { status: "failed", errorCode: "record_incomplete", errorMessage: err.message });
      return { status: "failed" };
    }
    if (!(err instanceof ProviderUnavailableError)) throw err;
    await db.ckycUpload.update({ where: { id: row.id }, data: { errorCode: err.errorCode, errorMessage: err.message.slice(0, 500) } });
    // a missing configuration does not heal by waiting: fail at once (the dashboard can queue it again)
    if (err.errorCode === "provider_not_configured") {
      await finish(db, row, { status: "failed", errorCode: err.errorCode, errorMessage: err.message });
      return { status: "failed" };
    }
    throw err;
  }
  return applyAnswer(db, row, answer);
}

/**
 * Submits a queued upload's record to the registry (the Inngest function's first step).
 * @returns the state it is left in; a final upload is returned as it is.
 * @throws ProviderUnavailableError (provider_timeout / provider_unavailable) for Inngest to retry.
 */
export async function submitCkycUpload(db: Db, uploadId: string): Promise<UploadStep> {
  const row = await db.ckycUpload.findUniqueOrThrow({ where: { id: uploadId }, select: uploadSelect });
  if (row.status !== "queued") return { status: row.status };
  return callRegistry(db, row, () => buildCkycRecord(db, { projectId: row.projectId, mode: row.mode }, row.sessionId));
}

/**
 * Asks the registry about a submission under process.
 * @throws ProviderUnavailableError for Inngest to retry.
 */
export async function pollCkycUpload(db: Db, uploadId: string): Promise<UploadStep> {
  const row = await db.ckycUpload.findUniqueOrThrow({ where: { id: uploadId }, select: uploadSelect });
  if (row.status !== "submitted" || !row.reference) return { status: row.status };
  const reference = row.reference;
  return callRegistry(db, row, async () => ({ reference }));
}

/** The retries are spent (or the registry kept the record under process past the window): the upload fails with its last error. */
export async function failCkycUpload(db: Db, uploadId: string, reason: string): Promise<void> {
  const row = await db.ckycUpload.findUniqueOrThrow({ where: { id: uploadId }, select: uploadSelect });
  await finish(db, row, { status: "failed", errorCode: row.errorCode ?? "provider_unavailable", errorMessage: reason });
}

/**
 * The tenant's CKYC upload queue: failed uploads first, then open ones by deadline, then the
 * succeeded ones newest first (at most `limit`), with the count of each state; `overdue` when an
 * upload has not succeeded and its 7-day window has passed.
 */
export async function listCkycUploads(
  db: Db,
  tenant: Tenant,
  opts: { status?: CkycUploadStatus; limit?: number } = {},
  now = new Date(),
): Promise<TCkycUploadQueue> {
  const rows = await db.ckycUpload.findMany({
    where: { ...tenantWhere(tenant), ...(opts.status ? { status: opts.status } : {}) },
    orderBy: [{ deadlineAt: "asc" }],
    take: opts.limit ?? 100,
    select: {
      id: true,
      sessionId: true,
      status: true,
      provider: true,
      attempts: true,
      ckycNumber: true,
      errorCode: true,
      errorMessage: true,
      deadlineAt: true,
      createdAt: true,
      finishedAt: true,
    },
  });
  const rank: Record<CkycUploadStatus, number> = { failed: 0, queued: 1, submitted: 1, succeeded: 2 };
  const data = rows
    .map((r) => ({
      id: r.id,
      session_id: r.sessionId,
      status: r.status,
      provider: r.provider,
      attempts: r.attempts,
      ckyc_number_masked: masked(r.ckycNumber),
      error_code: r.errorCode,
      error_message: r.errorMessage,
      deadline_at: r.deadlineAt.toISOString(),
      overdue: r.status !== "succeeded" && r.deadlineAt < now,
      created_at: r.createdAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
    }))
    .sort((a, b) => rank[a.status] - rank[b.status] || (a.status === "succeeded" ? b.created_at.localeCompare(a.created_at) : 0));
  const grouped = await db.ckycUpload.groupBy({ by: ["status"], where: tenantWhere(tenant), _count: { _all: true } });
  const overdue = await db.ckycUpload.count({ where: { ...tenantWhere(tenant), status: { not: "succeeded" }, deadlineAt: { lt: now } } });
  const count = (st: CkycUploadStatus) => grouped.find((g) => g.status === st)?._count._all ?? 0;
  return { data, counts: { queued: count("queued"), submitted: count("submitted"), succeeded: count("succeeded"), failed: count("failed"), overdue } };
}

/**
 * Queues a failed upload again (the dashboard's "Retry"): its deadline is kept.
 * @throws DomainError resource_missing for an unknown or foreign id; ckyc_upload_not_failed (409) unless it failed.
 */
export async function retryCkycUpload(db: Db, tenant: Tenant, uploadId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.ckycUpload.findFirst({ where: { id: uploadId, ...tenantWhere(tenant) }, select: { id: true, status: true } });
    if (!row) throw notFound("ckyc_upload", uploadId);
    const reset = await tx.ckycUpload.updateMany({
      where: { id: uploadId, status: "failed" },
      data: { status: "queued", errorCode: null, errorMessage: null, finishedAt: null, reference: null },
    });
    if (reset.count !== 1) throw new DomainError("session_not_editable", "Only a failed upload can be queued again.", { param: "upload_id" });
    await enqueue(tx, ckycUploadRequested, { uploadId, projectId: tenant.projectId, mode: tenant.mode });
  });
  outboxCommitted();
}
