/** The tenant every domain call is scoped to (STYLE.md 1.6): one project, one mode. */
import type { Mode } from "./generated/prisma/enums";

export interface Tenant {
  projectId: string;
  mode: Mode;
}
