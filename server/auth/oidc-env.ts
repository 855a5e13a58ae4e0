/**
 * The SSO variables as zod fields, composed into server/env.ts (read them through `env`;
 * server/auth/oidc-config.ts turns them into the provider's settings):
 * - `OIDC_ISSUER`: the issuer URL (its `/.well-known/openid-configuration` is discovered).
 * - `OIDC_CLIENT_ID` / `OIDC_CLIENT_SECRET`: the client registered at the provider, with the
 *   redirect URI `<APP_URL>/api/auth/callback/oidc`.
 * - `OIDC_NAME`: the provider's name on the sign-in button, default "SSO".
 */
import { z } from "zod";

export const OIDC_ENV = {
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: "OIDC_ISSUER must be an https:// URL" }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).optional(),
};
