import { describe, expect, it } from "vitest";
import { rescreenSubjects, type RescreenSubject } from "./rescreen";
import type { ScreeningEntry } from "./screening.schemas";

const diff: ScreeningEntry[] = [
  {
    id: "sle_new",
    source: "un",
    externalId: "9001",
    kind: "individual",
    name: "RAMESHWAR PRATAP KALRA",
    aliases: [],
    birthDates: [{ date: "1971-04-12" }],
    nationalities: ["IN"],
  },
  { id: "sle_org", source: "mha", externalId: "MHA-1", kind: "entity", name: "EXAMPLE LIBERATION FRONT", aliases: [], birthDates: [], nationalities: [] },
];
const subject = (id: string, name: string, extra: Partial<RescreenSubject> = {}): RescreenSubject => ({
  id,
  kind: "individual",
  name,
  dob: null,
  country: null,
  dismissedEntryIds: new Set(),
  ...extra,
});

describe("rescreenSubjects", () => {
  it("returns the subjects that match an entry of the diff, in order, with their candidates", () => {
    const hits = rescreenSubjects(diff, [
      subject("a", "Ravi Kumar"),
      subject("b", "Rameshwar P. Kalra", { dob: "1971-04-12", country: "IN" }),
      subject("c", "Example Liberation Front", { kind: "entity" }),
      subject("d", "Example Liberation Front"),
    ]);
    expect(hits.map((h) => [h.subject.id, h.candidates.map((c) => [c.entryId, c.matchedFields])])).toEqual([
      ["b", [["sle_new", ["name", "dob", "nationality"]]]],
      ["c", [["sle_org", ["name"]]]],
    ]);
  });

  it("leaves out entries dismissed for the subject, and applies per-subject options", () => {
    const dismissed = subject("b", "Rameshwar Pratap Kalra", { dismissedEntryIds: new Set(["sle_new"]) });
    expect(rescreenSubjects(diff, [dismissed])).toEqual([]);
    const strict = subject("s", "Rameshwar Kalra");
    expect(rescreenSubjects(diff, [strict]).map((h) => h.subject.id)).toEqual(["s"]);
    expect(rescreenSubjects(diff, [strict], (s) => ({ threshold: s.id === "s" ? 0.95 : 0.8 }))).toEqual([]);
  });

  it("finds nothing in an empty diff", () => {
    expect(rescreenSubjects([], [subject("b", "Rameshwar Pratap Kalra")])).toEqual([]);
  });
});
