import "server-only";
/**
 * next-auth (v5) for dashboard users: credentials (email + password) with JWT sessions.
 * `auth()` is wrapped in React `cache()` so one request reads the session once.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { cache } from "react";
import { z } from "zod";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { authenticateUser } from "../users/authenticate-user";
import { authSecret } from "./auth-secret";

class LockedSignin extends CredentialsSignin {
  code = "account_locked";
}

const ZCredentials = z.object({ email: z.email(), password: z.string().min(1) });

const nextAuth = NextAuth({
  secret: authSecret(),
  trustHost: true,
  session: { strategy: "jwt", maxAge: 12 * 3600 },
  pages: { signIn: "/login" },
  providers: [
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
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
});

export const { handlers, signIn, signOut } = nextAuth;
export const auth = cache(nextAuth.auth);
