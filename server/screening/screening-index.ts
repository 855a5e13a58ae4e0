/**
 * In-memory screening index over list entries: one subject against 100,000 entries in a few
 * milliseconds (bench/screening.ts).
 *
 * Layout: every name of every entry (primary and aliases) is tokenized once
 * (`screeningTokens`); distinct tokens are interned and each has a posting list of the names
 * it occurs in; each token is filed under its `blockingKeys` (phonetic key, variant group,
 * one-letter deletions of the key).
 *
 * Search: (1) each subject token (and each pair of adjacent ones joined: `SALAH DIN` meets
 * `SALAHUDDIN`) looks up its keys, scores the distinct index tokens found (`tokenSimilarity` >=
 * 0.6) and marks the names of their posting lists with its bit;
 * (2) a name is a candidate when enough subject tokens hit it: two full tokens, or one when
 * either side has a single full token; (3) an upper bound of its score (every hit a perfect
 * pair, initials paired, the entry's extra names unpaired) times the entry's date, country and
 * alias factors must reach the threshold; (4) the rest get the exact `nameScore` and the factors
 * (server/screening/screening-match.ts); the best name of each entry is its candidate.
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
    const touched = this.block(subjectTokens);

    const blocking = subjectTokens.slice(0, MAX_SUBJECT_TOKENS);
    const subjectFull = blocking.filter((t) => t.kind === "full").length;
    const weights = blocking.map((t) => TOKEN_WEIGHT[t.kind]);
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    let initialsWeight = 0;
    let initials = 0;
    blocking.forEach((t, j) => {
      if (t.kind === "initial") {
        initialsWeight += weights[j]!;
        initials++;
      }
    });
    const fullMask = blocking.reduce((m, t, j) => (t.kind === "full" ? m | (1 << j) : m), 0);
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
      const fullHits = popcount(mask & fullMask);
      const needed = subjectFull === 0 ? 0 : Math.min(2, subjectFull, Math.max(1, name.full));
      if (fullHits < needed || mask === 0) continue;

      // Upper bound: hits paired perfectly, initials paired, the entry's unhit full tokens unpaired.
      let hitWeight = 0;
      blocking.forEach((_, j) => void (mask & (1 << j) && (hitWeight += weights[j]!)));
      const optimistic = hitWeight + initialsWeight;
      const unpairedSubject = totalWeight - hitWeight - initialsWeight;
      const unpairedEntry = Math.max(0, name.full - popcount(mask) - initials);
      const strengthFactor = name.strength === 2 ? options.weakAliasFactor : 1;
      const { factor, dob, nationality } = factorOf(name.entry);
      const bound = (optimistic / (optimistic + UNPAIRED_COST_INSIDE * (unpairedSubject + unpairedEntry))) * strengthFactor * factor;
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

  /** Marks the names hit by each subject token (bit j for token j); returns the names touched. */
  private block(subjectTokens: readonly NameToken[]): number[] {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const touched: number[] = [];
    const blocking = subjectTokens.slice(0, MAX_SUBJECT_TOKENS);
    // each token with its bit, and each adjacent pair joined (`SALAH DIN` -> `SALAHDIN`) with both bits
    const probes = [
      ...blocking.map((token, j) => ({ token, bits: 1 << j })),
      ...blocking.slice(1).map((token, j) => ({ token: joinTokens(blocking[j]!, token), bits: (1 << j) | (1 << (j + 1)) })),
    ];
    for (const { token, bits } of probes) {
      const seen = new Set<number>();
      for (const key of blockingKeys(token)) {
        const ids = this.keyTokens.get(key);
        if (!ids) continue;
        for (const id of ids) {
          if (seen.has(id)) continue;
          seen.add(id);
          if (tokenSimilarity(token, this.tokens[id]!) < BLOCKING_SIMILARITY) continue;
          for (const nameId of this.postings[id]!) {
            if (this.stamps[nameId] !== gen) {
              this.stamps[nameId] = gen;
              this.masks[nameId] = 0;
              touched.push(nameId);
            }
            this.masks[nameId]! |= bits;
          }
        }
      }
    }
    return touched;
  }
}
