/**
 * GET /v1/capabilities: what each country supports, from the catalogs themselves (check
 * catalog with each check's input as JSON Schema, step types, document types, languages)
 * plus the sandbox table integrators test against (decisions.md "Sandbox provider"), including the
 * screening sandbox list's magic subjects (server/screening/sandbox-list.ts) and the reverse penny
 * drop's (server/providers/reverse-penny-drop-sandbox.ts), and, per registry
 * check, the live providers the calling project can use (issue 19 item 3).
 */
import { z } from "zod";
import { DOCUMENT_TYPES } from "../documents/document-types";
import type { Db } from "../db";
import { notFound } from "../errors";
import { liveProviderOptions, parseProviderConfig, type ProviderConfig } from "../providers/registry";
import { REVERSE_PENNY_DROP_SANDBOX_VALUES } from "../providers/reverse-penny-drop-sandbox";
import { SANDBOX_VALUES } from "../providers/sandbox";
import { SCREENING_SANDBOX_VALUES } from "../screening/sandbox-list";
import { STEP_TYPES } from "../steps/step-types";
import { ZLocale, ZVerificationType } from "../workflows/workflow.schemas";
import { CHECKS } from "./catalog";
import type { TCapabilities } from "./check.schemas";

const COUNTRY_NAMES: Record<string, string> = { IN: "India" };

/**
 * The capabilities as the project sees them: `live_providers` follows its live failover order
 * (`projects.provider_config`).
 * @throws DomainError resource_missing when the project does not exist
 */
export async function listProjectCapabilities(db: Db, projectId: string, country?: string): Promise<TCapabilities> {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { providerConfig: true } });
  if (!project) throw notFound("project", projectId);
  return listCapabilities(country, parseProviderConfig(project.providerConfig));
}

/** The capabilities of `country` (all when omitted); `config`: the live failover order `live_providers` follows. */
export function listCapabilities(country?: string, config: ProviderConfig = {}): TCapabilities {
  const countries = [...new Set(CHECKS.map((c) => c.country))].filter((c) => !country || c === country.toUpperCase());
  return {
    object: "capabilities",
    countries: countries.map((c) => ({
      country: c,
      name: COUNTRY_NAMES[c] ?? c,
      languages: ZLocale.options,
      session_types: ZVerificationType.options,
      step_types: [...STEP_TYPES],
      checks: CHECKS.filter((k) => k.country === c).map((k) => ({
        key: k.key,
        generic_key: k.genericKey,
        description: k.description,
        answered_by: k.answeredBy,
        cache_ttl_seconds: k.cacheTtlSeconds,
        input: z.toJSONSchema(k.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
        live_providers: k.answeredBy === "registry" ? liveProviderOptions(k.key, config) : [],
        sandbox: [...SANDBOX_VALUES, ...REVERSE_PENNY_DROP_SANDBOX_VALUES, ...SCREENING_SANDBOX_VALUES]
          .filter((v) => v.check === k.key)
          .map(({ input, outcome }) => ({ input, outcome })),
      })),
      document_types: DOCUMENT_TYPES.filter((d) => d.country === c).map((d) => d.key),
    })),
  };
}
