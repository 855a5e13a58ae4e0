/**
 * The test-mode sandbox list (issue "Sanctions and PEP screening", item 6): a few fictitious
 * entries, screened in test mode only (beside the imported lists), so that integrators can reach
 * every branch of `in.aml.screen` and the `screening` step without importing anything. The magic
 * subjects are documented in `GET /v1/capabilities` (`SCREENING_SANDBOX_VALUES`) and the README.
 *
 * It is stored as a version of the source `sandbox` (`ensureSandboxList`, idempotent: the same
 * entries hash the same, so a second call writes nothing), so candidates name a list entry and a
 * version like any other and reviewers' dismissals are remembered the same way.
 */
import type { Db } from "../db";
import { importParsedList, type ImportListResult } from "./import-list-version";
import type { ParsedList, ParsedListEntry } from "./list-entry";

const SANDBOX_ENTRIES: ParsedListEntry[] = [
  {
    externalId: "SANDBOX-SANCTIONS-1",
    kind: "individual",
    name: "Zorawar Singh Blacklistwala",
    aliases: [{ name: "Zoru Blacklistwala", strength: "strong" }],
    birthDates: [{ date: "1970-01-01" }],
    nationalities: ["IN"],
    programs: ["Sandbox sanctions programme"],
    reference: "SANDBOX.1",
    listedOn: "2026-01-01",
    details: { category: "sanctions", remarks: "Fictitious test-mode entry: always matches the magic subject Zorawar Singh Blacklistwala." },
    location: "sandbox entry 1",
  },
  {
    externalId: "SANDBOX-PEP-1",
    kind: "individual",
    name: "Meenakshi Pepwali Iyer",
    aliases: [],
    birthDates: [{ date: "1965-05-05" }],
    nationalities: ["IN"],
    programs: ["Member of Parliament (sandbox)"],
    reference: null,
    listedOn: null,
    details: { category: "pep", position: "Member of Parliament (sandbox)", country: "IN" },
    location: "sandbox entry 2",
  },
];

/** The sandbox list as parsed entries. */
export function sandboxList(): ParsedList {
  return { publishedAt: new Date("2026-01-01T00:00:00Z"), entries: SANDBOX_ENTRIES };
}

/** What each magic subject does (listed in GET /v1/capabilities under `in.aml.screen`, and in the README). */
export const SCREENING_SANDBOX_VALUES = [
  {
    check: "in.aml.screen",
    input: "name Zorawar Singh Blacklistwala (date_of_birth 1970-01-01 or none)",
    outcome:
      "a sanctions candidate (sandbox list entry SANDBOX-SANCTIONS-1, score 1): needs_review; a reviewer's true match fails the check with error_code sanctions_match",
  },
  {
    check: "in.aml.screen",
    input: "name Meenakshi Pepwali Iyer",
    outcome: "a PEP candidate (SANDBOX-PEP-1): needs_review; a reviewer's true match passes the check with pep: true (enhanced due diligence, risk level high)",
  },
  {
    check: "in.aml.screen",
    input: "name Zorawar Singh (a near-namesake: two of the three names)",
    outcome: "no candidate: passed",
  },
  { check: "in.aml.screen", input: "any other name", outcome: "no candidate unless an imported list holds the name: passed" },
] as const;

const ensured = new WeakMap<Db, Promise<ImportListResult>>();

/**
 * Makes the sandbox list the active version of the source `sandbox` (once per database client;
 * a later call returns the first call's answer).
 */
export function ensureSandboxList(db: Db): Promise<ImportListResult> {
  let done = ensured.get(db);
  if (!done) {
    done = importParsedList(db, {
      source: "sandbox",
      parsed: sandboxList(),
      bytes: new TextEncoder().encode(JSON.stringify(SANDBOX_ENTRIES)),
      fileName: "sandbox-list.json",
    });
    ensured.set(db, done);
    done.catch(() => ensured.delete(db));
  }
  return done;
}
