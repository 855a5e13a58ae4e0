/**
 * The process's screening index over the active version of every list source. Each call checks
 * which versions are active (one small query) and rebuilds the index when they changed since it
 * was built, so every app instance screens against the newest import without a restart.
 * Concurrent callers share one build.
 */
import type { Db } from "../db";
import { activeListEntries, activeListVersions } from "./screening.queries";
import { ScreeningIndex } from "./screening-index";

interface CachedIndex {
  /** the active version ids it was built from, `un:slv_…,ofac:slv_…` */
  versions: string;
  index: Promise<ScreeningIndex>;
}

const globalIndex = globalThis as unknown as { __kycScreeningIndex?: CachedIndex };

/** The index of the active list versions, built or rebuilt as needed. */
export async function activeScreeningIndex(db: Db): Promise<ScreeningIndex> {
  const versions = (await activeListVersions(db)).map((v) => `${v.source}:${v.id}`).join(",");
  const cached = globalIndex.__kycScreeningIndex;
  if (cached?.versions === versions) return cached.index;
  const index = activeListEntries(db).then((entries) => ScreeningIndex.build(entries));
  globalIndex.__kycScreeningIndex = { versions, index };
  index.catch(() => {
    if (globalIndex.__kycScreeningIndex?.index === index) globalIndex.__kycScreeningIndex = undefined;
  });
  return index;
}
