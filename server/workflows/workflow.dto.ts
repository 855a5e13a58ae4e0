/** The workflow object of the API (decisions.md "Workflow object"; schema `ZWorkflow`). */
import type { PublishedWorkflow } from "./published-workflow";
import type { TWorkflow } from "./workflow.schemas";

export function toWorkflowDto(w: PublishedWorkflow): TWorkflow {
  return {
    id: w.id,
    object: "workflow",
    name: w.name,
    type: w.type,
    country: w.country,
    version: w.version,
    languages: w.definition.languages,
    ttl_seconds: w.definition.ttl_seconds,
    steps: w.definition.steps.map((s) => ({ name: s.name, type: s.type, required: s.required })),
    published_at: w.publishedAt.toISOString(),
    created_at: w.createdAt.toISOString(),
  };
}
