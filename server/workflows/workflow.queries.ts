/** Reads of published workflows (the API never sees drafts: decisions.md "Workflow object"). */
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import type { Prisma } from "../generated/prisma/client";
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

/** All published workflows of a project, newest first. */
export async function listPublishedWorkflows(db: Db, projectId: string): Promise<PublishedWorkflow[]> {
  const rows = await db.workflow.findMany({
    where: { projectId, currentVersionId: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select,
  });
  return rows.map(toPublished).filter((w): w is PublishedWorkflow => w !== null);
}

/** The definition of one specific version (sessions keep the version they started on). */
export async function getWorkflowVersionDefinition(db: Db | Tx, versionId: string): Promise<TWorkflowDefinition> {
  const v = await db.workflowVersion.findUniqueOrThrow({ where: { id: versionId }, select: { definition: true } });
  return ZWorkflowDefinition.parse(v.definition);
}
