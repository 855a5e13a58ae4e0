/**
 * Document extractions of a session (`document_extractions`, issue 9): the hosted flow asks for
 * one after the applicant uploaded a document's images, the Inngest function
 * `extract-document` runs the OCR (never in the request), the flow reads the result to pre-fill
 * the form, and the applicant's confirmed values are stored next to the extracted ones with the
 * review signals of their differences.
 *
 * Flow sequence (the flow's procedures call these, with the session's tenant):
 * 1. `requestDocumentExtraction` after the uploads -> `{ id, status: "pending" }` (outbox message
 *    `documentExtractionRequested`, relayed after commit);
 * 2. `getDocumentExtraction` until `status` is `completed` (pre-fill with `fields[*].value`, show
 *    low `confidence` fields highlighted) or `failed` (the applicant types the fields);
 * 3. `confirmDocumentFields` with what the applicant submitted -> signals stored; the step data
 *    keeps the confirmed values and the `extraction_id` (`in.document.review` input `fields`).
 *    The applicant may submit before the OCR finished (the flow never makes them wait): the
 *    confirmation is stored at once and its signals are computed when the extraction completes.
 * 4. The session's decision reads the signals of the extractions its submitted documents steps
 *    name (`submittedDocumentSignals`, rule condition `document_signal`).
 */
import type { Db, Tx } from "../db";
import type { DocumentSignalFact } from "../sessions/evaluate-decision";
import { DomainError, notFound } from "../errors";
import { documentExtractionRequested } from "../events/internal-events";
import { enqueue, outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { randomBase62 } from "../ids";
import { type Tenant, tenantWhere } from "../tenant";
import { compareConfirmedFields } from "./compare-confirmed-fields";
import { type DocumentExtractionResult, extractDocumentFields, isExtractable } from "./extract-document-fields";
import type { ExtractedFields, ReviewSignal } from "./parsers/parse-common";

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
    await enqueue(tx, documentExtractionRequested, { extractionId: created.id, projectId: tenant.projectId, mode: tenant.mode });
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
  // confirmed while the OCR ran: the differences are known only now
  const confirmed = row.confirmed as Record<string, string | null> | null;
  const signals = confirmed ? withConfirmationSignals(result.signals, result.fields, confirmed) : result.signals;
  const done = await db.documentExtraction.update({
    where: { id: extractionId },
    data: {
      status: "completed",
      extracted: { fields: result.fields, pages: result.pages } as unknown as InputJsonValue,
      signals: signals as unknown as InputJsonValue,
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

/** Signal codes computed from the applicant's confirmation (replaced when they confirm again). */
const CONFIRMATION_CODES = new Set(["field_corrected", "field_removed", "field_not_extracted", "field_low_confidence"]);

/** The document's own signals followed by those of the confirmation (`compareConfirmedFields`). */
function withConfirmationSignals(signals: ReviewSignal[], extracted: ExtractedFields, confirmed: Record<string, string | null>): ReviewSignal[] {
  return [...signals.filter((s) => !CONFIRMATION_CODES.has(s.code)), ...compareConfirmedFields(extracted, confirmed)];
}

/**
 * Stores the fields as the applicant confirmed or corrected them, and the review signals of the
 * differences (`compareConfirmedFields`) after the document's own signals. Confirming again
 * replaces the earlier confirmation. While the extraction is pending only the values are stored;
 * `runDocumentExtraction` adds the signals when it completes.
 * @throws DomainError resource_missing.
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
  const extracted = ((row.extracted as { fields?: ExtractedFields } | null)?.fields ?? {}) as ExtractedFields;
  const own = (row.signals as ReviewSignal[] | null) ?? [];
  const signals = row.status === "pending" ? own : withConfirmationSignals(own, extracted, confirmed);
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

/**
 * The review signals of the extractions the session's submitted `documents` steps name
 * (`data.extraction_id`), as decision facts: what the session was decided on, not extractions
 * of documents the applicant replaced.
 */
export async function submittedDocumentSignals(
  db: Db | Tx,
  session: { id: string; projectId: string; mode: Tenant["mode"]; steps: { type: string; status: string; data: unknown }[] },
): Promise<DocumentSignalFact[]> {
  const ids = session.steps.flatMap((st) => {
    const id = (st.data as { extraction_id?: unknown } | null)?.extraction_id;
    return st.type === "documents" && st.status !== "pending" && typeof id === "string" ? [id] : [];
  });
  if (!ids.length) return [];
  const rows = await db.documentExtraction.findMany({
    where: { id: { in: ids }, sessionId: session.id, projectId: session.projectId, mode: session.mode },
    select: { documentType: true, signals: true },
  });
  return rows.flatMap((r) =>
    ((r.signals as ReviewSignal[] | null) ?? []).map((x) => ({
      code: x.code,
      severity: x.severity,
      ...(x.field ? { field: x.field } : {}),
      documentType: r.documentType,
    })),
  );
}
