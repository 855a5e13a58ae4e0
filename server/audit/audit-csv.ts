/**
 * The audit log as CSV (the dashboard's export, app/(dashboard)/dashboard/audit/export):
 * RFC 4180 through csv-stringify, one header row, then the rows page by page as they are read
 * (never the whole log in memory). Cells that a spreadsheet would run as a formula (starting
 * with `=`, `+`, `-`, `@`, tab or CR: reason codes and notes come from API callers) get a
 * leading `'` (OWASP "CSV injection").
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { TAuditRow } from "./audit-log.schemas";

export const AUDIT_CSV_COLUMNS = ["time", "actor_type", "actor", "actor_id", "action", "object_type", "object_id", "session_id", "ip", "data"] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell value a spreadsheet shows as text. */
export function csvSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function toRecord(r: TAuditRow): Record<(typeof AUDIT_CSV_COLUMNS)[number], string> {
  return {
    time: r.created_at,
    actor_type: r.actor.type,
    actor: r.actor.label,
    actor_id: r.actor.id ?? "",
    action: r.action,
    object_type: r.object_type,
    object_id: r.object_id,
    session_id: r.session_id ?? "",
    ip: r.ip ?? "",
    data: r.data === null ? "" : JSON.stringify(r.data),
  };
}

/**
 * A web stream of the CSV of `pages` (each call returns the next page; an empty page ends it).
 * A failing page ends the stream with that error.
 */
export function auditCsvStream(pages: AsyncIterable<readonly TAuditRow[]>): ReadableStream<Uint8Array> {
  const stringifier = stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], cast: { string: csvSafe } });
  void (async () => {
    try {
      for await (const page of pages) {
        for (const row of page) {
          if (!stringifier.write(toRecord(row))) await new Promise((resolve) => stringifier.once("drain", resolve));
        }
      }
      stringifier.end();
    } catch (err) {
      stringifier.destroy(err as Error);
    }
  })();
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
}

/** Every page of a keyset list: calls `list(startingAfter)` until `has_more` is false. */
export async function* allPages<T extends { id: string }>(list: (startingAfter?: string) => Promise<{ data: T[]; has_more: boolean }>): AsyncGenerator<T[]> {
  let after: string | undefined;
  for (;;) {
    const page = await list(after);
    yield page.data;
    if (!page.has_more || !page.data.length) return;
    after = page.data.at(-1)!.id;
  }
}
