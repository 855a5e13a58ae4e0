/**
 * What the dashboard's workflow builder offers: the step-type catalog with each type's label,
 * one-line description and session types (from its module, server/steps/registry.ts), the
 * document types of a country (GET /v1/document-types) and the check keys decision rules can
 * name (server/checks/catalog.ts). Read from the catalogs themselves, so the builder cannot
 * offer what the service does not run.
 */
import { CHECKS } from "../checks/catalog";
import { listDocumentTypes } from "../documents/document-types";
import type { TWorkflowCatalog } from "./workflow-builder.schemas";
import { STEP_REGISTRY } from "../steps/registry";
import { STEP_TYPES } from "../steps/step-types";

/** The catalog of one country (ISO 3166-1 alpha-2, e.g. `IN`). */
export function workflowCatalog(country: string): TWorkflowCatalog {
  return {
    stepTypes: STEP_TYPES.map((type) => {
      const { label, description, for: suits } = STEP_REGISTRY[type];
      return { type, label, description, for: suits };
    }),
    documentTypes: listDocumentTypes(country).data,
    checks: CHECKS.filter((c) => c.country === country.toUpperCase()).map((c) => ({ key: c.key, description: c.description })),
  };
}
