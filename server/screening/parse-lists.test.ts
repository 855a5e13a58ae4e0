import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { readCsv } from "./csv-records";
import { entryContentHash } from "./list-entry";
import { ofacBirthDate, parseOfacList } from "./parse-ofac-list";
import { OPERATOR_COLUMNS, parseOperatorList } from "./parse-operator-list";
import { parseUnList } from "./parse-un-list";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/screening", name));
const text = (name: string) => fixture(name).toString("utf8");
const bytes = (s: string) => new TextEncoder().encode(s);

/** The DomainError `fn` throws. */
function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
  throw new Error("expected a DomainError");
}

describe("parseUnList", () => {
  const list = parseUnList(fixture("un-consolidated.xml"));

  it("reads individuals and entities with their names, aliases, dates, countries and references", () => {
    expect(list.publishedAt?.toISOString()).toBe("2026-11-20T00:00:02.141Z");
    expect(list.entries.map((e) => [e.externalId, e.kind, e.name])).toEqual([
      ["6908264", "individual", "HAFIZ MUHAMMAD SAEED"],
      ["6908312", "individual", "DAWOOD IBRAHIM KASKAR"],
      ["6908035", "individual", "JEROME KAKWAVU BUKANDE"],
      ["110118", "entity", "LASHKAR-E-TAYYIBA"],
    ]);
    const [saeed, dawood, jerome, let_] = list.entries;
    expect(saeed).toMatchObject({
      aliases: [
        { name: "حافظ محمد سعید", strength: "strong" },
        { name: "Hafiz Mohammad Sayeed", strength: "strong" },
        { name: "Hafiz Sahib", strength: "weak" },
      ],
      birthDates: [{ date: "1950-06-05" }],
      nationalities: ["PK"],
      programs: ["Al-Qaida"],
      reference: "QDi.263",
      listedOn: "2008-12-10",
      details: {
        remarks: "Founder and leader of Lashkar-e-Tayyiba (QDe.118).",
        documents: [{ type: "National Identification Number", number: "00000-0000000-1", country: "Pakistan" }],
      },
    });
    expect(dawood?.details).toMatchObject({ title: ["Sheikh"] });
    expect(jerome).toMatchObject({ aliases: [], birthDates: [{ from: 1973, to: 1974 }], nationalities: [] });
    expect(let_).toMatchObject({
      aliases: [
        { name: "Lashkar-e-Toiba", strength: "strong" },
        { name: "Jamaat-ud-Dawa", strength: "strong" },
      ],
      nationalities: ["PK"],
      birthDates: [],
    });
  });

  it("fails a truncated file at its last line and leaves nothing half-read", () => {
    const full = text("un-consolidated.xml");
    const cut = full.slice(0, full.indexOf("<INDIVIDUAL_ALIAS>", full.indexOf("6908312")));
    const err = thrown(() => parseUnList(bytes(cut)));
    expect(err).toMatchObject({ code: "parameter_invalid", param: "file" });
    expect(err.message).toBe(
      `UN Security Council consolidated list, line ${cut.trimEnd().split("\n").length}: not well-formed XML: the file ends inside <CONSOLIDATED_LIST> <INDIVIDUALS> <INDIVIDUAL> (is it cut short?)`,
    );
  });

  it("names the element of an entry without DATAID or name", () => {
    const noId = text("un-consolidated.xml").replace("<DATAID>6908312</DATAID>", "");
    expect(() => parseUnList(bytes(noId))).toThrow(/line \d+ <INDIVIDUAL>: no DATAID/);
    const noName = text("un-consolidated.xml").replace(/<FIRST_NAME>JEROME<\/FIRST_NAME>\s*<SECOND_NAME>KAKWAVU BUKANDE<\/SECOND_NAME>/, "");
    expect(() => parseUnList(bytes(noName))).toThrow(/<INDIVIDUAL>: DATAID 6908035 has no name/);
  });

  it("refuses another format, a DTD and bytes that are not UTF-8", () => {
    expect(() => parseUnList(fixture("ofac-sdn.xml"))).toThrow(/line 2 <sdnList>: the root element is not <CONSOLIDATED_LIST>/);
    expect(() => parseUnList(fixture("pep.csv"))).toThrow(/not well-formed XML/);
    expect(() => parseUnList(bytes('<!DOCTYPE x [<!ENTITY a "b">]><CONSOLIDATED_LIST/>'))).toThrow(/a DTD is not allowed/);
    const latin1 = Buffer.concat([
      Buffer.from("<CONSOLIDATED_LIST>\n<INDIVIDUALS>\n<INDIVIDUAL><FIRST_NAME>J"),
      Buffer.from([0xc9]),
      Buffer.from("R</FIRST_NAME>"),
    ]);
    expect(() => parseUnList(latin1)).toThrow(/line 3: the file is not UTF-8 \(byte \d+\)/);
  });
});

describe("parseOfacList", () => {
  const list = parseOfacList(fixture("ofac-sdn.xml"));

  it("reads entries with strong and weak a.k.a.'s, dates, nationalities and citizenships", () => {
    expect(list.publishedAt?.toISOString()).toBe("2026-11-21T00:00:00.000Z");
    expect(list.entries.map((e) => [e.externalId, e.kind, e.name])).toEqual([
      ["6365", "individual", "Usama bin Muhammad bin Awad BIN LADIN"],
      ["7601", "individual", "Ayman AL-ZAWAHIRI"],
      ["36", "entity", "AEROCARIBBEAN AIRLINES"],
    ]);
    expect(list.entries[0]).toMatchObject({
      aliases: [
        { name: "Osama BIN LADEN", strength: "strong" },
        { name: "THE DIRECTOR", strength: "weak" },
      ],
      birthDates: [{ date: "1957-07-30" }, { year: 1960 }],
      nationalities: ["SA", "AF"],
      programs: ["SDGT"],
      details: { sdnType: "Individual", documents: [{ type: "Passport", number: "A123456", country: "Saudi Arabia" }] },
    });
    expect(list.entries[1]?.details).toMatchObject({ title: "Operational and Military Leader of JIHAD GROUP" });
    expect(list.entries[2]).toMatchObject({ nationalities: ["CU"], programs: ["CUBA"] });
  });

  it.each([
    ["07 Oct 1952", { date: "1952-10-07" }],
    ["Oct 1952", { year: 1952 }],
    ["circa 1952", { year: 1952 }],
    ["1952 to 1955", { from: 1952, to: 1955 }],
    ["31 Feb 1952", { year: 1952 }],
    ["unknown", null],
  ])("reads the date of birth %j", (raw, expected) => {
    expect(ofacBirthDate(raw)).toEqual(expected);
  });

  it("fails when Record_Count disagrees with the entries (a cut-down file)", () => {
    const cut = text("ofac-sdn.xml").replace(/<sdnEntry>\s*<uid>36<\/uid>[\s\S]*?<\/sdnEntry>/, "");
    expect(() => parseOfacList(bytes(cut))).toThrow(/<publshInformation>: Record_Count says 3 entries, the file has 2/);
  });

  it("fails a truncated file and an entry without uid", () => {
    const full = text("ofac-sdn.xml");
    expect(() => parseOfacList(bytes(full.slice(0, full.length / 2)))).toThrow(/^OFAC SDN list, line \d+(:\d+)?: not well-formed XML/);
    expect(() => parseOfacList(bytes(full.replace("<uid>7601</uid>", "")))).toThrow(/line \d+ <sdnEntry>: no <uid>/);
    expect(() => parseOfacList(fixture("un-consolidated.xml"))).toThrow(/the root element is not <sdnList>/);
  });
});

describe("parseOperatorList", () => {
  it("reads the MHA format: list kinds, aliases, dates, countries", () => {
    const list = parseOperatorList("mha", fixture("mha-uapa.csv"));
    expect(list.publishedAt).toBeNull();
    expect(list.entries).toEqual([
      expect.objectContaining({
        externalId: "MHA-FS-001",
        kind: "entity",
        aliases: [
          { name: "ELF", strength: "strong" },
          { name: "Example Liberation Army", strength: "strong" },
        ],
        nationalities: ["IN"],
        listedOn: "2019-08-02",
        reference: "S.O. 1000(E)",
      }),
      expect.objectContaining({ externalId: "MHA-FS-002", kind: "entity", programs: ["UAPA s.3: unlawful association"], nationalities: [], details: {} }),
      expect.objectContaining({
        externalId: "MHA-IT-001",
        kind: "individual",
        birthDates: [{ date: "1971-04-12" }, { year: 1972 }],
        details: { remarks: "Fictional; quoted, with a comma" },
      }),
    ]);
  });

  it("reads the PEP format: category, position, country, relation, term", () => {
    const list = parseOperatorList("pep", fixture("pep.csv"));
    expect(list.entries.map((e) => [e.externalId, e.programs, e.details])).toEqual([
      [
        "PEP-0001",
        ["Member of Parliament (Lok Sabha), fictional"],
        { category: "pep", position: "Member of Parliament (Lok Sabha), fictional", country: "IN", since: "2019" },
      ],
      ["PEP-0002", ["Son of PEP-0001"], { category: "rca", position: "Son of PEP-0001", country: "IN", related_to: "PEP-0001" }],
      [
        "PEP-0003",
        ["Former Minister of Finance, fictional"],
        { category: "pep", position: "Former Minister of Finance, fictional", country: "PK", since: "2008-03-01", until: "2013-06-05" },
      ],
    ]);
  });

  it("accepts a byte-order mark, CRLF line ends and columns in any order", () => {
    const csv = "\uFEFFname,list,id\r\nSample Front,terrorist_organisation,X1\r\n";
    expect(parseOperatorList("mha", bytes(csv)).entries).toEqual([expect.objectContaining({ externalId: "X1", name: "Sample Front", kind: "entity" })]);
  });

  it.each([
    ["mha", "id,list,name,extra\nX1,terrorist_organisation,A,b\n", /line 1: unknown column "extra"/],
    ["mha", "id,name\nX1,A\n", /line 1: missing column\(s\) list/],
    ["mha", "id,list,name\nX1,terrorist_organisation,A\nX2,terrorist_organisation\n", /line 3: 2 fields, the header has 3/],
    ["mha", "id,list,name\nX1,terrorist_organisation,\n", /line 2: name is empty/],
    ["mha", "id,list,name\nX1,banned,A\n", /line 2: list "banned" is not one of/],
    ["mha", "id,list,name,dob\nX1,terrorist_individual,A,12/04/1971\n", /line 2: dob "12\/04\/1971" is neither YYYY-MM-DD nor YYYY/],
    ["mha", "id,list,name,dob\nX1,terrorist_organisation,A,1971\n", /line 2: dob is for individuals/],
    ["mha", 'id,list,name\nX1,terrorist_organisation,"A\nX2,terrorist_organisation,B\n', /line 2: a quoted field is not closed \(is the file cut short\?\)/],
    ["pep", "id,name,category,position,country\nP1,A,pep,MP,India\n", /line 2: country "India" is not an ISO 3166-1 alpha-2 code/],
    ["pep", "id,name,category,position,country\nP1,A,rca,Son,IN\n", /line 2: an rca needs related_to/],
    ["pep", "id,name,category,position,country,related_to\nP1,A,rca,Son,IN,P9\n", /line 2: related_to "P9" is not the id of a pep row/],
    ["pep", fixture("mha-uapa.csv").toString(), /unknown column "list"/],
    ["pep", "", /the file is empty/],
  ] as const)("refuses a bad %s file: %j", (source, csv, message) => {
    expect(() => parseOperatorList(source, bytes(csv))).toThrow(message);
  });
});

describe("readCsv", () => {
  it("reads quoted fields with commas, quotes and line breaks, and the line each record starts on", () => {
    expect(readCsv('a,b\n"x, y","say ""hi""\nthere"\n\nlast,\n')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'say "hi"\nthere'] },
      { line: 5, fields: ["last", ""] },
    ]);
  });

  it("refuses a quote in an unquoted field and text after a closing quote", () => {
    expect(() => readCsv('a,b"c\n')).toThrow(/quote inside an unquoted field/);
    expect(() => readCsv('"a"b,c\n')).toThrow(/text after a closing quote/);
  });
});

describe("entryContentHash", () => {
  it("ignores key order and location, and sees any change of content", () => {
    const [entry] = parseUnList(fixture("un-consolidated.xml")).entries;
    const base = entryContentHash(entry!);
    expect(entryContentHash({ ...entry!, location: "elsewhere", details: Object.fromEntries(Object.entries(entry!.details).reverse()) })).toBe(base);
    expect(entryContentHash({ ...entry!, listedOn: "2008-12-11" })).not.toBe(base);
  });
});

describe("README", () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");

  it("documents every column of both operator formats exactly as the parser reads them", () => {
    for (const columns of Object.values(OPERATOR_COLUMNS)) {
      for (const c of columns) expect(readme).toContain(`| \`${c.name}\` | ${c.required ? "yes" : "no"} | ${c.description} |`);
    }
  });

  it("shows example files the parser accepts", () => {
    const examples = [...readme.matchAll(/```csv\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(examples).toHaveLength(2);
    expect(parseOperatorList("mha", bytes(examples[0]!)).entries).toHaveLength(2);
    expect(parseOperatorList("pep", bytes(examples[1]!)).entries).toHaveLength(2);
  });
});
