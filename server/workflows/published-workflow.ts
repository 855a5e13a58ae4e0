/** A workflow as sessions and the API read it: the workflow's columns with one published (or preview) version and its parsed definition. */
import type { TWorkflowDefinition } from "./workflow.schemas";

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
