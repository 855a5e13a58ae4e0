/**
 * The part of `talisman` (npm, v1.1.4, CommonJS, ships no types) that server/screening/name-keys.ts
 * uses: the Jaro-Winkler similarity (prefix scale 0.1 over at most 4 characters, boost above a Jaro
 * of 0.7; Winkler 1990). Source: node_modules/talisman/metrics/jaro-winkler.js.
 */
declare module "talisman/metrics/jaro-winkler" {
  /** Similarity of `a` and `b` in [0, 1] (1: identical). */
  const jaroWinkler: (a: string, b: string) => number;
  export default jaroWinkler;
}
