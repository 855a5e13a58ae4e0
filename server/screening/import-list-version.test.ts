/**
 * List import on the embedded database: versions with their diff, nothing written for a bad or
 * identical file, the removal guard, the active index following the newest versions, and
 * re-screening monitored subjects against a version's diff.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { domainError } from "~/tests/fixtures/domain-error";
import { demoDb } from "~/tests/fixtures/demo-db";
import type { Db } from "../db";
import { activeScreeningIndex } from "./active-index";
import { importListVersion } from "./import-list-version";
import { rescreenListVersion } from "./rescreen";
import { insertDismissal, insertScreeningSubject, latestListVersion, listVersionDiff } from "./screening.queries";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/screening", name));
const UN_V1 = fixture("un-consolidated.xml").toString("utf8");

/** UN v2: Jerome removed, Dawood's listing amended, a new individual added, the rest unchanged. */
const UN_V2 = UN_V1.replace(/<INDIVIDUAL>\s*<DATAID>6908035<\/DATAID>[\s\S]*?<\/INDIVIDUAL>/, "")
  .replace("<LISTED_ON>2003-11-03</LISTED_ON>", "<LISTED_ON>2003-11-03</LISTED_ON>\n      <COMMENTS1>Amended 2026-11-23.</COMMENTS1>")
  .replace(
    "</INDIVIDUALS>",
    `  <INDIVIDUAL>
      <DATAID>6909001</DATAID>
      <FIRST_NAME>RAMESHWAR</FIRST_NAME>
      <SECOND_NAME>PRATAP</SECOND_NAME>
      <THIRD_NAME>KALRA</THIRD_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER>
      <LISTED_ON>2026-11-23</LISTED_ON>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1971-04-12</DATE></INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>
  </INDIVIDUALS>`,
  )
  .replace('dateGenerated="2026-11-20T00:00:02.141Z"', 'dateGenerated="2026-11-23T00:00:01.000Z"');

const bytes = (s: string) => new TextEncoder().encode(s);

let db: Db;
let projectId: string;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
});

describe("importListVersion", () => {
  it("imports a first version with its counts, file hash and an audit row", async () => {
    const { unchanged, version } = await importListVersion(db, { source: "un", bytes: bytes(UN_V1), fileName: "consolidated.xml" });
    expect(unchanged).toBe(false);
    expect(version).toMatchObject({
      source: "un",
      seq: 1,
      publishedAt: new Date("2026-11-20T00:00:02.141Z"),
      fileName: "consolidated.xml",
      fileSize: bytes(UN_V1).length,
      entryCount: 4,
      individualCount: 3,
      entityCount: 1,
      addedCount: 4,
      changedCount: 0,
      removedCount: 0,
    });
    expect(version.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await listVersionDiff(db, version.id)).toEqual({ added: ["110118", "6908035", "6908264", "6908312"], changed: [], removed: [] });
    const audit = await db.auditLog.findFirst({ where: { objectId: version.id }, select: { action: true, actorType: true, data: true } });
    expect(audit).toMatchObject({ action: "screening_list.imported", actorType: "system", data: { source: "un", entries: 4, added: 4 } });
  });

  it("does nothing for the same file again", async () => {
    const before = await latestListVersion(db, "un");
    const again = await importListVersion(db, { source: "un", bytes: bytes(UN_V1), fileName: "copy.xml" });
    expect(again).toEqual({ unchanged: true, version: before });
    expect(await db.screeningListVersion.count({ where: { source: "un" } })).toBe(1);
  });

  it("leaves the active version and writes nothing when a file is truncated", async () => {
    const count = await db.screeningListEntry.count();
    const err = await domainError(
      importListVersion(db, { source: "un", bytes: bytes(UN_V2.slice(0, UN_V2.indexOf("<INDIVIDUAL_ALIAS>"))), fileName: "cut.xml" }),
    );
    expect(err).toMatchObject({ code: "parameter_invalid", param: "file" });
    expect(err.message).toMatch(/line \d+: not well-formed XML: the file ends inside <CONSOLIDATED_LIST>/);
    expect((await latestListVersion(db, "un"))?.seq).toBe(1);
    expect(await db.screeningListEntry.count()).toBe(count);
  });

  it("refuses a file that repeats an entry id, naming both places", async () => {
    const twice = UN_V1.replace("<DATAID>6908035</DATAID>", "<DATAID>6908264</DATAID>");
    await expect(importListVersion(db, { source: "un", bytes: bytes(twice), fileName: "x.xml" })).rejects.toThrow(
      /line \d+ <INDIVIDUAL>: entry id 6908264 appears twice \(first at line 4 <INDIVIDUAL>\)/,
    );
  });

  it("imports the next version as a diff: added, changed and removed entries", async () => {
    const { version } = await importListVersion(db, { source: "un", bytes: bytes(UN_V2), fileName: "consolidated.xml" });
    expect(version).toMatchObject({
      seq: 2,
      entryCount: 4,
      addedCount: 1,
      changedCount: 1,
      removedCount: 1,
      publishedAt: new Date("2026-11-23T00:00:01.000Z"),
    });
    expect(await listVersionDiff(db, version.id)).toEqual({ added: ["6909001"], changed: ["6908312"], removed: ["6908035"] });
    // unchanged entries keep their rows; the changed one has a closed row and a new one
    const dawood = await db.screeningListEntry.findMany({
      where: { externalId: "6908312" },
      orderBy: { addedInVersionId: "asc" },
      select: { removedInVersionId: true, addedInVersionId: true },
    });
    expect(dawood).toHaveLength(2);
    expect(await db.screeningListEntry.count({ where: { source: "un", removedInVersionId: null } })).toBe(4);
    expect(await db.screeningListEntry.count({ where: { externalId: "6908264" } })).toBe(1);
  });

  it("refuses a version that removes most entries unless allowed", async () => {
    const oneLeft = UN_V2.replace(/<INDIVIDUALS>[\s\S]*<\/INDIVIDUALS>/, "<INDIVIDUALS/>");
    await expect(importListVersion(db, { source: "un", bytes: bytes(oneLeft), fileName: "small.xml" })).rejects.toThrow(/removes 3 of the 4 active entries/);
    const { version } = await importListVersion(db, { source: "un", bytes: bytes(oneLeft), fileName: "small.xml", allowRemovals: true });
    expect(version).toMatchObject({ seq: 3, entryCount: 1, removedCount: 3 });
    // back to v2 for the tests below
    await importListVersion(db, { source: "un", bytes: bytes(UN_V2), fileName: "consolidated.xml" });
  });

  it("keeps sources apart and takes the CSV's date from the caller", async () => {
    const { version } = await importListVersion(db, {
      source: "pep",
      bytes: fixture("pep.csv"),
      fileName: "pep.csv",
      publishedAt: new Date("2026-11-01T00:00:00Z"),
    });
    expect(version).toMatchObject({ source: "pep", seq: 1, entryCount: 3, publishedAt: new Date("2026-11-01T00:00:00Z") });
    await expect(importListVersion(db, { source: "mha", bytes: fixture("pep.csv"), fileName: "pep.csv" })).rejects.toThrow(
      /MHA UAPA list, line 1: unknown column "category"/,
    );
    expect(await latestListVersion(db, "mha")).toBeNull();
  });
});

describe("activeScreeningIndex", () => {
  it("screens against the active versions and is rebuilt when one changes", async () => {
    const index = await activeScreeningIndex(db);
    expect(await activeScreeningIndex(db)).toBe(index);
    expect(index.search({ name: "Rameshwar Pratap Kalra" }).map((c) => c.externalId)).toEqual(["6909001"]);
    expect(index.search({ name: "Jerome Kakwavu Bukande" })).toEqual([]);
    expect(index.search({ name: "Sunita Verma", dob: "1968" }).map((c) => [c.source, c.externalId])).toEqual([["pep", "PEP-0001"]]);

    await importListVersion(db, { source: "mha", bytes: fixture("mha-uapa.csv"), fileName: "mha.csv" });
    const rebuilt = await activeScreeningIndex(db);
    expect(rebuilt).not.toBe(index);
    expect(
      rebuilt
        .search({ name: "Rameshwar Pratap Kalra" })
        .map((c) => c.source)
        .sort(),
    ).toEqual(["mha", "un"]);
  });
});

describe("rescreenListVersion", () => {
  it("finds monitored subjects matching what a version added or changed, skipping dismissed entries and unmonitored subjects", async () => {
    const tenant = { projectId, mode: "live" as const };
    const kalra = await insertScreeningSubject(db, { ...tenant, kind: "individual", name: "Rameshwar P. Kalra", dob: "1971-04-12", monitored: true });
    const dawood = await insertScreeningSubject(db, { ...tenant, kind: "individual", name: "Daud Ibrahim Kaskar", monitored: true });
    const saeed = await insertScreeningSubject(db, { ...tenant, kind: "individual", name: "Hafiz Mohammad Sayeed", monitored: true });
    await insertScreeningSubject(db, { ...tenant, kind: "individual", name: "Rameshwar Pratap Kalra", monitored: false });
    await insertScreeningSubject(db, { projectId, mode: "test", kind: "individual", name: "Rameshwar Pratap Kalra", monitored: true });

    const v2 = await db.screeningListVersion.findFirstOrThrow({ where: { source: "un", seq: 2 }, select: { id: true } });
    const hits = await rescreenListVersion(db, v2.id, { mode: "live", pageSize: 2 });
    expect(hits.map((h) => [h.subject.id, h.candidates.map((c) => c.externalId)]).sort()).toEqual(
      [
        [kalra, ["6909001"]],
        [dawood, ["6908312"]],
      ].sort(),
    );
    expect(hits.some((h) => h.subject.id === saeed)).toBe(false); // Saeed's entry did not change

    const dawoodEntry = hits.find((h) => h.subject.id === dawood)!.candidates[0]!.entryId;
    await insertDismissal(db, dawood, dawoodEntry);
    await insertDismissal(db, dawood, dawoodEntry);
    const after = await rescreenListVersion(db, v2.id, { mode: "live" });
    expect(after.map((h) => h.subject.id)).toEqual([kalra]);
  });
});
