/**
 * The answer of `in.aml.screen` (generic `aml.screen`; server/checks/catalog.ts): the subject's
 * names against the active version of every list (server/screening/active-index.ts), in test mode
 * also the sandbox list (./sandbox-list.ts).
 *
 * - A direct check screens the name, date of birth and country given. The same input for the same
 *   project and mode is the same subject, so entries a reviewer dismissed are not reported again.
 * - A session's check (the `screening` step) also screens the names the verified sources hold (the
 *   PAN registry's registered name, the UIDAI-signed Aadhaar name and date of birth), so it waits
 *   until the session's other checks finished (`waiting`: the pipeline asks again with backoff).
 *
 * No candidate: `passed` (the names are not on any list at the threshold). Candidates: `needs_review`
 * with each candidate (score, fields that matched, the list entry, its list and version); a reviewer
 * marks each a true or a false match (./resolve-candidate.ts). Nothing here stores a name in the
 * result: the check's `input` holds what was screened.
 */
import type { Db } from "../db";
import type { Mode } from "../generated/prisma/enums";
import { activeScreeningIndex } from "./active-index";
import { ensureSandboxList } from "./sandbox-list";
import type { ListedEntry } from "./screening.queries";
import {
  activeListVersions,
  addReportedEntries,
  findScreeningSubject,
  insertScreeningSubject,
  listedEntries,
  sessionCheckAnswers,
  updateScreeningSubject,
} from "./screening.queries";
import type { ScreeningCandidate, TScreeningSource } from "./screening.schemas";
import { entryCategory, ZScreeningSource } from "./screening.schemas";

/** The check key (its generic key is `aml.screen`). */
export const SCREEN_CHECK_KEY = "in.aml.screen";

/** `in.aml.screen` input after parsing (server/checks/catalog.ts `ZAmlScreenInput`). */
export interface ScreenCheckInput {
  name: string;
  date_of_birth?: string;
  nationality?: string;
  monitor?: boolean;
  threshold?: number;
}

/** Whose check it is. */
export interface ScreenCheckContext {
  projectId: string;
  mode: Mode;
  checkId: string;
  sessionId: string | null;
}

/** How a reviewer resolved a candidate. */
export interface CandidateReview {
  match: boolean;
  note: string;
  by: string | null;
  at: string;
}

/** A candidate as stored on the check (`result.candidates[]`) and shown to reviewers. */
export interface CandidateResult {
  entry_id: string;
  list: TScreeningSource;
  category: "sanctions" | "pep";
  version: { id: string; seq: number; published_at: string | null };
  score: number;
  name_score: number;
  matched_name: string;
  name_match: ScreeningCandidate["nameMatch"];
  matched_fields: ScreeningCandidate["matchedFields"];
  dob: ScreeningCandidate["dob"];
  nationality: ScreeningCandidate["nationality"];
  entry: {
    external_id: string;
    kind: string;
    name: string;
    aliases: string[];
    birth_dates: unknown[];
    nationalities: string[];
    programs: string[];
    reference: string | null;
    listed_on: string | null;
    details: Record<string, unknown>;
  };
  review: CandidateReview | null;
}

/** `result` of an `in.aml.screen` check. */
export interface ScreenCheckResult {
  subject_id: string;
  monitored: boolean;
  /** how many names were screened (the input's and the verified sources') */
  names_screened: number;
  lists: { list: TScreeningSource; version_id: string; seq: number }[];
  threshold: number;
  candidates: CandidateResult[];
  /** set when every candidate is resolved: a true match on a sanctions list / on the PEP list */
  sanctions_match?: boolean;
  pep?: boolean;
  /** `monitoring`: found by ongoing monitoring after the session was decided */
  trigger?: "screening" | "monitoring";
}

export type ScreenCheckAnswer =
  | { waiting: true }
  /** no list is imported for the mode: nothing to screen against (never a `passed`) */
  | { waiting: false; noLists: true }
  | { waiting: false; noLists?: false; status: "passed" | "needs_review"; score: number | null; result: ScreenCheckResult };

/** Default candidate threshold (final score; bench/README.md has the error rates behind it). */
export const DEFAULT_SCREEN_THRESHOLD = 0.8;

/** The sources screened in a mode: the sandbox list only in test mode. */
export function sourcesFor(mode: Mode): TScreeningSource[] {
  return ZScreeningSource.options.filter((s) => mode === "test" || s !== "sandbox");
}

/** The candidate as stored on a check. */
export function candidateResult(c: ScreeningCandidate, e: ListedEntry): CandidateResult {
  return {
    entry_id: c.entryId,
    list: c.source,
    category: entryCategory(c.source, e.details),
    version: { id: e.version.id, seq: e.version.seq, published_at: e.version.publishedAt?.toISOString() ?? null },
    score: c.score,
    name_score: c.nameScore,
    matched_name: c.matchedName,
    name_match: c.nameMatch,
    matched_fields: c.matchedFields,
    dob: c.dob,
    nationality: c.nationality,
    entry: {
      external_id: e.externalId,
      kind: e.kind,
      name: e.name,
      aliases: e.aliases.map((a) => a.name),
      birth_dates: e.birthDates,
      nationalities: e.nationalities,
      programs: e.programs,
      reference: e.reference,
      listed_on: e.listedOn,
      details: e.details,
    },
    review: null,
  };
}

/** Candidates with their list entries, best first. */
export async function candidateResults(db: Db, candidates: readonly ScreeningCandidate[]): Promise<CandidateResult[]> {
  const entries = await listedEntries(
    db,
    candidates.map((c) => c.entryId),
  );
  return candidates.flatMap((c) => {
    const e = entries.get(c.entryId);
    return e ? [candidateResult(c, e)] : [];
  });
}

/** Names and date of birth the session's verified sources hold (PAN registry, UIDAI-signed Aadhaar). */
function verifiedIdentity(answers: { checkKey: string; status: string; result: unknown }[]): { names: string[]; dob: string | null } {
  const names: string[] = [];
  let dob: string | null = null;
  for (const a of answers) {
    const r = (a.result ?? {}) as Record<string, unknown>;
    if (a.checkKey === "in.pan.verify" && typeof r.registered_name === "string") names.push(r.registered_name);
    if (a.checkKey.startsWith("in.aadhaar.") && a.status === "passed" && typeof r.name === "string") {
      names.push(r.name);
      if (typeof r.dob === "string" && /^\d{4}-\d{2}-\d{2}$/.test(r.dob)) dob = r.dob;
    }
  }
  return { names, dob };
}

/**
 * Screens the subject of an `in.aml.screen` check (see the module comment) and records the
 * subject: a direct check with `monitor: true` is monitored from now on; a session's subject is
 * monitored once the session is approved (server/screening/monitoring.ts).
 * @returns `waiting` while the session's other checks run, `noLists` when no list is imported for
 *   the mode (live mode before the first `lists import`), else the check's answer.
 */
export async function screenForCheck(db: Db, ctx: ScreenCheckContext, input: ScreenCheckInput): Promise<ScreenCheckAnswer> {
  const names = [input.name];
  let dob = input.date_of_birth ?? null;
  if (ctx.sessionId) {
    const { unfinished, answers } = await sessionCheckAnswers(db, ctx.sessionId, SCREEN_CHECK_KEY);
    if (unfinished) return { waiting: true };
    const verified = verifiedIdentity(answers);
    names.push(...verified.names);
    dob = verified.dob ?? dob;
  }
  const distinctNames = [...new Set(names.map((n) => n.trim().replace(/\s+/g, " ").toUpperCase()))];
  const country = input.nationality?.toUpperCase() ?? null;
  if (ctx.mode === "test") await ensureSandboxList(db);
  const sources = sourcesFor(ctx.mode);
  const lists = (await activeListVersions(db)).filter((v) => sources.includes(v.source)).map((v) => ({ list: v.source, version_id: v.id, seq: v.seq }));
  if (!lists.length) return { waiting: false, noLists: true };
  const index = await activeScreeningIndex(db);
  const threshold = input.threshold ?? DEFAULT_SCREEN_THRESHOLD;
  const best = new Map<string, ScreeningCandidate>();
  for (const name of distinctNames) {
    for (const c of index.search({ name, dob: dob ?? undefined, country: country ?? undefined, kind: "individual" }, { threshold, sources })) {
      if ((best.get(c.entryId)?.score ?? -1) < c.score) best.set(c.entryId, c);
    }
  }

  const who = ctx.sessionId
    ? { projectId: ctx.projectId, mode: ctx.mode, sessionId: ctx.sessionId }
    : { projectId: ctx.projectId, mode: ctx.mode, kind: "individual" as const, name: input.name, dob, country };
  const existing = await findScreeningSubject(db, who);
  const monitored = ctx.sessionId ? (existing?.monitored ?? false) : (input.monitor ?? false) || (existing?.monitored ?? false);
  const subjectData = { name: input.name, dob, country, checkId: ctx.sessionId ? null : ctx.checkId, monitored };
  const subjectId = existing
    ? (await updateScreeningSubject(db, existing.id, subjectData), existing.id)
    : await insertScreeningSubject(db, { projectId: ctx.projectId, mode: ctx.mode, sessionId: ctx.sessionId, kind: "individual", ...subjectData });

  const found = [...best.values()].filter((c) => !existing?.dismissedEntryIds.has(c.entryId)).sort((a, b) => b.score - a.score);
  await addReportedEntries(
    db,
    subjectId,
    found.map((c) => c.entryId),
  );
  const candidates = await candidateResults(db, found);
  return {
    waiting: false,
    status: candidates.length ? "needs_review" : "passed",
    score: candidates[0]?.score ?? null,
    result: { subject_id: subjectId, monitored, names_screened: distinctNames.length, lists, threshold, candidates, trigger: "screening" },
  };
}
