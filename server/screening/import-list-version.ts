/**
 * Imports one list file as a new version of its source (issue "Sanctions and PEP screening",
 * item 1): parse, diff against the active version by the publisher's ids and content hashes,
 * then write the version, the entries it opens, the entries it closes and its audit row in one
 * transaction. A file that fails to parse, or any failure while writing, leaves no trace: the
 * previous version stays active.
 */
import { createHash } from "node:crypto";
import { SYSTEM_ACTOR, writeAudit, type Actor } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError } from "../errors";
import { screeningListImported } from "../events/internal-events";
import { enqueue, outboxCommitted } from "../events/outbox";
import type { ParsedList } from "./list-entry";
import { entryContentHash, listFileError } from "./list-entry";
import { parseOfacList } from "./parse-ofac-list";
import { parseOperatorList } from "./parse-operator-list";
import { parseUnList } from "./parse-un-list";
import type { ListVersionSummary, NewListEntry } from "./screening.queries";
import { activeEntryHashes, closeListEntries, insertListEntries, insertListVersion, latestListVersion, lockListSource } from "./screening.queries";
import type { TImportSource, TScreeningSource } from "./screening.schemas";
import { SOURCE_LABELS } from "./screening.schemas";

/**
 * A version that would remove more than this share of the active entries is refused unless
 * `allowRemovals`: a CSV cut short at a line break parses cleanly and would otherwise look like
 * mass de-listing.
 */
export const MAX_REMOVED_SHARE = 0.5;

/** How long the import transaction may take (a full OFAC list is ~20,000 entries). */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

export interface ImportListInput {
  source: TImportSource;
  bytes: Uint8Array;
  /** the file's name, as recorded on the version */
  fileName: string;
  /** the edition's date when the file carries none (the operator's CSV lists) */
  publishedAt?: Date | null;
  /** accept a version that removes more than `MAX_REMOVED_SHARE` of the entries */
  allowRemovals?: boolean;
  actor?: Actor;
}

export interface ImportListResult {
  /** true: the file is byte for byte the active version's; nothing was written */
  unchanged: boolean;
  version: ListVersionSummary;
}

/** Parses a list file of any source. @throws DomainError parameter_invalid (`listFileError`) */
export function parseListFile(source: TImportSource, bytes: Uint8Array): ParsedList {
  switch (source) {
    case "un":
      return parseUnList(bytes);
    case "ofac":
      return parseOfacList(bytes);
    case "mha":
    case "pep":
      return parseOperatorList(source, bytes);
  }
}

/**
 * Imports a list file as the new active version of its source.
 * @returns the new version, or the active one with `unchanged: true` when the file is the same
 * @throws DomainError parameter_invalid (param `file`) when the file is malformed, truncated,
 *   empty, repeats an entry id, or removes more than `MAX_REMOVED_SHARE` of the entries without
 *   `allowRemovals`; the message names the line or element and the previous version stays active
 */
export async function importListVersion(db: Db, input: ImportListInput): Promise<ImportListResult> {
  return importParsedList(db, { ...input, parsed: parseListFile(input.source, input.bytes) });
}

/**
 * Imports parsed entries as the new active version of `source` (`bytes`: the file they came
 * from, hashed and measured for the version); what `importListVersion` does after parsing.
 * @throws DomainError parameter_invalid as `importListVersion`
 */
export async function importParsedList(
  db: Db,
  input: Omit<ImportListInput, "source"> & { source: TScreeningSource; parsed: ParsedList },
): Promise<ImportListResult> {
  const { source, parsed } = input;
  const fileSha256 = createHash("sha256").update(input.bytes).digest("hex");
  if (!parsed.entries.length) throw listFileError(source, null, "the file has no entries");
  const seen = new Map<string, string>();
  const entries: NewListEntry[] = parsed.entries.map((e) => {
    const first = seen.get(e.externalId);
    if (first) throw listFileError(source, e.location, `entry id ${e.externalId} appears twice (first at ${first})`);
    seen.set(e.externalId, e.location);
    const { location: _location, ...rest } = e;
    return { ...rest, contentHash: entryContentHash(e) };
  });

  const result = await db.$transaction(
    async (tx): Promise<ImportListResult> => {
      await lockListSource(tx, source);
      const previous = await latestListVersion(tx, source);
      if (previous?.fileSha256 === fileSha256) return { unchanged: true, version: previous };

      const active = new Map((await activeEntryHashes(tx, source)).map((e) => [e.externalId, e]));
      const opened: NewListEntry[] = [];
      const closed: string[] = [];
      let added = 0;
      let changed = 0;
      for (const e of entries) {
        const before = active.get(e.externalId);
        if (!before) {
          added++;
          opened.push(e);
        } else if (before.contentHash !== e.contentHash) {
          changed++;
          opened.push(e);
          closed.push(before.id);
        }
      }
      const removed = [...active.values()].filter((e) => !seen.has(e.externalId));
      closed.push(...removed.map((e) => e.id));
      if (active.size && removed.length > active.size * MAX_REMOVED_SHARE && !input.allowRemovals) {
        throw new DomainError(
          "parameter_invalid",
          `${SOURCE_LABELS[source]}: this file removes ${removed.length} of the ${active.size} active entries (more than ${MAX_REMOVED_SHARE * 100} %); is it cut short? Import it with --allow-removals if the list really shrank.`,
          { param: "file" },
        );
      }

      const version = await insertListVersion(tx, {
        source,
        seq: (previous?.seq ?? 0) + 1,
        publishedAt: parsed.publishedAt ?? input.publishedAt ?? null,
        fileName: input.fileName,
        fileSha256,
        fileSize: input.bytes.length,
        entryCount: entries.length,
        individualCount: entries.filter((e) => e.kind === "individual").length,
        entityCount: entries.filter((e) => e.kind === "entity").length,
        addedCount: added,
        changedCount: changed,
        removedCount: removed.length,
      });
      await closeListEntries(tx, closed, version.id);
      await insertListEntries(tx, source, version.id, opened);
      // ongoing monitoring screens the diff against every monitored subject (./monitoring.ts)
      if (opened.length) await enqueue(tx, screeningListImported, { versionId: version.id });
      await writeAudit(tx, {
        actor: input.actor ?? SYSTEM_ACTOR,
        action: "screening_list.imported",
        objectType: "screening_list_version",
        objectId: version.id,
        data: { source, seq: version.seq, file_sha256: fileSha256, entries: entries.length, added, changed, removed: removed.length },
      });
      return { unchanged: false, version };
    },
    { timeout: IMPORT_TIMEOUT_MS, maxWait: IMPORT_TIMEOUT_MS },
  );
  if (!result.unchanged) outboxCommitted();
  return result;
}
