import { describe, expect, it } from "vitest";
import { LABELLED_PAIRS, type LabelledPair } from "~/tests/fixtures/screening/labelled-pairs";
import { screeningTokens } from "./name-keys";
import { compareDob, compareNationality, nameScore } from "./screening-match";
import { ScreeningIndex } from "./screening-index";
import type { ScreeningEntry } from "./screening.schemas";

/** The pair's entry as a one-entry list. */
function entryOf(pair: LabelledPair, id = "e1"): ScreeningEntry {
  return {
    id,
    source: "un",
    externalId: id,
    kind: pair.entry.kind,
    name: pair.entry.name,
    aliases: [
      ...(pair.entry.aliases ?? []).map((name) => ({ name, strength: "strong" as const })),
      ...(pair.entry.weakAliases ?? []).map((name) => ({ name, strength: "weak" as const })),
    ],
    birthDates: [...(pair.entry.birthDates ?? [])],
    nationalities: [...(pair.entry.nationalities ?? [])],
  };
}

describe("labelled pairs at the default threshold", () => {
  it.each(LABELLED_PAIRS.map((p) => [p.match ? "matches" : "does not match", p.entry.name, p.subject.name, p.why, p] as const))(
    "%s: %s / %s (%s)",
    (_, __, ___, ____, pair) => {
      const found = ScreeningIndex.build([entryOf(pair)]).search(pair.subject);
      expect(found.length > 0, JSON.stringify(found)).toBe(pair.match);
    },
  );

  it("covers enough variants and near-namesakes to measure", () => {
    expect(LABELLED_PAIRS.filter((p) => p.match).length).toBeGreaterThanOrEqual(40);
    expect(LABELLED_PAIRS.filter((p) => !p.match).length).toBeGreaterThanOrEqual(30);
  });
});

describe("nameScore", () => {
  const score = (a: string, b: string) => nameScore(screeningTokens(a), screeningTokens(b));

  it("is 1 for the same tokens in any order and 0 without tokens", () => {
    expect(score("Dawood Ibrahim Kaskar", "KASKAR, DAWOOD IBRAHIM")).toBe(1);
    expect(score("", "Dawood")).toBe(0);
  });

  it("charges less for a dropped middle name than for an extra given or family name", () => {
    const middle = score("Narendra Modi", "Narendra Damodardas Modi");
    const outside = score("Dawood Ibrahim", "Dawood Ibrahim Kaskar");
    expect(middle).toBeGreaterThan(outside);
    expect(outside).toBeGreaterThan(score("Ibrahim Dawood Khan", "Dawood Ibrahim Kaskar"));
  });

  it("caps names that agree only on initials, titles or one distinctive part", () => {
    expect(score("R K", "Rajesh Kumar")).toBeLessThanOrEqual(0.5);
    expect(score("Khan", "Imran Khan")).toBeLessThanOrEqual(0.7);
    expect(score("Paramjit Singh", "Paramjit Singh Panjwar")).toBeLessThanOrEqual(0.7);
    expect(score("Rajesh Sharma", "Rakesh Sharma")).toBeLessThanOrEqual(0.6);
  });

  it("joins tokens written apart", () => {
    expect(score("Venkata Ramana Rao", "Venkataramana Rao")).toBeGreaterThan(0.9);
  });
});

describe("compareDob", () => {
  it.each([
    ["1955-12-26", [{ date: "1955-12-26" }], "exact"],
    ["1955-01-01", [{ date: "1955-12-26" }], "year"],
    ["1955", [{ year: 1955 }], "year"],
    ["1973", [{ from: 1972, to: 1974 }], "year"],
    ["1956-02-01", [{ year: 1955 }], "near"],
    ["1960", [{ date: "1955-12-26" }, { year: 1957 }], "mismatch"],
    [undefined, [{ year: 1955 }], "unknown"],
    ["1955", [], "unknown"],
  ] as const)("%s against %j: %s", (dob, listed, expected) => {
    expect(compareDob(dob, listed)).toBe(expected);
  });
});

describe("compareNationality", () => {
  it("compares ISO codes and is unknown without one side", () => {
    expect(compareNationality("PK", ["AF", "PK"])).toBe("match");
    expect(compareNationality("IN", ["PK"])).toBe("mismatch");
    expect(compareNationality(undefined, ["PK"])).toBe("unknown");
    expect(compareNationality("IN", [])).toBe("unknown");
  });
});
