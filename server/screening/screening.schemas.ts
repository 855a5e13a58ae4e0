/**
 * Shapes of sanctions and PEP screening (server/screening/): list entries as stored, the
 * subject screened, the matching parameters and a candidate with the fields that matched.
 */
import { z } from "zod";

/** List sources (prisma enum `ScreeningSource`); `sandbox` is the test-mode list (./sandbox-list.ts). */
export const ZScreeningSource = z.enum(["un", "ofac", "mha", "pep", "sandbox"]);
export type TScreeningSource = z.infer<typeof ZScreeningSource>;

/** The sources an operator imports from files (`lists import --source`). */
export const ZImportSource = ZScreeningSource.exclude(["sandbox"]);
export type TImportSource = z.infer<typeof ZImportSource>;

/** Human names of the sources, for messages. */
export const SOURCE_LABELS: Record<TScreeningSource, string> = {
  un: "UN Security Council consolidated list",
  ofac: "OFAC SDN list",
  mha: "MHA UAPA list",
  pep: "PEP list",
  sandbox: "Sandbox list (test mode)",
};

/** Sanctions sources (a confirmed match declines); `pep` calls for enhanced due diligence instead. */
export const SANCTIONS_SOURCES: readonly TScreeningSource[] = ["un", "ofac", "mha"];

/**
 * What a list entry is: `sanctions` (UN, OFAC, MHA; a confirmed match declines by rule) or `pep`
 * (the PEP list; enhanced due diligence, a higher risk level). A sandbox entry says which in its
 * `details.category`.
 */
export type TEntryCategory = "sanctions" | "pep";
export function entryCategory(source: TScreeningSource, details: unknown): TEntryCategory {
  if (source === "pep") return "pep";
  if (source === "sandbox") return (details as { category?: unknown } | null)?.category === "pep" ? "pep" : "sanctions";
  return "sanctions";
}

export const ZEntryKind = z.enum(["individual", "entity"]);
export type TEntryKind = z.infer<typeof ZEntryKind>;

/** `YYYY-MM-DD`, a real calendar date. */
export const ZIsoDate = z.iso.date();

/** A listed date or year of birth: an exact date, a year, or a range of years (inclusive). */
export const ZBirthDate = z.union([
  z.strictObject({ date: ZIsoDate }),
  z.strictObject({ year: z.int().min(1800).max(2100) }),
  z.strictObject({ from: z.int().min(1800).max(2100), to: z.int().min(1800).max(2100) }),
]);
export type TBirthDate = z.infer<typeof ZBirthDate>;

/** Another name of an entry; `weak`: OFAC's weak a.k.a. or a UN alias of quality "Low" (counts less). */
export const ZAlias = z.strictObject({ name: z.string().min(1), strength: z.enum(["strong", "weak"]) });
export type TAlias = z.infer<typeof ZAlias>;

/** A list entry as the matcher sees it (a row of `screening_list_entries`). */
export interface ScreeningEntry {
  id: string;
  source: TScreeningSource;
  externalId: string;
  kind: TEntryKind;
  name: string;
  aliases: TAlias[];
  birthDates: TBirthDate[];
  /** ISO 3166-1 alpha-2, or the listed country name in upper case when unknown */
  nationalities: string[];
}

/** Who is screened: a name, optionally a date (`YYYY-MM-DD`) or year (`YYYY`) of birth and a country (ISO 3166-1 alpha-2). */
export const ZScreeningSubject = z.strictObject({
  name: z.string().trim().min(1).max(300),
  dob: z.union([ZIsoDate, z.string().regex(/^\d{4}$/)]).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  kind: ZEntryKind.optional(),
});
export type TScreeningSubject = z.infer<typeof ZScreeningSubject>;

/**
 * Matching parameters (per workflow later). Final score = name score x the factors that apply;
 * a candidate is reported when it reaches `threshold`.
 */
export const ZScreeningOptions = z.strictObject({
  /** minimum final score of a candidate, in [0, 1] */
  threshold: z.number().min(0).max(1).default(0.8),
  /** factor when both sides have birth dates and none is within a year of the subject's */
  dobMismatchFactor: z.number().min(0).max(1).default(0.75),
  /** factor when the listed birth year is one year off */
  dobNearFactor: z.number().min(0).max(1).default(0.95),
  /** factor when both sides have countries and none agrees */
  nationalityMismatchFactor: z.number().min(0).max(1).default(0.9),
  /** factor when only a weak alias matched */
  weakAliasFactor: z.number().min(0).max(1).default(0.9),
  /** sources screened (default all) */
  sources: z.array(ZScreeningSource).optional(),
  /** most candidates returned, best first */
  limit: z.int().min(1).max(500).default(20),
});
export type TScreeningOptions = z.infer<typeof ZScreeningOptions>;
export type TScreeningOptionsInput = z.input<typeof ZScreeningOptions>;

/** How the subject's date of birth compares with the entry's: `near` = one year off; `unknown` = a side has none. */
export type DobComparison = "exact" | "year" | "near" | "mismatch" | "unknown";
/** How the subject's country compares with the entry's nationalities. */
export type NationalityComparison = "match" | "mismatch" | "unknown";

/** One list entry that may be the subject, with what matched. */
export interface ScreeningCandidate {
  entryId: string;
  source: TScreeningSource;
  externalId: string;
  kind: TEntryKind;
  /** final score in [0, 1] (3 decimals): name score x factors */
  score: number;
  /** the entry's name that matched best, as listed, and whether it is the primary name or an alias */
  matchedName: string;
  nameMatch: "primary" | "alias" | "weak_alias";
  nameScore: number;
  dob: DobComparison;
  nationality: NationalityComparison;
  /** the fields that agree: always `name`, plus `dob` (exact, year or near) and `nationality` */
  matchedFields: ("name" | "dob" | "nationality")[];
}

/** DELETE /v1/sessions/{id}/monitoring, DELETE /v1/checks/{id}/monitoring. */
export const ZMonitoringEnded = z
  .object({
    id: z.string().meta({ description: "The session (`ses_...`) or check (`chk_...`)." }),
    object: z.literal("monitoring"),
    monitored: z.literal(false),
    ended: z.int().min(0).meta({ description: "How many screened subjects stopped being monitored (0 when none was: the call is idempotent)." }),
  })
  .meta({ id: "MonitoringEnded" });
export type TMonitoringEnded = z.infer<typeof ZMonitoringEnded>;
