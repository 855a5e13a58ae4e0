/**
 * The two list files the operator prepares (README "Sanctions and PEP lists"): the MHA UAPA
 * lists (`mha`) and a PEP list (`pep`), as CSV: UTF-8 (a byte-order mark is allowed), RFC 4180
 * (comma-separated, double quotes around fields holding commas, quotes or line breaks), one header
 * row naming the columns (any order, each at most once, unknown columns refused), one entry per row.
 * Multi-valued columns separate values with `;`. Dates are `YYYY-MM-DD`; a date of birth may be a
 * year `YYYY`. Countries are ISO 3166-1 alpha-2 codes. The `id` is the operator's stable id of an
 * entry: versions are compared by it, so keep it when a row changes.
 */
import { isCountryCode } from "./countries";
import { CsvSyntaxError, readCsv } from "./csv-records";
import type { ParsedList, ParsedListEntry } from "./list-entry";
import { birthYear, cleanText, distinct, isoDate, listFileError } from "./list-entry";
import { decodeUtf8 } from "./list-text";
import type { TBirthDate, TEntryKind, TScreeningSource } from "./screening.schemas";

/** One column of an operator list file, as documented. */
export interface OperatorColumn {
  name: string;
  required: boolean;
  description: string;
}

/** MHA lists: which list an entry is on, and the kind of entry each holds. */
const MHA_LISTS: Record<string, { kind: TEntryKind; label: string }> = {
  terrorist_organisation: { kind: "entity", label: "UAPA First Schedule: terrorist organisation" },
  unlawful_association: { kind: "entity", label: "UAPA s.3: unlawful association" },
  terrorist_individual: { kind: "individual", label: "UAPA Fourth Schedule: individual terrorist" },
};

/** The columns of each operator format, in the documented order. */
export const OPERATOR_COLUMNS: Record<"mha" | "pep", OperatorColumn[]> = {
  mha: [
    { name: "id", required: true, description: "Stable id of the entry, unique in the file (e.g. `MHA-FS-042`)" },
    {
      name: "list",
      required: true,
      description: "`terrorist_organisation` (First Schedule), `unlawful_association` (s.3 notification) or `terrorist_individual` (Fourth Schedule)",
    },
    { name: "name", required: true, description: "Name as notified" },
    { name: "aliases", required: false, description: "Other names, separated by `;`" },
    { name: "dob", required: false, description: "Individuals: dates (`YYYY-MM-DD`) or years (`YYYY`) of birth, separated by `;`" },
    { name: "nationality", required: false, description: "ISO 3166-1 alpha-2 codes, separated by `;`" },
    { name: "reference", required: false, description: "The notification, e.g. `S.O. 3478(E)`" },
    { name: "listed_on", required: false, description: "Date of the notification, `YYYY-MM-DD`" },
    { name: "remarks", required: false, description: "Free text shown to reviewers" },
  ],
  pep: [
    { name: "id", required: true, description: "Stable id of the entry, unique in the file" },
    { name: "name", required: true, description: "Full name" },
    { name: "aliases", required: false, description: "Other names, separated by `;`" },
    { name: "dob", required: false, description: "Dates (`YYYY-MM-DD`) or years (`YYYY`) of birth, separated by `;`" },
    { name: "nationality", required: false, description: "ISO 3166-1 alpha-2 codes, separated by `;`" },
    { name: "category", required: true, description: "`pep` (holds or held the position) or `rca` (a relative or close associate of one)" },
    { name: "position", required: true, description: "The public function, e.g. `Member of Parliament (Lok Sabha)`; for an `rca`, the relationship" },
    { name: "country", required: true, description: "ISO 3166-1 alpha-2 code of the country of the position" },
    { name: "related_to", required: false, description: "For an `rca`: the `id` of the PEP in the same file" },
    { name: "since", required: false, description: "Start of the position, `YYYY-MM-DD` or `YYYY`" },
    { name: "until", required: false, description: "End of the position, `YYYY-MM-DD` or `YYYY`; empty while in office" },
  ],
};

type Row = { line: number; get: (column: string) => string | null };

function splitList(value: string | null): string[] {
  return distinct((value ?? "").split(";").map((v) => cleanText(v)));
}

function parseDobs(source: TScreeningSource, row: Row): TBirthDate[] {
  return splitList(row.get("dob")).map((v) => {
    const date = isoDate(v);
    const year = birthYear(v);
    if (date && v.length === 10) return { date };
    if (year) return { year };
    throw listFileError(source, `line ${row.line}`, `dob "${v}" is neither YYYY-MM-DD nor YYYY`);
  });
}

function parseCountries(source: TScreeningSource, row: Row, column: string): string[] {
  return splitList(row.get(column)).map((v) => {
    const code = v.toUpperCase();
    if (!isCountryCode(code)) throw listFileError(source, `line ${row.line}`, `${column} "${v}" is not an ISO 3166-1 alpha-2 code`);
    return code;
  });
}

function dateOrYear(source: TScreeningSource, row: Row, column: string): string | null {
  const v = row.get(column);
  if (v === null) return null;
  if ((isoDate(v) && v.length === 10) || birthYear(v)) return v;
  throw listFileError(source, `line ${row.line}`, `${column} "${v}" is neither YYYY-MM-DD nor YYYY`);
}

function mhaEntry(row: Row): ParsedListEntry {
  const list = row.get("list")!;
  const spec = MHA_LISTS[list];
  if (!spec) throw listFileError("mha", `line ${row.line}`, `list "${list}" is not one of ${Object.keys(MHA_LISTS).join(", ")}`);
  const listedOn = row.get("listed_on");
  if (listedOn && !(isoDate(listedOn) && listedOn.length === 10)) throw listFileError("mha", `line ${row.line}`, `listed_on "${listedOn}" is not YYYY-MM-DD`);
  const birthDates = parseDobs("mha", row);
  if (birthDates.length && spec.kind !== "individual") throw listFileError("mha", `line ${row.line}`, `dob is for individuals, not a ${list}`);
  const remarks = row.get("remarks");
  return {
    externalId: row.get("id")!,
    kind: spec.kind,
    name: row.get("name")!,
    aliases: splitList(row.get("aliases")).map((name) => ({ name, strength: "strong" as const })),
    birthDates,
    nationalities: parseCountries("mha", row, "nationality"),
    programs: [spec.label],
    reference: row.get("reference"),
    listedOn,
    details: remarks ? { remarks } : {},
    location: `line ${row.line}`,
  };
}

function pepEntry(row: Row): ParsedListEntry {
  const category = row.get("category")!;
  if (category !== "pep" && category !== "rca") throw listFileError("pep", `line ${row.line}`, `category "${category}" is not pep or rca`);
  const relatedTo = row.get("related_to");
  if (category === "rca" && !relatedTo) throw listFileError("pep", `line ${row.line}`, "an rca needs related_to (the id of the PEP)");
  const [country] = parseCountries("pep", row, "country");
  if (!country || row.get("country")!.includes(";")) throw listFileError("pep", `line ${row.line}`, "country must be one ISO 3166-1 alpha-2 code");
  const position = row.get("position")!;
  const details: Record<string, unknown> = { category, position, country };
  const since = dateOrYear("pep", row, "since");
  const until = dateOrYear("pep", row, "until");
  if (relatedTo) details.related_to = relatedTo;
  if (since) details.since = since;
  if (until) details.until = until;
  return {
    externalId: row.get("id")!,
    kind: "individual",
    name: row.get("name")!,
    aliases: splitList(row.get("aliases")).map((name) => ({ name, strength: "strong" as const })),
    birthDates: parseDobs("pep", row),
    nationalities: parseCountries("pep", row, "nationality"),
    programs: [position],
    reference: null,
    listedOn: null,
    details,
    location: `line ${row.line}`,
  };
}

/**
 * Parses an operator list file (`mha` or `pep`; formats in `OPERATOR_COLUMNS`).
 * @throws DomainError parameter_invalid (`listFileError`) naming the line: not UTF-8, broken
 *   quoting (a truncated file), a missing or unknown header column, a row with another number of
 *   fields than the header, a missing required value, or a value in the wrong format; an `rca`
 *   whose `related_to` is not the id of a `pep` row of the file
 */
export function parseOperatorList(source: "mha" | "pep", bytes: Uint8Array): ParsedList {
  let records;
  try {
    records = readCsv(decodeUtf8(source, bytes));
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw listFileError(source, `line ${err.line}`, err.message);
    throw err;
  }
  const [header, ...rows] = records;
  if (!header) throw listFileError(source, null, "the file is empty");
  const columns = OPERATOR_COLUMNS[source];
  const names = header.fields.map((f) => f.trim().toLowerCase());
  for (const n of names) {
    if (!columns.some((c) => c.name === n))
      throw listFileError(source, `line ${header.line}`, `unknown column "${n}" (expected: ${columns.map((c) => c.name).join(", ")})`);
    if (names.indexOf(n) !== names.lastIndexOf(n)) throw listFileError(source, `line ${header.line}`, `column "${n}" appears twice`);
  }
  const missing = columns.filter((c) => c.required && !names.includes(c.name));
  if (missing.length) throw listFileError(source, `line ${header.line}`, `missing column(s) ${missing.map((c) => c.name).join(", ")}`);

  const entries = rows.map((record) => {
    if (record.fields.length !== names.length) {
      throw listFileError(source, `line ${record.line}`, `${record.fields.length} fields, the header has ${names.length}`);
    }
    const row: Row = { line: record.line, get: (column) => cleanText(record.fields[names.indexOf(column)]) };
    for (const c of columns) if (c.required && !row.get(c.name)) throw listFileError(source, `line ${record.line}`, `${c.name} is empty`);
    return source === "mha" ? mhaEntry(row) : pepEntry(row);
  });
  if (source === "pep") {
    const peps = new Set(entries.filter((e) => e.details.category === "pep").map((e) => e.externalId));
    for (const e of entries) {
      if (e.details.related_to && !peps.has(e.details.related_to as string))
        throw listFileError(source, e.location, `related_to "${String(e.details.related_to)}" is not the id of a pep row`);
    }
  }
  return { publishedAt: null, entries };
}
