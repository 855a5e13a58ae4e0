/**
 * Optional single sign-on for dashboard users through an OpenID Connect provider (Okta,
 * Entra ID, Google Workspace, Keycloak, ...), read from the environment like
 * server/otp/otp-config.ts (the variables belong in server/env.ts, STYLE.md 1.7):
 * - `OIDC_ISSUER`: the issuer URL (its `/.well-known/openid-configuration` is discovered).
 * - `OIDC_CLIENT_ID` / `OIDC_CLIENT_SECRET`: the client registered at the provider, with the
 *   redirect URI `<APP_URL>/api/auth/callback/oidc`.
 * - `OIDC_NAME`: the provider's name on the sign-in button, default "SSO".
 * All unset: no SSO (email + password only). SSO signs in existing users only, matched by
 * their verified email; people still join an organization by invitation.
 */
import { z } from "zod";

const blank = (v: unknown) => (v === "" ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const ZOidcEnv = z.object({
  OIDC_ISSUER: opt(z.url({ protocol: /^https?$/, error: "OIDC_ISSUER must be an https:// URL" })),
  OIDC_CLIENT_ID: opt(z.string().min(1)),
  OIDC_CLIENT_SECRET: opt(z.string().min(1)),
  OIDC_NAME: opt(z.string().min(1).max(40)),
});

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** label of the sign-in button: "Continue with <name>" */
  name: string;
}

/**
 * The SSO settings from `source` (default `process.env`), or null when none of the three
 * required variables is set.
 * @throws Error naming the variables when a value is malformed or only some are set.
 */
export function oidcConfig(source: Record<string, string | undefined> = process.env): OidcConfig | null {
  const parsed = ZOidcEnv.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid SSO settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  if (!e.OIDC_ISSUER && !e.OIDC_CLIENT_ID && !e.OIDC_CLIENT_SECRET) return null;
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
    throw new Error("Invalid SSO settings: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together");
  }
  return { issuer: e.OIDC_ISSUER.replace(/\/$/, ""), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME ?? "SSO" };
}
