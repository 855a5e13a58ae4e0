/**
 * A list entry as a parser reads it from a list file (before it is stored as a
 * `screening_list_entries` row), its content hash, and the error a malformed file raises.
 */
import { createHash } from "node:crypto";
import { DomainError } from "../errors";
import type { TAlias, TBirthDate, TEntryKind, TScreeningSource } from "./screening.schemas";
import { SOURCE_LABELS } from "./screening.schemas";

/** One entry of a list file. */
export interface ParsedListEntry {
  /** the publisher's id (UN DATAID, OFAC uid, the CSV `id`) */
  externalId: string;
  kind: TEntryKind;
  name: string;
  aliases: TAlias[];
  birthDates: TBirthDate[];
  /** ISO 3166-1 alpha-2 where known (server/screening/countries.ts) */
  nationalities: string[];
  programs: string[];
  reference: string | null;
  /** YYYY-MM-DD */
  listedOn: string | null;
  /** other published details for reviewers */
  details: Record<string, unknown>;
  /** where the entry starts in the file, for error messages: `line 12` */
  location: string;
}

/** A parsed list file: the publisher's date of the edition (null when the file has none) and its entries. */
export interface ParsedList {
  publishedAt: Date | null;
  entries: ParsedListEntry[];
}

/**
 * The error of a list file that cannot be imported: `parameter_invalid` on `file`, the message
 * naming the list and where it broke (`OFAC SDN list, line 12 <sdnEntry>: no <uid>`).
 */
export function listFileError(source: TScreeningSource, where: string | null, message: string): DomainError {
  return new DomainError("parameter_invalid", `${SOURCE_LABELS[source]}${where ? `, ${where}` : ""}: ${message}`, {
    param: "file",
    details: where ? { where } : undefined,
  });
}

/** JSON with object keys sorted at every level, so equal content gives equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** sha256 (hex) of everything stored of an entry except its location: equal hashes = unchanged entry. */
export function entryContentHash(entry: ParsedListEntry): string {
  const { location: _location, ...content } = entry;
  return createHash("sha256").update(canonicalJson(content)).digest("hex");
}

/** Collapses whitespace; empty -> null. */
export function cleanText(value: string | null | undefined): string | null {
  const v = (value ?? "").replace(/\s+/g, " ").trim();
  return v ? v : null;
}

/** Distinct non-empty values, in first-seen order. */
export function distinct(values: Iterable<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const v of values) if (v) out.add(v);
  return [...out];
}

/** `YYYY-MM-DD` when `value` is a real calendar date (a longer timestamp is cut to its date), else null. */
export function isoDate(value: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec((value ?? "").trim());
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}` ? null : `${m[1]}-${m[2]}-${m[3]}`;
}

/** A plausible birth year (1800–2100), else null. */
export function birthYear(value: string | number | null | undefined): number | null {
  const n = typeof value === "number" ? value : /^\s*\d{4}\s*$/.test(value ?? "") ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1800 && n <= 2100 ? n : null;
}
