/**
 * The check catalog (decisions.md "Checks"): one entry per country check key, with its
 * generic key, input schema and who answers it. Data-driven: `GET /v1/capabilities`, the
 * dashboard and the session pipeline all read this table.
 */
import { z } from "zod";
import { DomainError } from "../errors";
import { normalizePan, panProblem } from "./pan";

export interface CheckDefinition<I = unknown> {
  key: string;
  genericKey: string;
  country: string;
  description: string;
  /** registry | cryptographic | offline | service | manual */
  answeredBy: "registry" | "cryptographic" | "offline" | "service" | "manual";
  /** How long a registry answer may be reused for the same normalized input (seconds). */
  cacheTtlSeconds: number;
  input: z.ZodType<I>;
  /** Offline validation after parsing; returns an error_code or null. */
  validate(input: I): string | null;
}

export const ZPanVerifyInput = z.strictObject({
  pan: z.string().transform(normalizePan),
  /** registries hold names in upper case; normalizing also makes the answer cache hit */
  name: z.string().trim().min(1).max(200).transform((n) => n.replace(/\s+/g, " ").toUpperCase()),
  dob: z.iso.date().optional(),
  holder: z.enum(["individual", "business"]).optional(),
});
export type TPanVerifyInput = z.infer<typeof ZPanVerifyInput>;

const panVerify: CheckDefinition<TPanVerifyInput> = {
  key: "in.pan.verify",
  genericKey: "tax_id.verify",
  country: "IN",
  description: "PAN exists and is active at the Income Tax Department (Protean/NSDL), and the name matches.",
  answeredBy: "registry",
  cacheTtlSeconds: 24 * 3600,
  input: ZPanVerifyInput,
  validate: (i) => panProblem(i.pan, i.holder),
};

export const CHECKS: readonly CheckDefinition<any>[] = [panVerify];

/**
 * Resolves a country key (`in.pan.verify`) or a generic key plus country
 * (`tax_id.verify` + `IN`) to its catalog entry.
 * @throws DomainError resource_missing when no such check exists for the country.
 */
export function resolveCheck(key: string, country?: string): CheckDefinition<any> {
  const byKey = CHECKS.find((c) => c.key === key);
  if (byKey) return byKey;
  const generic = CHECKS.find((c) => c.genericKey === key && (!country || c.country === country.toUpperCase()));
  if (generic && country) return generic;
  if (generic) throw new DomainError("parameter_missing", `Generic check '${key}' needs a 'country'.`, { param: "country" });
  throw new DomainError("resource_missing", `No such check: '${key}'`, { param: "key" });
}
