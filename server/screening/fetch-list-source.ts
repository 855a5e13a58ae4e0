/**
 * The scheduled download of a sanctions or PEP list (issue "Sanctions and PEP screening", item 1:
 * "a scheduled fetch when a download URL is configured"): the file at the source's configured URL
 * (./screening-env.ts) is downloaded with a timeout and a byte cap, then imported exactly as
 * `lists import` imports a file (./import-list-version.ts): the same file again changes nothing,
 * and a failed download or a malformed file leaves the previous version active.
 */
import type { Db } from "../db";
import { env } from "../env";
import { readCappedBody } from "../http/capped-body";
import { importListVersion, type ImportListResult } from "./import-list-version";
import { SOURCE_LABELS, type TImportSource } from "./screening.schemas";

/** A download that failed; `retriable`: worth another try later (network, timeout, 5xx, 408, 429). */
export class ListFetchError extends Error {
  constructor(
    message: string,
    readonly retriable: boolean,
  ) {
    super(message);
    this.name = "ListFetchError";
  }
}

/** The sources with a download URL configured, in a fixed order (un, ofac, mha, pep). */
export function configuredListSources(): { source: TImportSource; url: string }[] {
  const urls: Record<TImportSource, string | undefined> = {
    un: env.SCREENING_UN_URL,
    ofac: env.SCREENING_OFAC_URL,
    mha: env.SCREENING_MHA_URL,
    pep: env.SCREENING_PEP_URL,
  };
  return Object.entries(urls).flatMap(([source, url]) => (url ? [{ source: source as TImportSource, url }] : []));
}

/**
 * Downloads `url` (redirects followed; the whole download within `SCREENING_FETCH_TIMEOUT_MS`, at
 * most `SCREENING_FETCH_MAX_BYTES`, counted while it streams in) and imports it as a new version of
 * `source`, recorded under the URL without its query (which may hold a token).
 * @returns as `importListVersion`: `unchanged: true` when the file is the active version's
 * @throws ListFetchError when the download fails (unreachable, timeout, a non-2xx answer, too large);
 *   DomainError parameter_invalid as `importListVersion` (malformed or truncated file, too many
 *   removals). Either way nothing is written and the previous version stays active.
 */
export async function fetchListSource(db: Db, source: TImportSource, url: string): Promise<ImportListResult> {
  const where = new URL(url);
  const fileName = `${where.origin}${where.pathname}`;
  const label = `${SOURCE_LABELS[source]} from ${fileName}`;
  const timeoutMs = env.SCREENING_FETCH_TIMEOUT_MS;
  const maxBytes = env.SCREENING_FETCH_MAX_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  let bytes: Uint8Array;
  try {
    const res = await fetch(url, { signal, redirect: "follow" });
    if (!res.ok) {
      await res.body?.cancel();
      const retriable = res.status >= 500 || res.status === 408 || res.status === 429;
      throw new ListFetchError(`${label}: the server answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}.`, retriable);
    }
    bytes = await readCappedBody(
      res,
      maxBytes,
      () => new ListFetchError(`${label}: the file is larger than ${maxBytes} bytes (SCREENING_FETCH_MAX_BYTES).`, false),
    );
  } catch (err) {
    if (err instanceof ListFetchError) throw err;
    if (signal.aborted) throw new ListFetchError(`${label}: the download did not finish within ${timeoutMs} ms (SCREENING_FETCH_TIMEOUT_MS).`, true);
    const cause = (err as Error).cause as { code?: string; message?: string } | undefined;
    throw new ListFetchError(`${label}: the download failed: ${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ""}.`, true);
  }
  return importListVersion(db, { source, bytes, fileName });
}
