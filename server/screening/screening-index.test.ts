import { describe, expect, it } from "vitest";
import { randomPersonName, seededRandom, syntheticList, variantOf } from "~/tests/fixtures/screening/synthetic-list";
import { screeningTokens } from "./name-keys";
import { compareDob, compareNationality, dobFactor, nameScore, nationalityFactor, roundScore } from "./screening-match";
import { ScreeningIndex } from "./screening-index";
import type { ScreeningEntry, TScreeningSubject } from "./screening.schemas";
import { ZScreeningOptions } from "./screening.schemas";

const entry = (id: string, name: string, extra: Partial<ScreeningEntry> = {}): ScreeningEntry => ({
  id,
  source: "un",
  externalId: id,
  kind: "individual",
  name,
  aliases: [],
  birthDates: [],
  nationalities: [],
  ...extra,
});

describe("ScreeningIndex.search", () => {
  const index = ScreeningIndex.build([
    entry("1", "HAFIZ MUHAMMAD SAEED", { aliases: [{ name: "Hafiz Sahib", strength: "weak" }], birthDates: [{ date: "1950-06-05" }], nationalities: ["PK"] }),
    entry("2", "DAWOOD IBRAHIM KASKAR", {
      aliases: [
        { name: "Bada Seth", strength: "weak" },
        { name: "Dawood Ibrahim Memon", strength: "strong" },
      ],
      birthDates: [{ year: 1955 }],
    }),
    entry("3", "LASHKAR-E-TAYYIBA", { kind: "entity", source: "ofac" }),
    entry("4", "SUNITA DEVI VARMA", { source: "pep" }),
  ]);

  it("reports each entry once, with its best name, the fields that matched and a rounded score", () => {
    expect(index.search({ name: "Dawood Ibrahim Memon", dob: "1955-03-01", country: "IN" })).toEqual([
      {
        entryId: "2",
        source: "un",
        externalId: "2",
        kind: "individual",
        score: 1,
        matchedName: "Dawood Ibrahim Memon",
        nameMatch: "alias",
        nameScore: 1,
        dob: "year",
        nationality: "unknown",
        matchedFields: ["name", "dob"],
      },
    ]);
  });

  it("applies the factors of a weak alias, a date of birth and a nationality", () => {
    const weak = index.search({ name: "Bada Seth" })[0];
    expect(weak).toMatchObject({ nameMatch: "weak_alias", nameScore: 1, score: 0.9 });
    const exact = index.search({ name: "Hafiz Muhammad Saeed", dob: "1950-06-05", country: "PK" })[0];
    expect(exact).toMatchObject({ score: 1, dob: "exact", nationality: "match", matchedFields: ["name", "dob", "nationality"] });
    expect(index.search({ name: "Hafiz Muhammad Saeed", country: "IN" })[0]).toMatchObject({ score: 0.9, nationality: "mismatch", matchedFields: ["name"] });
    expect(index.search({ name: "Hafiz Muhammad Saeed", dob: "1951" })[0]).toMatchObject({ score: 0.95, dob: "near" });
    expect(index.search({ name: "Hafiz Muhammad Saeed", dob: "1975" })).toEqual([]);
    expect(index.search({ name: "Hafiz Muhammad Saeed", dob: "1975" }, { threshold: 0.7 })[0]).toMatchObject({ score: 0.75, dob: "mismatch" });
  });

  it("filters by kind and source, and stops at the limit", () => {
    expect(index.search({ name: "Lashkar e Tayyiba", kind: "individual" })).toEqual([]);
    expect(index.search({ name: "Lashkar e Tayyiba", kind: "entity" }).map((c) => c.entryId)).toEqual(["3"]);
    expect(index.search({ name: "Sunita Devi Varma" }, { sources: ["un", "ofac", "mha"] })).toEqual([]);
    expect(index.search({ name: "Sunita Devi Varma" }, { sources: ["pep"] }).map((c) => c.source)).toEqual(["pep"]);
    const many = ScreeningIndex.build(Array.from({ length: 30 }, (_, i) => entry(`m${i}`, "RAVI SHANKAR PRASAD")));
    expect(many.search({ name: "Ravi Shankar Prasad" }, { limit: 5 })).toHaveLength(5);
  });

  it("finds nothing for an empty or unknown name", () => {
    expect(index.search({ name: "..." })).toEqual([]);
    expect(index.search({ name: "Xavier Quentin Zed" })).toEqual([]);
  });
});

const tokenCache = new Map<string, ReturnType<typeof screeningTokens>>();
const tokensOf = (name: string) => tokenCache.get(name) ?? tokenCache.set(name, screeningTokens(name)).get(name)!;

/** Every entry name scored one by one, as `search` defines the result. */
function exhaustive(entries: readonly ScreeningEntry[], subject: TScreeningSubject) {
  const options = ZScreeningOptions.parse({ limit: 500 });
  const tokens = screeningTokens(subject.name);
  const found: { entryId: string; score: number }[] = [];
  for (const e of entries) {
    const factor = dobFactor(compareDob(subject.dob, e.birthDates), options) * nationalityFactor(compareNationality(subject.country, e.nationalities), options);
    let best = 0;
    for (const [name, weak] of [[e.name, false], ...e.aliases.map((a) => [a.name, a.strength === "weak"] as const)] as const) {
      best = Math.max(best, nameScore(tokens, tokensOf(name)) * (weak ? options.weakAliasFactor : 1) * factor);
    }
    if (best >= options.threshold) found.push({ entryId: e.id, score: roundScore(best) });
  }
  return found.sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
}

describe("blocking and the score bound", () => {
  it("find exactly what scoring every entry finds, on a synthetic list", () => {
    const entries = syntheticList(1500, 7);
    const index = ScreeningIndex.build(entries);
    const rng = seededRandom(11);
    let withCandidates = 0;
    for (let i = 0; i < 150; i++) {
      const listed = entries[Math.floor(rng() * entries.length)]!;
      const subject: TScreeningSubject =
        i % 3 === 0 ? { name: randomPersonName(rng) } : { name: variantOf(rng, listed.name), ...(i % 2 ? { dob: "1960" } : {}) };
      const expected = exhaustive(entries, subject);
      if (expected.length) withCandidates++;
      expect(
        index.search(subject, { limit: 500 }).map((c) => ({ entryId: c.entryId, score: c.score })),
        subject.name,
      ).toEqual(expected);
    }
    expect(withCandidates).toBeGreaterThan(50);
  });
});
