/**
 * In-memory screening index over list entries: one subject against 100,000 entries in a few
 * milliseconds (bench/screening.ts).
 *
 * Layout: every name of every entry (primary and aliases) is tokenized once
 * (`screeningTokens`); distinct tokens are interned and each has a posting list of the names
 * it occurs in; each token is filed under its `blockingKeys` (phonetic key, variant group,
 * one-letter deletions of the key).
 *
 * Search: (1) subject tokens are grouped (the same text or variant group is one group, so a
 * repeated `MUHAMMAD` counts once); each token (and each pair of adjacent ones joined: `SALAH DIN`
 * meets `SALAHUDDIN`) looks up its keys, scores the distinct index tokens found
 * (`tokenSimilarity` >= 0.6) and marks the names of their posting lists with its group's bit,
 * the longest posting lists last (`block`);
 * (2) a name is a candidate when enough groups hit it: two full ones, or one when either side has
 * a single full token, and not only very common ones (`MUHAMMAD` + `ALI`) when the subject has a
 * distinctive name; (3) an upper bound of its score (hits and initials paired perfectly, the
 * subject's other tokens and the entry's extra full names unpaired) times the entry's date,
 * country and alias factors must reach the threshold; (4) the rest get the exact `nameScore` and
 * the factors (server/screening/screening-match.ts); the best name of each entry is its candidate.
 * Steps (1)–(3) only skip work: on synthetic lists they return exactly what scoring every entry
 * returns (screening-index.test.ts); a pair of tokens only `nameScore` relates (a typo of a
 * 3-letter key, a join on the entry's side) can be missed.
 *
 * The index is immutable; build a new one when the active list versions change
 * (server/screening/active-index.ts).
 */
import type { NameToken } from "./name-keys";
import { blockingKeys, joinTokens, screeningTokens, tokenSimilarity } from "./name-keys";
import {
  compareDob,
  compareNationality,
  dobFactor,
  nameScore,
  nationalityFactor,
  roundScore,
  TOKEN_WEIGHT,
  UNPAIRED_COST_INSIDE,
  UNPAIRED_COST_OUTSIDE,
} from "./screening-match";
import type { ScreeningCandidate, ScreeningEntry, TScreeningOptions, TScreeningOptionsInput, TScreeningSubject } from "./screening.schemas";
import { ZScreeningOptions } from "./screening.schemas";

/** Token similarity at which a subject token counts as hitting an index token during blocking. */
const BLOCKING_SIMILARITY = 0.6;

/** At most this many subject tokens take part in blocking (bits of a 32-bit mask). */
const MAX_SUBJECT_TOKENS = 31;

/** 0 primary name, 1 strong alias, 2 weak alias. */
type NameStrength = 0 | 1 | 2;
const NAME_MATCH: Record<NameStrength, ScreeningCandidate["nameMatch"]> = { 0: "primary", 1: "alias", 2: "weak_alias" };

interface IndexedName {
  entry: number;
  strength: NameStrength;
  text: string;
  tokens: NameToken[];
  /** full tokens */
  full: number;
}

function popcount(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v; v &= v - 1) n++;
  return n;
}

/**
 * Subject tokens grouped by identity (the same text or variant group: `MUHAMMAD … MOHD` is one
 * group), so that a name is not counted as hit twice by one repeated common name. A group's
 * weight and size add up its tokens (the score bound stays an upper bound).
 */
interface SubjectGroup {
  size: number;
  weight: number;
  full: boolean;
  distinct: boolean;
  initial: boolean;
}

/** The groups of a subject's tokens, and each token's group index. */
function subjectGroups(tokens: readonly NameToken[]): { groups: SubjectGroup[]; groupOf: number[] } {
  const index = new Map<string, number>();
  const groups: SubjectGroup[] = [];
  const groupOf = tokens.map((t) => {
    const key = t.variant ?? t.text;
    let i = index.get(key);
    if (i === undefined) {
      i = groups.length;
      index.set(key, i);
      groups.push({ size: 0, weight: 0, full: t.kind === "full", distinct: t.kind === "full" && !t.common, initial: t.kind === "initial" });
    }
    groups[i]!.size++;
    groups[i]!.weight += TOKEN_WEIGHT[t.kind];
    return i;
  });
  return { groups, groupOf };
}

/** An immutable index over list entries; `search` screens one subject. */
export class ScreeningIndex {
  private readonly names: IndexedName[] = [];
  private readonly tokens: NameToken[] = [];
  private readonly postings: Int32Array[] = [];
  private readonly keyTokens = new Map<string, Int32Array>();
  // per-search scratch, sized to the names
  private readonly masks: Uint32Array;
  private readonly stamps: Uint32Array;
  private generation = 0;

  private constructor(readonly entries: readonly ScreeningEntry[]) {
    const tokenIds = new Map<string, number>();
    const postings: number[][] = [];
    const keyTokens = new Map<string, number[]>();
    const addName = (entry: number, strength: NameStrength, text: string) => {
      const tokens = screeningTokens(text).map((t) => {
        let id = tokenIds.get(t.text);
        if (id === undefined) {
          id = this.tokens.length;
          tokenIds.set(t.text, id);
          this.tokens.push(t);
          postings.push([]);
          for (const key of blockingKeys(t)) {
            const list = keyTokens.get(key);
            if (list) list.push(id);
            else keyTokens.set(key, [id]);
          }
        }
        return id;
      });
      if (!tokens.length) return;
      const nameId = this.names.length;
      for (const id of new Set(tokens)) postings[id]!.push(nameId);
      const interned = tokens.map((id) => this.tokens[id]!);
      this.names.push({ entry, strength, text, tokens: interned, full: interned.filter((t) => t.kind === "full").length });
    };
    entries.forEach((e, i) => {
      addName(i, 0, e.name);
      for (const alias of e.aliases) addName(i, alias.strength === "weak" ? 2 : 1, alias.name);
    });
    this.postings = postings.map((p) => Int32Array.from(p));
    for (const [key, ids] of keyTokens) this.keyTokens.set(key, Int32Array.from(ids));
    this.masks = new Uint32Array(this.names.length);
    this.stamps = new Uint32Array(this.names.length);
  }

  /** Builds the index of `entries` (their order is kept: candidates name entries by id). */
  static build(entries: readonly ScreeningEntry[]): ScreeningIndex {
    return new ScreeningIndex(entries);
  }

  /** Number of names indexed (primary names and aliases). */
  get nameCount(): number {
    return this.names.length;
  }

  /**
   * Candidates for one subject, best first (at most `options.limit`), each entry once with its
   * best-matching name. Options are parsed with their defaults (`ZScreeningOptions`).
   */
  search(subject: TScreeningSubject, optionsInput: TScreeningOptionsInput = {}): ScreeningCandidate[] {
    const options: TScreeningOptions = ZScreeningOptions.parse(optionsInput);
    const subjectTokens = screeningTokens(subject.name);
    if (!subjectTokens.length) return [];
    const blocking = subjectTokens.slice(0, MAX_SUBJECT_TOKENS);
    const { groups, groupOf } = subjectGroups(blocking);
    const fullGroups = groups.filter((g) => g.full).length;
    const touched = this.block(blocking, groupOf, fullGroups);
    const initialsCount = groups.filter((g) => g.initial).reduce((sum, g) => sum + g.size, 0);
    const maskOf = (test: (g: SubjectGroup) => boolean) => groups.reduce((m, g, i) => (test(g) ? m | (1 << i) : m), 0);
    const fullMask = maskOf((g) => g.full);
    const distinctMask = maskOf((g) => g.distinct);
    const sources = options.sources ? new Set(options.sources) : null;

    const entryFactor = new Map<number, { factor: number; dob: ScreeningCandidate["dob"]; nationality: ScreeningCandidate["nationality"] }>();
    const factorOf = (entryIdx: number) => {
      let f = entryFactor.get(entryIdx);
      if (!f) {
        const e = this.entries[entryIdx]!;
        const dob = compareDob(subject.dob, e.birthDates);
        const nationality = compareNationality(subject.country, e.nationalities);
        f = { factor: dobFactor(dob, options) * nationalityFactor(nationality, options), dob, nationality };
        entryFactor.set(entryIdx, f);
      }
      return f;
    };

    const best = new Map<number, ScreeningCandidate>();
    for (const nameId of touched) {
      const name = this.names[nameId]!;
      const entry = this.entries[name.entry]!;
      if (subject.kind && entry.kind !== subject.kind) continue;
      if (sources && !sources.has(entry.source)) continue;
      const mask = this.masks[nameId]!;
      const needed = fullGroups === 0 ? 1 : Math.min(2, fullGroups, Math.max(1, name.full));
      if (popcount(fullGroups === 0 ? mask : mask & fullMask) < needed) continue;
      // two hits on very common parts only (MUHAMMAD + ALI) while the subject has a distinctive one: not this person
      if (needed >= 2 && distinctMask && !(mask & distinctMask)) continue;

      // Upper bound of the score: hit groups and initials paired perfectly; the subject's other
      // tokens unpaired (outside the span of the paired ones: the outside cost); the entry's full
      // tokens beyond the hits unpaired.
      let optimistic = 0;
      let hitTokens = 0;
      let lo = Infinity;
      let hi = -1;
      blocking.forEach((t, j) => {
        const g = groups[groupOf[j]!]!;
        if (!(mask & (1 << groupOf[j]!)) && !g.initial) return;
        optimistic += TOKEN_WEIGHT[t.kind];
        if (!g.initial) hitTokens++;
        lo = Math.min(lo, j);
        hi = Math.max(hi, j);
      });
      let unpairedCost = 0;
      blocking.forEach((t, j) => {
        const g = groups[groupOf[j]!]!;
        if (mask & (1 << groupOf[j]!) || g.initial) return;
        unpairedCost += (j > lo && j < hi ? UNPAIRED_COST_INSIDE : UNPAIRED_COST_OUTSIDE) * TOKEN_WEIGHT[t.kind];
      });
      unpairedCost += UNPAIRED_COST_INSIDE * Math.max(0, name.full - hitTokens - initialsCount);
      const strengthFactor = name.strength === 2 ? options.weakAliasFactor : 1;
      const { factor, dob, nationality } = factorOf(name.entry);
      const bound = (optimistic / (optimistic + unpairedCost)) * strengthFactor * factor;
      if (bound < options.threshold) continue;

      const nScore = nameScore(subjectTokens, name.tokens);
      const score = nScore * strengthFactor * factor;
      if (score < options.threshold) continue;
      const current = best.get(name.entry);
      if (current && current.score >= roundScore(score)) continue;
      const matchedFields: ScreeningCandidate["matchedFields"] = ["name"];
      if (dob === "exact" || dob === "year" || dob === "near") matchedFields.push("dob");
      if (nationality === "match") matchedFields.push("nationality");
      best.set(name.entry, {
        entryId: entry.id,
        source: entry.source,
        externalId: entry.externalId,
        kind: entry.kind,
        score: roundScore(score),
        matchedName: name.text,
        nameMatch: NAME_MATCH[name.strength],
        nameScore: roundScore(nScore),
        dob,
        nationality,
        matchedFields,
      });
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId)).slice(0, options.limit);
  }

  /**
   * Marks the names hit by each subject token with its group's bit (`groupOf`), and by each pair
   * of adjacent tokens joined (`SALAH DIN` -> `SALAHDIN`) with both bits; returns the names touched.
   *
   * Probes run from the smallest posting lists to the largest. When the subject has two or more
   * full groups, a name with two or more full tokens needs two hits to be a candidate, so the
   * largest single-token probe (a very common name such as `MUHAMMAD`) only adds its bit to names
   * already touched (and to single-name entries): its long posting lists are read, not collected.
   */
  private block(tokens: readonly NameToken[], groupOf: readonly number[], fullGroups: number): number[] {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const probes = new Map<string, { token: NameToken; bits: number; single: boolean }>();
    tokens.forEach((token, j) => probes.set(`${token.text}|${groupOf[j]}`, { token, bits: 1 << groupOf[j]!, single: true }));
    for (let j = 0; j + 1 < tokens.length; j++) {
      const token = joinTokens(tokens[j]!, tokens[j + 1]!);
      probes.set(`${token.text}|${groupOf[j]}|${groupOf[j + 1]}`, { token, bits: (1 << groupOf[j]!) | (1 << groupOf[j + 1]!), single: false });
    }
    const matched = [...probes.values()].map((probe) => {
      const ids: number[] = [];
      let size = 0;
      const seen = new Set<number>();
      for (const key of blockingKeys(probe.token)) {
        for (const id of this.keyTokens.get(key) ?? []) {
          if (seen.has(id)) continue;
          seen.add(id);
          if (tokenSimilarity(probe.token, this.tokens[id]!) < BLOCKING_SIMILARITY) continue;
          ids.push(id);
          size += this.postings[id]!.length;
        }
      }
      return { ...probe, ids, size };
    });
    matched.sort((x, y) => Number(x.single && y.single ? x.size - y.size : x.single ? 1 : -1) || x.size - y.size);
    // the largest single-token probe goes last
    let largest = -1;
    matched.forEach((m, i) => {
      if (m.single && (largest < 0 || m.size > matched[largest]!.size)) largest = i;
    });
    if (largest >= 0) matched.push(...matched.splice(largest, 1));
    const restrictLast = fullGroups >= 2 && largest >= 0;

    const touched: number[] = [];
    matched.forEach((m, i) => {
      const restricted = restrictLast && i === matched.length - 1;
      for (const id of m.ids) {
        for (const nameId of this.postings[id]!) {
          if (this.stamps[nameId] !== gen) {
            if (restricted && this.names[nameId]!.full >= 2) continue;
            this.stamps[nameId] = gen;
            this.masks[nameId] = 0;
            touched.push(nameId);
          }
          this.masks[nameId]! |= m.bits;
        }
      }
    });
    return touched;
  }
}
