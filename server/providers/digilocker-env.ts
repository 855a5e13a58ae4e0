/**
 * The DigiLocker variables as zod fields, composed into server/env.ts (read them through `env`).
 * Credentials are per project (dashboard Settings → DigiLocker), never in the environment:
 * - `DIGILOCKER_BASE_URL`: DigiLocker's Authorized Partner API base, the `/public` prefix included
 *   (default `https://digilocker.meripehchaan.gov.in/public`; DigiLocker's partner sandbox
 *   `https://betaapi.digitallocker.gov.in/public` for a partner's own testing). The authorization
 *   page is `<base>/oauth2/1/authorize` on the same host.
 * - `DIGILOCKER_TIMEOUT_MS`: timeout of one call to DigiLocker (default 10000).
 */
import { z } from "zod";

export const DIGILOCKER_ENV = {
  DIGILOCKER_BASE_URL: z.string().url().default("https://digilocker.meripehchaan.gov.in/public"),
  DIGILOCKER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
};
