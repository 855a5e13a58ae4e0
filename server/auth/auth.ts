import "server-only";
/**
 * next-auth (v5) for dashboard users: credentials (email + password, with the lockout of
 * authenticate-user.ts) and, when configured (oidc-config.ts), single sign-on through an
 * OpenID Connect provider for existing users. JWT sessions, revocable: the JWT carries the
 * user's session version, checked on every request (users/dashboard-sessions.ts); signing out
 * ends every session of the user. `auth()` is wrapped in React `cache()` so one request reads
 * the session once.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import { headers } from "next/headers";
import type { Provider } from "next-auth/providers";
import Credentials from "next-auth/providers/credentials";
import { cache } from "react";
import { z } from "zod";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { clientIp } from "../http/client-ip";
import { authenticateUser } from "../users/authenticate-user";
import { currentDashboardToken, signedInDashboardToken, signOutDashboardUser } from "../users/dashboard-sessions";
import { authSecret } from "./auth-secret";
import { oidcConfig } from "./oidc-config";

class LockedSignin extends CredentialsSignin {
  code = "account_locked";
}

const ZCredentials = z.object({ email: z.email(), password: z.string().min(1) });

/** The id of the optional OIDC provider (callback URL `/api/auth/callback/oidc`). */
export const OIDC_PROVIDER_ID = "oidc";

const oidc = oidcConfig();
const providers: Provider[] = [
  Credentials({
    credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
    async authorize(raw) {
      const parsed = ZCredentials.safeParse(raw);
      if (!parsed.success) return null;
      try {
        return await authenticateUser(await getDb(), parsed.data.email, parsed.data.password);
      } catch (err) {
        if (err instanceof DomainError && err.code === "account_locked") throw new LockedSignin();
        if (err instanceof DomainError) return null;
        throw err;
      }
    },
  }),
];
if (oidc) {
  providers.push({
    id: OIDC_PROVIDER_ID,
    name: oidc.name,
    type: "oidc",
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    checks: ["pkce", "state", "nonce"],
  });
}

/** The client's IP for the audit log (null outside a request, e.g. in tests). */
async function requestIp(): Promise<string | null> {
  try {
    return clientIp(await headers());
  } catch {
    return null;
  }
}

/** Our user id for a verified SSO email, or null (SSO never creates accounts). */
async function userIdForSso(email: unknown, verified: unknown): Promise<string | null> {
  if (typeof email !== "string" || verified === false) return null;
  const user = await (await getDb()).user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  return user?.id ?? null;
}

const nextAuth = NextAuth({
  secret: authSecret(),
  trustHost: true,
  session: { strategy: "jwt", maxAge: 12 * 3600 },
  pages: { signIn: "/login", error: "/login" },
  providers,
  callbacks: {
    async signIn({ account, profile }) {
      if (account?.provider !== OIDC_PROVIDER_ID) return true;
      return (await userIdForSso(profile?.email, profile?.email_verified)) ? true : "/login?error=sso_no_account";
    },
    async jwt({ token, user, account, profile }) {
      const db = await getDb();
      if (!user) return currentDashboardToken(db, token);
      const userId = account?.provider === OIDC_PROVIDER_ID ? await userIdForSso(profile?.email, profile?.email_verified) : user.id;
      return userId ? signedInDashboardToken(db, token, userId, { method: account?.provider ?? "credentials", ip: await requestIp() }) : null;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
  events: {
    async signOut(message) {
      const userId = "token" in message ? message.token?.sub : undefined;
      if (userId) await signOutDashboardUser(await getDb(), userId, await requestIp());
    },
  },
});

/** Whether SSO is configured, and the name on its button. */
export function ssoProvider(): { id: string; name: string } | null {
  return oidc ? { id: OIDC_PROVIDER_ID, name: oidc.name } : null;
}

export const { handlers, signIn, signOut } = nextAuth;
export const auth = cache(nextAuth.auth);
