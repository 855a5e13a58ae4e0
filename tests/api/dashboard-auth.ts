/**
 * Signing in to the dashboard as a browser does, for the contract tests that go through the
 * dashboard's own endpoints (next-auth's credentials form, tRPC, route handlers).
 */
import { expect } from "vitest";

/** A browser's cookies for the app: Set-Cookie of each response goes in (an empty value deletes). */
export class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A form post (`application/x-www-form-urlencoded`) with the given cookies (and headers), redirects not followed. */
export const form = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
  body: new URLSearchParams(fields),
});

/** Signs a user in with the credentials form post into `jar`; returns the CSRF token (for sign-out). */
export async function signIn(baseUrl: string, jar: Jar, user: { email: string; password: string }): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(
    `${baseUrl}/api/auth/callback/credentials`,
    form(jar.header(), { email: user.email, password: user.password, csrfToken, callbackUrl: `${baseUrl}/dashboard` }),
  );
  expect(res.status).toBe(302);
  jar.take(res);
  return csrfToken;
}
