/**
 * The scheduled download of the sanctions and PEP lists (./fetch-list-source.ts) as zod fields,
 * composed into server/env.ts (read them through `env`). Empty strings count as unset.
 *
 * - `SCREENING_UN_URL`, `SCREENING_OFAC_URL`, `SCREENING_MHA_URL`, `SCREENING_PEP_URL`: where the
 *   daily `fetch-screening-lists` function downloads each source's file (http or https); unset:
 *   that source is not fetched (import it with `lists import`). Nothing is fetched by default; the
 *   published addresses are `https://scsanctions.un.org/resources/xml/en/consolidated.xml` (UN)
 *   and `https://www.treasury.gov/ofac/downloads/sdn.xml` (OFAC).
 * - `SCREENING_FETCH_TIMEOUT_MS`: the whole download of one file, default 60000.
 * - `SCREENING_FETCH_MAX_BYTES`: the largest file accepted, default 200 MiB.
 */
import { z } from "zod";

const listUrl = () => z.url({ protocol: /^https?$/, error: "an http:// or https:// URL" }).optional();

export const SCREENING_ENV = {
  SCREENING_UN_URL: listUrl(),
  SCREENING_OFAC_URL: listUrl(),
  SCREENING_MHA_URL: listUrl(),
  SCREENING_PEP_URL: listUrl(),
  SCREENING_FETCH_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60 * 60_000)
    .default(60_000),
  SCREENING_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 * 1024 ** 3)
    .default(200 * 1024 ** 2),
};
