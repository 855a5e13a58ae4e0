/**
 * Optional single sign-on for dashboard users through an OpenID Connect provider (Okta,
 * Entra ID, Google Workspace, Keycloak, ...), from the variables of server/auth/oidc-env.ts
 * (`OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`, `OIDC_NAME`).
 * All unset: no SSO (email + password only). SSO signs in existing users only, matched by
 * their verified email; people still join an organization by invitation.
 */
import { env, type ServerEnv } from "../env";
import type { OIDC_ENV } from "./oidc-env";

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** label of the sign-in button: "Continue with <name>" */
  name: string;
}

/**
 * The SSO settings of `e` (default: the environment), or null when none of the three required
 * variables is set.
 * @throws Error naming the variables when only some are set.
 */
export function oidcConfig(e: Pick<ServerEnv, keyof typeof OIDC_ENV> = env): OidcConfig | null {
  if (!e.OIDC_ISSUER && !e.OIDC_CLIENT_ID && !e.OIDC_CLIENT_SECRET) return null;
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
    throw new Error("Invalid SSO settings: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together");
  }
  return { issuer: e.OIDC_ISSUER.replace(/\/$/, ""), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME ?? "SSO" };
}
