/** The tenant every domain call is scoped to (STYLE.md 1.6): one project, one mode. */
import type { Mode } from "./generated/prisma/enums";

export interface Tenant {
  projectId: string;
  mode: Mode;
}

/**
 * Exactly `{ projectId, mode }` of a tenant, for Prisma `where`/`data` clauses. Callers may
 * hand in a wider object (an API context); spreading that into a query would send its other
 * fields to Prisma.
 */
export function tenantWhere(t: Tenant): Tenant {
  return { projectId: t.projectId, mode: t.mode };
}
