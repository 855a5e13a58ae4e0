/**
 * The screening domain's database reads and writes: list versions and entries (operator-wide)
 * and screened subjects (per project and mode).
 */
import type { Db, Tx } from "../db";
import type { Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { sql } from "../sql";
import type { ScreeningEntry, TAlias, TBirthDate, TEntryKind, TScreeningSource } from "./screening.schemas";

/** Rows per INSERT / UPDATE statement of an import (15 bind values a row stays far below PostgreSQL's 65,535). */
const BATCH = 1000;

/** A list version as reported (CLI, later the dashboard). */
export interface ListVersionSummary {
  id: string;
  source: TScreeningSource;
  seq: number;
  publishedAt: Date | null;
  fileName: string;
  fileSha256: string;
  /** bytes */
  fileSize: number;
  entryCount: number;
  individualCount: number;
  entityCount: number;
  addedCount: number;
  changedCount: number;
  removedCount: number;
  importedAt: Date;
}

const VERSION_SELECT = {
  id: true,
  source: true,
  seq: true,
  publishedAt: true,
  fileName: true,
  fileSha256: true,
  fileSize: true,
  entryCount: true,
  individualCount: true,
  entityCount: true,
  addedCount: true,
  changedCount: true,
  removedCount: true,
  importedAt: true,
} as const;

/** Serializes imports of one source until the transaction ends (other sources import in parallel). */
export async function lockListSource(tx: Tx, source: TScreeningSource): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`screening_list:${source}`}))`;
}

/** The active (newest) version of a source, or null before its first import. */
export function latestListVersion(db: Db | Tx, source: TScreeningSource): Promise<ListVersionSummary | null> {
  return db.screeningListVersion.findFirst({ where: { source }, orderBy: { seq: "desc" }, select: VERSION_SELECT });
}

/** The active version of every source that has one: `{ source, id, seq }`, ordered by source. */
export function activeListVersions(db: Db): Promise<{ source: TScreeningSource; id: string; seq: number }[]> {
  return db.$queryRaw<{ source: TScreeningSource; id: string; seq: number }[]>(sql`
    SELECT DISTINCT ON (source) source::text AS source, id, seq FROM screening_list_versions ORDER BY source, seq DESC`);
}

/** `{ id, externalId, contentHash }` of a source's active entries (the base of a diff). */
export function activeEntryHashes(tx: Tx, source: TScreeningSource): Promise<{ id: string; externalId: string; contentHash: string }[]> {
  return tx.screeningListEntry.findMany({ where: { source, removedInVersionId: null }, select: { id: true, externalId: true, contentHash: true } });
}

/** A new version row. */
export async function insertListVersion(tx: Tx, data: Omit<ListVersionSummary, "id" | "importedAt">): Promise<ListVersionSummary> {
  return tx.screeningListVersion.create({ data: { id: newId("screeningListVersion"), ...data }, select: VERSION_SELECT });
}

/** An entry row to insert (its id is generated). */
export interface NewListEntry {
  externalId: string;
  kind: TEntryKind;
  name: string;
  aliases: TAlias[];
  birthDates: TBirthDate[];
  nationalities: string[];
  programs: string[];
  reference: string | null;
  listedOn: string | null;
  details: Record<string, unknown>;
  contentHash: string;
}

/** Inserts entries opened by a version, in batches. */
export async function insertListEntries(tx: Tx, source: TScreeningSource, versionId: string, entries: readonly NewListEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += BATCH) {
    await tx.screeningListEntry.createMany({
      data: entries.slice(i, i + BATCH).map((e) => ({
        id: newId("screeningListEntry"),
        source,
        externalId: e.externalId,
        kind: e.kind,
        name: e.name,
        aliases: e.aliases as unknown as InputJsonValue,
        birthDates: e.birthDates as unknown as InputJsonValue,
        nationalities: e.nationalities,
        programs: e.programs,
        reference: e.reference,
        listedOn: e.listedOn,
        details: e.details as InputJsonValue,
        contentHash: e.contentHash,
        addedInVersionId: versionId,
      })),
    });
  }
}

/** Closes entries (changed or removed) in a version, in batches. */
export async function closeListEntries(tx: Tx, entryIds: readonly string[], versionId: string): Promise<void> {
  for (let i = 0; i < entryIds.length; i += BATCH) {
    await tx.screeningListEntry.updateMany({
      where: { id: { in: entryIds.slice(i, i + BATCH) }, removedInVersionId: null },
      data: { removedInVersionId: versionId },
    });
  }
}

const ENTRY_SELECT = { id: true, source: true, externalId: true, kind: true, name: true, aliases: true, birthDates: true, nationalities: true } as const;

function toEntry(row: {
  id: string;
  source: TScreeningSource;
  externalId: string;
  kind: TEntryKind;
  name: string;
  aliases: unknown;
  birthDates: unknown;
  nationalities: string[];
}): ScreeningEntry {
  // written by insertListEntries from parsed, typed values
  return { ...row, aliases: row.aliases as TAlias[], birthDates: row.birthDates as TBirthDate[] };
}

/** Every active entry of every source (what the screening index holds), read in pages by id. */
export async function activeListEntries(db: Db, pageSize = 10_000): Promise<ScreeningEntry[]> {
  const out: ScreeningEntry[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await db.screeningListEntry.findMany({
      where: { removedInVersionId: null, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: "asc" },
      take: pageSize,
      select: ENTRY_SELECT,
    });
    out.push(...page.map(toEntry));
    if (page.length < pageSize) return out;
    after = page[page.length - 1]!.id;
  }
}

/** The entries a version opened: added and changed ones (what re-screening screens). */
export async function openedListEntries(db: Db, versionId: string): Promise<ScreeningEntry[]> {
  return (await db.screeningListEntry.findMany({ where: { addedInVersionId: versionId }, orderBy: { id: "asc" }, select: ENTRY_SELECT })).map(toEntry);
}

/** A version's diff against the one before, as publisher ids, each list sorted. */
export async function listVersionDiff(db: Db, versionId: string): Promise<{ added: string[]; changed: string[]; removed: string[] }> {
  const [opened, closed] = await Promise.all([
    db.screeningListEntry.findMany({ where: { addedInVersionId: versionId }, select: { externalId: true } }),
    db.screeningListEntry.findMany({ where: { removedInVersionId: versionId }, select: { externalId: true } }),
  ]);
  const closedIds = new Set(closed.map((e) => e.externalId));
  const openedIds = new Set(opened.map((e) => e.externalId));
  const sort = (ids: string[]) => ids.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  return {
    added: sort([...openedIds].filter((id) => !closedIds.has(id))),
    changed: sort([...openedIds].filter((id) => closedIds.has(id))),
    removed: sort([...closedIds].filter((id) => !openedIds.has(id))),
  };
}

/** A subject to screen again: its input, tenant and the entries dismissed for it. */
export interface MonitoredSubject {
  id: string;
  projectId: string;
  mode: Mode;
  kind: TEntryKind;
  name: string;
  dob: string | null;
  country: string | null;
  sessionId: string | null;
  checkId: string | null;
  dismissedEntryIds: Set<string>;
  /** entries already reported (onboarding or an earlier alert) */
  reportedEntryIds: Set<string>;
}

/**
 * One page of monitored subjects in id order (`after`: the last id of the previous page), of one
 * mode when given, with their dismissed entries.
 */
export async function monitoredSubjectsPage(db: Db, opts: { mode?: Mode; after?: string; take: number }): Promise<MonitoredSubject[]> {
  const rows = await db.screeningSubject.findMany({
    where: { monitored: true, ...(opts.mode ? { mode: opts.mode } : {}), ...(opts.after ? { id: { gt: opts.after } } : {}) },
    orderBy: { id: "asc" },
    take: opts.take,
    select: {
      id: true,
      projectId: true,
      mode: true,
      kind: true,
      name: true,
      dob: true,
      country: true,
      sessionId: true,
      checkId: true,
      reportedEntryIds: true,
      dismissals: { select: { entryId: true } },
    },
  });
  return rows.map(({ dismissals, reportedEntryIds, ...s }) => ({
    ...s,
    dismissedEntryIds: new Set(dismissals.map((d) => d.entryId)),
    reportedEntryIds: new Set(reportedEntryIds),
  }));
}

/** What a new subject records (a session's applicant or a direct check's input). */
export interface NewScreeningSubject {
  projectId: string;
  mode: Mode;
  sessionId?: string | null;
  checkId?: string | null;
  kind: TEntryKind;
  name: string;
  dob?: string | null;
  country?: string | null;
  monitored: boolean;
}

/** Records a screened subject; returns its id (`scs_…`). */
export async function insertScreeningSubject(tx: Db | Tx, subject: NewScreeningSubject, screenedAt = new Date()): Promise<string> {
  const id = newId("screeningSubject");
  await tx.screeningSubject.create({
    data: {
      id,
      projectId: subject.projectId,
      mode: subject.mode,
      sessionId: subject.sessionId ?? null,
      checkId: subject.checkId ?? null,
      kind: subject.kind,
      name: subject.name,
      dob: subject.dob ?? null,
      country: subject.country ?? null,
      monitored: subject.monitored,
      lastScreenedAt: screenedAt,
    },
  });
  return id;
}

/** Remembers a candidate as a false match for the subject (idempotent). */
export async function insertDismissal(tx: Db | Tx, subjectId: string, entryId: string): Promise<void> {
  await tx.screeningDismissal.upsert({ where: { subjectId_entryId: { subjectId, entryId } }, create: { subjectId, entryId }, update: {} });
}

/** A list entry as a reviewer sees it, with the version that published it. */
export interface ListedEntry {
  id: string;
  source: TScreeningSource;
  externalId: string;
  kind: TEntryKind;
  name: string;
  aliases: TAlias[];
  birthDates: TBirthDate[];
  nationalities: string[];
  programs: string[];
  reference: string | null;
  listedOn: string | null;
  details: Record<string, unknown>;
  version: { id: string; seq: number; publishedAt: Date | null };
}

/** The entries `ids` (active or not) with their versions, by id. */
export async function listedEntries(db: Db | Tx, ids: readonly string[]): Promise<Map<string, ListedEntry>> {
  const rows = await db.screeningListEntry.findMany({
    where: { id: { in: [...ids] } },
    select: {
      ...ENTRY_SELECT,
      programs: true,
      reference: true,
      listedOn: true,
      details: true,
      addedIn: { select: { id: true, seq: true, publishedAt: true } },
    },
  });
  return new Map(
    rows.map(({ addedIn, programs, reference, listedOn, details, ...e }) => [
      e.id,
      { ...toEntry(e), programs, reference, listedOn, details: (details ?? {}) as Record<string, unknown>, version: addedIn },
    ]),
  );
}

/** The finished answers of a session's checks other than `exceptKey`, and whether any is unfinished. */
export async function sessionCheckAnswers(
  db: Db | Tx,
  sessionId: string,
  exceptKey: string,
): Promise<{ unfinished: boolean; answers: { checkKey: string; status: string; result: unknown; createdAt: Date }[] }> {
  const rows = await db.check.findMany({
    where: { sessionId, checkKey: { not: exceptKey } },
    orderBy: { createdAt: "asc" },
    select: { checkKey: true, status: true, result: true, createdAt: true },
  });
  return { unfinished: rows.some((r) => r.status === "pending" || r.status === "running"), answers: rows };
}

/** Who a subject is: the session screened, or a direct check's input (the same input is the same subject). */
export type SubjectIdentity =
  | { projectId: string; mode: Mode; sessionId: string }
  | { projectId: string; mode: Mode; kind: TEntryKind; name: string; dob: string | null; country: string | null };

/** The subject with this identity and its dismissed entries, or null. */
export async function findScreeningSubject(
  db: Db | Tx,
  who: SubjectIdentity,
): Promise<{ id: string; monitored: boolean; dismissedEntryIds: Set<string> } | null> {
  const where = !("kind" in who)
    ? { projectId: who.projectId, mode: who.mode, sessionId: who.sessionId }
    : { projectId: who.projectId, mode: who.mode, sessionId: null, kind: who.kind, name: who.name, dob: who.dob, country: who.country };
  const row = await db.screeningSubject.findFirst({
    where,
    orderBy: { createdAt: "desc" },
    select: { id: true, monitored: true, dismissals: { select: { entryId: true } } },
  });
  return row ? { id: row.id, monitored: row.monitored, dismissedEntryIds: new Set(row.dismissals.map((d) => d.entryId)) } : null;
}

/** Updates what was screened of a subject, its check and whether it is monitored. */
export async function updateScreeningSubject(
  db: Db | Tx,
  id: string,
  data: { name: string; dob: string | null; country: string | null; checkId: string | null; monitored?: boolean },
  screenedAt = new Date(),
): Promise<void> {
  const { monitored, ...rest } = data;
  await db.screeningSubject.update({
    where: { id },
    data: { ...rest, lastScreenedAt: screenedAt, ...(monitored === undefined ? {} : { monitored, monitoringEndedAt: monitored ? null : undefined }) },
  });
}

/** Adds entries to those already reported for a subject (monitoring does not alert on them again). */
export async function addReportedEntries(db: Db | Tx, subjectId: string, entryIds: readonly string[], screenedAt = new Date()): Promise<void> {
  if (!entryIds.length) return;
  await db.$executeRaw(sql`UPDATE screening_subjects
    SET reported_entry_ids = ARRAY(SELECT DISTINCT unnest(reported_entry_ids || ${[...entryIds]}::text[])), last_screened_at = ${screenedAt}
    WHERE id = ${subjectId}`);
}

/** Monitors a session's subject (approved) or stops (declined, ended). */
export async function setSessionMonitoring(tx: Db | Tx, sessionId: string, monitored: boolean, now = new Date()): Promise<void> {
  await tx.screeningSubject.updateMany({ where: { sessionId }, data: { monitored, monitoringEndedAt: monitored ? null : now } });
}

/** Deletes the subjects of a session or a direct check (their names are personal data); monitoring ends with them. */
export async function deleteScreeningSubjects(tx: Db | Tx, where: { sessionId: string } | { checkId: string }): Promise<number> {
  return (await tx.screeningSubject.deleteMany({ where })).count;
}
