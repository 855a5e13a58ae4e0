/**
 * OFAC's SDN list in its published XML format (https://www.treasury.gov/ofac/downloads/sdn.xml,
 * namespace `https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML`,
 * formerly `http://tempuri.org/sdnList.xsd`; elements are read by local name):
 *
 * ```xml
 * <sdnList>
 *   <publshInformation><Publish_Date>11/20/2026</Publish_Date><Record_Count>2</Record_Count></publshInformation>
 *   <sdnEntry>
 *     <uid>6365</uid><firstName>Usama</firstName><lastName>BIN LADIN</lastName><sdnType>Individual</sdnType>
 *     <programList><program>SDGT</program></programList>
 *     <akaList><aka><uid>4520</uid><type>a.k.a.</type><category>strong</category><lastName>BIN LADEN</lastName><firstName>Osama</firstName></aka></akaList>
 *     <dateOfBirthList><dateOfBirthItem><uid>1</uid><dateOfBirth>30 Jul 1957</dateOfBirth><mainEntry>true</mainEntry></dateOfBirthItem></dateOfBirthList>
 *     <nationalityList><nationality><uid>2</uid><country>Saudi Arabia</country><mainEntry>true</mainEntry></nationality></nationalityList>
 *     <citizenshipList>…<country>…</country>…</citizenshipList>
 *     <idList><id><uid>3</uid><idType>Passport</idType><idNumber>…</idNumber><idCountry>…</idCountry></id></idList>
 *   </sdnEntry>
 * </sdnList>
 * ```
 *
 * The entry id is `uid`; an `Individual` is an individual, any other sdnType (Entity, Vessel,
 * Aircraft) an entity. The name is `firstName lastName`; a.k.a.'s of category `weak` are weak.
 * Dates of birth: `07 Oct 1952`, `Oct 1952`, `1952`, `circa 1952`, `1952 to 1955`. `Record_Count`,
 * when present, must equal the number of entries (a cut-down file fails).
 */
import type { Element as XmlElement } from "@xmldom/xmldom";
import { countryCode } from "./countries";
import type { ParsedList, ParsedListEntry } from "./list-entry";
import { birthYear, cleanText, distinct, isoDate, listFileError } from "./list-entry";
import { child, childText, children, decodeUtf8, listTexts, parseXml, where } from "./list-text";
import type { TAlias, TBirthDate } from "./screening.schemas";

const fail = (at: string | null, message: string) => listFileError("ofac", at, message);

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** An OFAC date of birth as a listed birth date; null when it carries no year. */
export function ofacBirthDate(text: string): TBirthDate | null {
  const t = text.trim().toUpperCase();
  const exact = /^(\d{1,2}) ([A-Z]{3}) (\d{4})$/.exec(t);
  const date =
    exact && MONTHS.includes(exact[2]!) ? isoDate(`${exact[3]}-${String(MONTHS.indexOf(exact[2]!) + 1).padStart(2, "0")}-${exact[1]!.padStart(2, "0")}`) : null;
  if (date) return { date };
  const years = (t.match(/\b\d{4}\b/g) ?? []).map((y) => birthYear(y)).filter((y): y is number => y !== null);
  if (years.length >= 2 && /\bTO\b/.test(t)) return { from: Math.min(...years), to: Math.max(...years) };
  return years.length ? { year: years[0]! } : null;
}

function fullName(el: XmlElement): string | null {
  return cleanText(`${childText(el, "firstName") ?? ""} ${childText(el, "lastName") ?? ""}`);
}

function entryOf(el: XmlElement): ParsedListEntry {
  const at = where(el);
  const uid = childText(el, "uid");
  if (!uid) throw fail(at, "no <uid>");
  const name = fullName(el);
  if (!name) throw fail(at, `uid ${uid} has no <lastName>`);
  const sdnType = childText(el, "sdnType");
  if (!sdnType) throw fail(at, `uid ${uid} has no <sdnType>`);
  const kind = sdnType.toLowerCase() === "individual" ? "individual" : "entity";
  const aliases: TAlias[] = [];
  for (const list of children(el, "akaList")) {
    for (const aka of children(list, "aka")) {
      const alias = fullName(aka);
      if (alias) aliases.push({ name: alias, strength: (childText(aka, "category") ?? "").toLowerCase() === "weak" ? "weak" : "strong" });
    }
  }
  const birthDates = children(el, "dateOfBirthList").flatMap((l) => children(l, "dateOfBirthItem").map((d) => childText(d, "dateOfBirth")));
  const countries = [
    ...children(el, "nationalityList").flatMap((l) => children(l, "nationality").map((n) => childText(n, "country"))),
    ...children(el, "citizenshipList").flatMap((l) => children(l, "citizenship").map((n) => childText(n, "country"))),
    ...(kind === "entity" ? children(el, "addressList").flatMap((l) => children(l, "address").map((a) => childText(a, "country"))) : []),
  ];
  const documents = children(el, "idList").flatMap((l) =>
    children(l, "id").map((id) => {
      const doc: Record<string, string> = {};
      for (const [key, tag] of [
        ["type", "idType"],
        ["number", "idNumber"],
        ["country", "idCountry"],
      ] as const) {
        const v = childText(id, tag);
        if (v) doc[key] = v;
      }
      return doc;
    }),
  );
  const details: Record<string, unknown> = { sdnType };
  const title = childText(el, "title");
  const remarks = childText(el, "remarks");
  if (title) details.title = title;
  if (remarks) details.remarks = remarks;
  if (documents.length) details.documents = documents;
  return {
    externalId: uid,
    kind,
    name,
    aliases,
    birthDates: birthDates.map((d) => (d ? ofacBirthDate(d) : null)).filter((d): d is TBirthDate => d !== null),
    nationalities: distinct(countries.map((c) => (c ? countryCode(c) : null))),
    programs: listTexts(el, "programList", "program"),
    reference: null,
    listedOn: null,
    details,
    location: at,
  };
}

/** `MM/DD/YYYY` (OFAC's Publish_Date) as a UTC date, else null. */
function publishDate(text: string | null): Date | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text ?? "");
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])));
  return d.getUTCMonth() === Number(m[1]) - 1 ? d : null;
}

/**
 * Parses OFAC's SDN XML.
 * @throws DomainError parameter_invalid (`listFileError`) for a file that is not UTF-8, not
 *   well-formed or truncated XML, not an sdnList, an entry without uid, lastName or sdnType, an
 *   unreadable Publish_Date, or a Record_Count that differs from the entries, naming the line and element
 */
export function parseOfacList(bytes: Uint8Array): ParsedList {
  const root = parseXml("ofac", decodeUtf8("ofac", bytes)).documentElement!;
  if (root.localName !== "sdnList") throw fail(where(root), "the root element is not <sdnList>");
  const info = child(root, "publshInformation");
  const dateText = childText(info, "Publish_Date");
  const publishedAt = publishDate(dateText);
  if (dateText && !publishedAt) throw fail(info ? where(info) : null, `Publish_Date "${dateText}" is not MM/DD/YYYY`);
  const entries = children(root, "sdnEntry").map(entryOf);
  const recordCount = childText(info, "Record_Count");
  if (recordCount !== null && Number(recordCount) !== entries.length) {
    throw fail(info ? where(info) : null, `Record_Count says ${recordCount} entries, the file has ${entries.length}`);
  }
  return { publishedAt, entries };
}
