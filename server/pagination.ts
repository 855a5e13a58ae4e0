/**
 * Keyset pagination shared by every list endpoint (decisions.md: `limit`, `starting_after`,
 * `has_more`; newest first). Order is (created_at desc, id desc), which is stable even for
 * rows created in the same millisecond; `starting_after` must name an object of the same list
 * (else 404 on `starting_after`).
 */
import { notFound } from "./errors";

export interface ListQuery {
  limit: number;
  starting_after?: string;
}

export interface Cursor {
  createdAt: Date;
  id: string;
}

/** Prisma `where` fragment selecting rows after `c` in (created_at desc, id desc) order. */
export function afterCursor(c: Cursor) {
  return { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] };
}

export const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/**
 * @param findCursor loads the `starting_after` object within the same tenant and filters.
 * @param findPage loads up to `take` rows after the cursor fragment (or from the start); `cursor`
 *   is the same position as values, for a hand-written statement.
 */
export async function keysetList<Row, Dto>(
  kind: string,
  q: ListQuery,
  findCursor: (id: string) => Promise<Cursor | null>,
  findPage: (after: ReturnType<typeof afterCursor> | Record<string, never>, take: number, cursor: Cursor | null) => Promise<Row[]>,
  toDto: (row: Row) => Dto,
): Promise<{ object: "list"; data: Dto[]; has_more: boolean }> {
  let after: ReturnType<typeof afterCursor> | Record<string, never> = {};
  let cursor: Cursor | null = null;
  if (q.starting_after) {
    cursor = await findCursor(q.starting_after);
    if (!cursor) throw notFound(kind, q.starting_after, "starting_after");
    after = afterCursor(cursor);
  }
  const rows = await findPage(after, q.limit + 1, cursor);
  return { object: "list", data: rows.slice(0, q.limit).map(toDto), has_more: rows.length > q.limit };
}
