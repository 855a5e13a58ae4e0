/**
 * GET /v1/capabilities: what each country supports, from the catalogs themselves (check
 * catalog with each check's input as JSON Schema, step types, document types, languages)
 * plus the sandbox table integrators test against (decisions.md "Sandbox provider"), including the
 * screening sandbox list's magic subjects (server/screening/sandbox-list.ts).
 */
import { z } from "zod";
import { DOCUMENT_TYPES } from "../documents/document-types";
import { SANDBOX_VALUES } from "../providers/sandbox";
import { SCREENING_SANDBOX_VALUES } from "../screening/sandbox-list";
import { STEP_TYPES } from "../steps/step-types";
import { ZLocale, ZVerificationType } from "../workflows/workflow.schemas";
import { CHECKS } from "./catalog";
import type { TCapabilities } from "./check.schemas";

const COUNTRY_NAMES: Record<string, string> = { IN: "India" };

export function listCapabilities(country?: string): TCapabilities {
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
        sandbox: [...SANDBOX_VALUES, ...SCREENING_SANDBOX_VALUES].filter((v) => v.check === k.key).map(({ input, outcome }) => ({ input, outcome })),
      })),
      document_types: DOCUMENT_TYPES.filter((d) => d.country === c).map((d) => d.key),
    })),
  };
}
