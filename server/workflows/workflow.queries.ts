/** Reads of published workflows (the API never sees drafts: decisions.md "Workflow object"). */
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { keysetList, NEWEST_FIRST, type ListQuery } from "../pagination";
import { toWorkflowDto } from "./workflow.dto";
import { ZWorkflowDefinition, type TWorkflowDefinition } from "./workflow.schemas";

export interface PublishedWorkflow {
  id: string;
  projectId: string;
  name: string;
  type: "kyc" | "kyb";
  country: string;
  createdAt: Date;
  versionId: string;
  version: number;
  publishedAt: Date;
  definition: TWorkflowDefinition;
}

const select = {
  id: true,
  projectId: true,
  name: true,
  type: true,
  country: true,
  createdAt: true,
  currentVersion: { select: { id: true, version: true, publishedAt: true, definition: true } },
} as const;

type Row = Prisma.WorkflowGetPayload<{ select: typeof select }>;

function toPublished(row: Row): PublishedWorkflow | null {
  if (!row.currentVersion) return null;
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    type: row.type,
    country: row.country,
    createdAt: row.createdAt,
    versionId: row.currentVersion.id,
    version: row.currentVersion.version,
    publishedAt: row.currentVersion.publishedAt,
    definition: ZWorkflowDefinition.parse(row.currentVersion.definition),
  };
}

/**
 * The current published version of a project's workflow.
 * @throws DomainError resource_missing (unknown or foreign id), workflow_not_published.
 */
export async function getPublishedWorkflow(db: Db | Tx, projectId: string, id: string, param = "id"): Promise<PublishedWorkflow> {
  const row = await db.workflow.findFirst({ where: { id, projectId }, select });
  if (!row) throw notFound("workflow", id, param);
  const wf = toPublished(row);
  if (!wf) throw new DomainError("workflow_not_published", `Workflow '${id}' has no published version.`, { param });
  return wf;
}

/** GET /v1/workflows: the project's published workflows, newest first, paginated. */
export async function listWorkflows(db: Db, projectId: string, q: ListQuery) {
  const where = { projectId, currentVersionId: { not: null } };
  return keysetList(
    "workflow",
    q,
    (id) => db.workflow.findFirst({ where: { id, ...where }, select: { id: true, createdAt: true } }),
    (after, take) => db.workflow.findMany({ where: { ...where, ...after }, orderBy: NEWEST_FIRST, take, select }),
    (row) => toWorkflowDto(toPublished(row)!),
  );
}

/** The definition of one specific version (sessions keep the version they started on). */
export async function getWorkflowVersionDefinition(db: Db | Tx, versionId: string): Promise<TWorkflowDefinition> {
  const v = await db.workflowVersion.findUniqueOrThrow({ where: { id: versionId }, select: { definition: true } });
  return ZWorkflowDefinition.parse(v.definition);
}
