/**
 * The Surepass CKYC adapter's variables as zod fields, composed into server/env.ts (read them through
 * `env`; server/providers/registry.ts builds the adapter from them). The adapter is offered when
 * `SUREPASS_API_TOKEN` is set (a project selects and orders adapters, it never stores secrets):
 * - `SUREPASS_BASE_URL`: `https://kyc-api.surepass.app` (production, the default) or
 *   `https://sandbox.surepass.app` (the vendor's sandbox);
 * - `SUREPASS_API_TOKEN`: the JWT Surepass issues for that environment (sent as `Authorization: Bearer`);
 * - `SUREPASS_TIMEOUT_MS`: timeout of each request (default 15000);
 * - `SUREPASS_CKYC_OTP_VALIDITY_SECONDS`: how long the registry's code is taken (`otp_expires_at`;
 *   default 600). Surepass's pages publish no validity; the vendor's own "expired" answer also ends the check.
 */
import { z } from "zod";

export const SUREPASS_ENV = {
  SUREPASS_BASE_URL: z.string().url().default("https://kyc-api.surepass.app"),
  SUREPASS_API_TOKEN: z.string().optional(),
  SUREPASS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SUREPASS_CKYC_OTP_VALIDITY_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
};
