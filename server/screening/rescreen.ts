/**
 * Ongoing monitoring's core: when a list version changes, only its diff is screened against the
 * monitored subjects. The index is built over the diff side (the entries the version added or
 * changed, typically tens to hundreds), and every subject is searched in it, so the cost is one
 * tokenization and a few key lookups per subject (bench/screening.ts: 100,000 subjects against a
 * 100-entry diff). Entries a reviewer dismissed for a subject, or already reported for it, are not
 * reported again; a changed entry is a new entry row, so it is.
 */
import type { Db } from "../db";
import type { Mode } from "../generated/prisma/enums";
import type { MonitoredSubject } from "./screening.queries";
import { monitoredSubjectsPage, openedListEntries } from "./screening.queries";
import { ScreeningIndex } from "./screening-index";
import type { ScreeningCandidate, ScreeningEntry, TScreeningOptionsInput } from "./screening.schemas";

/** A subject as re-screening needs it. */
export type RescreenSubject = Pick<MonitoredSubject, "id" | "kind" | "name" | "dob" | "country" | "dismissedEntryIds"> &
  Partial<Pick<MonitoredSubject, "reportedEntryIds">>;

/** New candidates for one subject. */
export interface RescreenHit<S extends RescreenSubject = RescreenSubject> {
  subject: S;
  candidates: ScreeningCandidate[];
}

/** Options for every subject, or per subject (a workflow's thresholds). */
export type RescreenOptions<S> = TScreeningOptionsInput | ((subject: S) => TScreeningOptionsInput);

/**
 * Screens `subjects` against the entries of a diff; returns the subjects with new candidates
 * (dismissed entries left out), in the order of `subjects`.
 */
export function rescreenSubjects<S extends RescreenSubject>(
  diffEntries: readonly ScreeningEntry[],
  subjects: Iterable<S>,
  options: RescreenOptions<S> = {},
): RescreenHit<S>[] {
  return diffEntries.length ? rescreenWith(ScreeningIndex.build(diffEntries), subjects, options) : [];
}

/**
 * Re-screens every monitored subject (of one mode when given) against what a list version added
 * or changed, reading subjects in pages of `pageSize`.
 */
export async function rescreenListVersion(
  db: Db,
  versionId: string,
  opts: { mode?: Mode; options?: RescreenOptions<MonitoredSubject>; pageSize?: number } = {},
): Promise<RescreenHit<MonitoredSubject>[]> {
  const diff = await openedListEntries(db, versionId);
  return diff.length ? rescreenMonitored(db, ScreeningIndex.build(diff), opts) : [];
}

/**
 * Screens every monitored subject (of one mode when given) in `index` (a diff's, or the active
 * lists' for the daily run), reading subjects in pages of `pageSize`; returns the subjects with
 * new candidates.
 */
export async function rescreenMonitored(
  db: Db,
  index: ScreeningIndex,
  opts: { mode?: Mode; options?: RescreenOptions<MonitoredSubject>; pageSize?: number } = {},
): Promise<RescreenHit<MonitoredSubject>[]> {
  const take = opts.pageSize ?? 5_000;
  const hits: RescreenHit<MonitoredSubject>[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await monitoredSubjectsPage(db, { mode: opts.mode, after, take });
    hits.push(...rescreenWith(index, page, opts.options ?? {}));
    if (page.length < take) return hits;
    after = page[page.length - 1]!.id;
  }
}

function rescreenWith<S extends RescreenSubject>(index: ScreeningIndex, subjects: Iterable<S>, options: RescreenOptions<S>): RescreenHit<S>[] {
  const hits: RescreenHit<S>[] = [];
  for (const subject of subjects) {
    const found = index.search(
      { name: subject.name, dob: subject.dob ?? undefined, country: subject.country ?? undefined, kind: subject.kind },
      typeof options === "function" ? options(subject) : options,
    );
    const candidates = found.filter((c) => !subject.dismissedEntryIds.has(c.entryId) && !subject.reportedEntryIds?.has(c.entryId));
    if (candidates.length) hits.push({ subject, candidates });
  }
  return hits;
}
