/**
 * The UN Security Council consolidated list in its published XML format
 * (https://scsanctions.un.org/resources/xml/en/consolidated.xml, schema sc-sanctions.xsd):
 *
 * ```xml
 * <CONSOLIDATED_LIST dateGenerated="2026-11-20T00:00:02.141Z">
 *   <INDIVIDUALS><INDIVIDUAL>
 *     <DATAID>6908555</DATAID><FIRST_NAME>…</FIRST_NAME><SECOND_NAME/>…<FOURTH_NAME/>
 *     <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.001</REFERENCE_NUMBER>
 *     <LISTED_ON>2001-01-25</LISTED_ON><NAME_ORIGINAL_SCRIPT>…</NAME_ORIGINAL_SCRIPT><COMMENTS1>…</COMMENTS1>
 *     <NATIONALITY><VALUE>Pakistan</VALUE></NATIONALITY>
 *     <INDIVIDUAL_ALIAS><QUALITY>Good|Low</QUALITY><ALIAS_NAME>…</ALIAS_NAME></INDIVIDUAL_ALIAS>
 *     <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT|APPROXIMATELY|BETWEEN</TYPE_OF_DATE>
 *       <DATE>1968-04-11</DATE> | <YEAR>1968</YEAR> | <FROM_YEAR>1973</FROM_YEAR><TO_YEAR>1974</TO_YEAR>
 *     </INDIVIDUAL_DATE_OF_BIRTH>
 *     <INDIVIDUAL_DOCUMENT><TYPE_OF_DOCUMENT>Passport</TYPE_OF_DOCUMENT><NUMBER>…</NUMBER><ISSUING_COUNTRY>…</ISSUING_COUNTRY></INDIVIDUAL_DOCUMENT>
 *   </INDIVIDUAL></INDIVIDUALS>
 *   <ENTITIES><ENTITY><DATAID/><FIRST_NAME/>…<ENTITY_ALIAS/><ENTITY_ADDRESS><COUNTRY/></ENTITY_ADDRESS></ENTITY></ENTITIES>
 * </CONSOLIDATED_LIST>
 * ```
 *
 * The entry id is DATAID. The name is FIRST_NAME … FOURTH_NAME joined; NAME_ORIGINAL_SCRIPT is a
 * strong alias; an alias of QUALITY "Low" is weak. An entity's countries are its address countries.
 */
import type { Element as XmlElement } from "@xmldom/xmldom";
import { countryCode } from "./countries";
import type { ParsedList, ParsedListEntry } from "./list-entry";
import { birthYear, cleanText, distinct, isoDate, listFileError } from "./list-entry";
import { child, childText, children, decodeUtf8, listTexts, parseXml, where } from "./list-text";
import type { TAlias, TBirthDate, TEntryKind } from "./screening.schemas";

const fail = (at: string | null, message: string) => listFileError("un", at, message);

function aliases(el: XmlElement, tag: string): TAlias[] {
  const out: TAlias[] = [];
  for (const a of children(el, tag)) {
    const name = childText(a, "ALIAS_NAME");
    if (name) out.push({ name, strength: (childText(a, "QUALITY") ?? "").toLowerCase() === "low" ? "weak" : "strong" });
  }
  return out;
}

function birthDates(el: XmlElement): TBirthDate[] {
  const out: TBirthDate[] = [];
  for (const d of children(el, "INDIVIDUAL_DATE_OF_BIRTH")) {
    const date = isoDate(childText(d, "DATE"));
    const year = birthYear(childText(d, "YEAR"));
    const from = birthYear(childText(d, "FROM_YEAR"));
    const to = birthYear(childText(d, "TO_YEAR"));
    if (date) out.push({ date });
    else if (year) out.push({ year });
    else if (from && to) out.push({ from, to });
    else if (childText(d, "DATE") || childText(d, "YEAR") || childText(d, "FROM_YEAR"))
      throw fail(where(d), "a date of birth that is neither YYYY-MM-DD, a year nor a range of years");
  }
  return out;
}

function documents(el: XmlElement): Record<string, string>[] {
  return children(el, "INDIVIDUAL_DOCUMENT")
    .map((d) => {
      const doc: Record<string, string> = {};
      for (const [key, tag] of [
        ["type", "TYPE_OF_DOCUMENT"],
        ["number", "NUMBER"],
        ["country", "ISSUING_COUNTRY"],
        ["note", "NOTE"],
      ] as const) {
        const v = childText(d, tag);
        if (v) doc[key] = v;
      }
      return doc;
    })
    .filter((d) => Object.keys(d).length > 0);
}

function entryOf(el: XmlElement, kind: TEntryKind): ParsedListEntry {
  const at = where(el);
  const dataId = childText(el, "DATAID");
  if (!dataId) throw fail(at, "no DATAID");
  const name = cleanText(["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"].map((t) => childText(el, t) ?? "").join(" "));
  if (!name) throw fail(at, `DATAID ${dataId} has no name`);
  const original = childText(el, "NAME_ORIGINAL_SCRIPT");
  const aliasList = [
    ...(original ? [{ name: original, strength: "strong" as const }] : []),
    ...aliases(el, kind === "individual" ? "INDIVIDUAL_ALIAS" : "ENTITY_ALIAS"),
  ];
  const countries = kind === "individual" ? listTexts(el, "NATIONALITY", "VALUE") : children(el, "ENTITY_ADDRESS").map((a) => childText(a, "COUNTRY"));
  const details: Record<string, unknown> = {};
  const remarks = childText(el, "COMMENTS1");
  if (remarks) details.remarks = remarks;
  if (kind === "individual") {
    const designation = listTexts(el, "DESIGNATION", "VALUE");
    const title = listTexts(el, "TITLE", "VALUE");
    const docs = documents(el);
    if (designation.length) details.designation = designation;
    if (title.length) details.title = title;
    if (docs.length) details.documents = docs;
  }
  return {
    externalId: dataId,
    kind,
    name,
    aliases: aliasList,
    birthDates: kind === "individual" ? birthDates(el) : [],
    nationalities: distinct(countries.map((c) => (c ? countryCode(c) : null))),
    programs: distinct([childText(el, "UN_LIST_TYPE")]),
    reference: childText(el, "REFERENCE_NUMBER"),
    listedOn: isoDate(childText(el, "LISTED_ON")),
    details,
    location: at,
  };
}

/**
 * Parses the UN consolidated list XML.
 * @throws DomainError parameter_invalid (server/screening/list-entry.ts `listFileError`) for a file
 *   that is not UTF-8, not well-formed or truncated XML, not a CONSOLIDATED_LIST, or an entry
 *   without DATAID or name, naming the line and element
 */
export function parseUnList(bytes: Uint8Array): ParsedList {
  const root = parseXml("un", decodeUtf8("un", bytes)).documentElement!;
  if (root.localName !== "CONSOLIDATED_LIST") throw fail(where(root), "the root element is not <CONSOLIDATED_LIST>");
  const individuals = child(root, "INDIVIDUALS");
  const entities = child(root, "ENTITIES");
  if (!individuals && !entities) throw fail(where(root), "no <INDIVIDUALS> or <ENTITIES>");
  const generated = root.getAttribute("dateGenerated");
  const publishedAt = generated ? new Date(generated) : null;
  if (publishedAt && Number.isNaN(publishedAt.getTime())) throw fail(where(root), `dateGenerated "${generated}" is not a date`);
  return {
    publishedAt,
    entries: [
      ...(individuals ? children(individuals, "INDIVIDUAL").map((el) => entryOf(el, "individual")) : []),
      ...(entities ? children(entities, "ENTITY").map((el) => entryOf(el, "entity")) : []),
    ],
  };
}
