/**
 * Document extractions of a session (`document_extractions`, issue 9): the hosted flow asks for
 * one after the applicant uploaded a document's images, the Inngest function
 * `extract-document` runs the OCR (never in the request), the flow reads the result to pre-fill
 * the form, and the applicant's confirmed values are stored next to the extracted ones with the
 * review signals of their differences.
 *
 * Flow sequence (the flow's procedures call these, with the session's tenant):
 * 1. `requestDocumentExtraction` after the uploads -> `{ id, status: "pending" }` (outbox message
 *    `app/document.extraction_requested`, relayed after commit);
 * 2. `getDocumentExtraction` until `status` is `completed` (pre-fill with `fields[*].value`, show
 *    low `confidence` fields highlighted) or `failed` (the applicant types the fields);
 * 3. `confirmDocumentFields` with what the applicant submitted -> signals stored; the step data
 *    keeps the confirmed values as today (`in.document.review` input `fields`).
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { enqueue, outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { randomBase62 } from "../ids";
import { type Tenant, tenantWhere } from "../tenant";
import { compareConfirmedFields } from "./compare-confirmed-fields";
import { type DocumentExtractionResult, extractDocumentFields, isExtractable } from "./extract-document-fields";
import type { ExtractedFields, ReviewSignal } from "./parsers/parse-common";

/** Inngest event name of a requested extraction (data: `{ extractionId, projectId, mode }`). */
export const DOCUMENT_EXTRACTION_REQUESTED = "app/document.extraction_requested";

/** An extraction as the flow and the dashboard see it. */
export interface DocumentExtractionDto {
  id: string;
  session_id: string;
  step: string;
  document_type: string;
  file_ids: string[];
  status: "pending" | "completed" | "failed";
  error_code: string | null;
  fields: ExtractedFields | null;
  confirmed: Record<string, string | null> | null;
  signals: ReviewSignal[];
  created_at: string;
  completed_at: string | null;
  confirmed_at: string | null;
}

const select = {
  id: true,
  sessionId: true,
  step: true,
  documentType: true,
  fileIds: true,
  status: true,
  errorCode: true,
  extracted: true,
  confirmed: true,
  signals: true,
  createdAt: true,
  completedAt: true,
  confirmedAt: true,
} as const;

type Row = { [K in keyof typeof select]: unknown } & {
  id: string;
  sessionId: string;
  step: string;
  documentType: string;
  fileIds: string[];
  status: string;
  errorCode: string | null;
  createdAt: Date;
  completedAt: Date | null;
  confirmedAt: Date | null;
};

function toDto(r: Row): DocumentExtractionDto {
  const extracted = r.extracted as { fields?: ExtractedFields } | null;
  return {
    id: r.id,
    session_id: r.sessionId,
    step: r.step,
    document_type: r.documentType,
    file_ids: r.fileIds,
    status: r.status as DocumentExtractionDto["status"],
    error_code: r.errorCode,
    fields: extracted?.fields ?? null,
    confirmed: (r.confirmed as Record<string, string | null> | null) ?? null,
    signals: (r.signals as ReviewSignal[] | null) ?? [],
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
    confirmed_at: r.confirmedAt?.toISOString() ?? null,
  };
}

/**
 * Records an extraction request and queues the OCR (Inngest `extract-document`).
 * @param input.fileIds the document's images (`file_...`) of this session, one per side or page (1..10).
 * @throws DomainError parameter_invalid (`document_type` without OCR, or no files),
 *   resource_missing (session or a file not the tenant's / not of the session).
 */
export async function requestDocumentExtraction(
  db: Db,
  tenant: Tenant,
  input: { sessionId: string; step: string; documentType: string; fileIds: string[] },
): Promise<DocumentExtractionDto> {
  if (!isExtractable(input.documentType)) {
    throw new DomainError("parameter_invalid", `No field extraction for document type '${input.documentType}'.`, { param: "document_type" });
  }
  if (input.fileIds.length < 1 || input.fileIds.length > 10) throw new DomainError("parameter_invalid", "Give 1 to 10 files.", { param: "file_ids" });
  const row = await db.$transaction(async (tx) => {
    const session = await tx.session.findFirst({ where: { id: input.sessionId, ...tenantWhere(tenant) }, select: { id: true } });
    if (!session) throw notFound("session", input.sessionId, "session_id");
    const files = await tx.evidenceFile.count({ where: { id: { in: input.fileIds }, sessionId: input.sessionId } });
    if (files !== new Set(input.fileIds).size) throw notFound("evidence file", input.fileIds.join(","), "file_ids");
    const created = await tx.documentExtraction.create({
      data: {
        id: `dex_${randomBase62(24)}`,
        ...tenantWhere(tenant),
        sessionId: input.sessionId,
        step: input.step,
        documentType: input.documentType,
        fileIds: input.fileIds,
      },
      select,
    });
    await enqueue(tx, DOCUMENT_EXTRACTION_REQUESTED, { extractionId: created.id, projectId: tenant.projectId, mode: tenant.mode });
    return created;
  });
  outboxCommitted();
  return toDto(row);
}

/**
 * Runs a pending extraction and stores the result (`completed`) or the error (`failed`:
 * `file_unreadable`, `resource_missing` when files were erased meanwhile). Safe to call again:
 * a finished extraction is returned as it is.
 * @param extract replaceable for tests; default `extractDocumentFields`.
 */
export async function runDocumentExtraction(db: Db, extractionId: string, extract = extractDocumentFields): Promise<DocumentExtractionDto> {
  const row = await db.documentExtraction.findUniqueOrThrow({ where: { id: extractionId }, select: { ...select, projectId: true, mode: true } });
  if (row.status !== "pending") return toDto(row);
  let result: DocumentExtractionResult;
  try {
    result = await extract(db, { projectId: row.projectId, mode: row.mode }, row.fileIds, row.documentType);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const failed = await db.documentExtraction.update({
      where: { id: extractionId },
      data: { status: "failed", errorCode: err.code, completedAt: new Date() },
      select,
    });
    return toDto(failed);
  }
  const done = await db.documentExtraction.update({
    where: { id: extractionId },
    data: {
      status: "completed",
      extracted: { fields: result.fields, pages: result.pages } as unknown as InputJsonValue,
      signals: result.signals as unknown as InputJsonValue,
      completedAt: new Date(),
    },
    select,
  });
  return toDto(done);
}

/** An extraction of the tenant's session. @throws DomainError resource_missing. */
export async function getDocumentExtraction(db: Db, tenant: Tenant, sessionId: string, extractionId: string): Promise<DocumentExtractionDto> {
  const row = await db.documentExtraction.findFirst({ where: { id: extractionId, sessionId, ...tenantWhere(tenant) }, select });
  if (!row) throw notFound("document extraction", extractionId, "extraction_id");
  return toDto(row);
}

/**
 * Stores the fields as the applicant confirmed or corrected them, and the review signals of the
 * differences (`compareConfirmedFields`) after the document's own signals. Confirming again
 * replaces the earlier confirmation.
 * @throws DomainError resource_missing; parameter_invalid (`extraction_id`) while still pending.
 */
export async function confirmDocumentFields(
  db: Db,
  tenant: Tenant,
  sessionId: string,
  extractionId: string,
  confirmed: Record<string, string | null>,
): Promise<DocumentExtractionDto> {
  const row = await db.documentExtraction.findFirst({ where: { id: extractionId, sessionId, ...tenantWhere(tenant) }, select });
  if (!row) throw notFound("document extraction", extractionId, "extraction_id");
  if (row.status === "pending") throw new DomainError("parameter_invalid", "The extraction has not finished yet.", { param: "extraction_id" });
  const extracted = ((row.extracted as { fields?: ExtractedFields } | null)?.fields ?? {}) as ExtractedFields;
  const own = ((row.signals as ReviewSignal[] | null) ?? []).filter((s) => !["field_corrected", "field_removed", "field_not_extracted"].includes(s.code));
  const signals = [...own, ...compareConfirmedFields(extracted, confirmed)];
  const updated = await db.documentExtraction.update({
    where: { id: extractionId },
    data: { confirmed: confirmed as InputJsonValue, signals: signals as unknown as InputJsonValue, confirmedAt: new Date() },
    select,
  });
  return toDto(updated);
}

/** Review signals of all extractions of a session, newest extraction first (for the reviewer and decision rules). */
export async function sessionDocumentSignals(
  db: Db,
  tenant: Tenant,
  sessionId: string,
): Promise<(ReviewSignal & { extraction_id: string; document_type: string })[]> {
  const rows = await db.documentExtraction.findMany({
    where: { sessionId, ...tenantWhere(tenant) },
    orderBy: { createdAt: "desc" },
    select: { id: true, documentType: true, signals: true },
  });
  return rows.flatMap((r) => ((r.signals as ReviewSignal[] | null) ?? []).map((s) => ({ ...s, extraction_id: r.id, document_type: r.documentType })));
}
