/**
 * Dashboard sign-out ends the session for good (server/users/dashboard-sessions.ts): through
 * next-auth's own endpoints, as a browser uses them, the cookie of a signed-out session no
 * longer opens the session or the dashboard's tRPC procedures, and neither does the cookie of
 * the user's other sessions.
 */
import { expect, inject, it } from "vitest";

const { baseUrl, admin } = inject("fixtures");

/** A browser's cookies for the app: Set-Cookie of each response goes in (an empty value deletes). */
class Jar {
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

const form = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", cookie },
  body: new URLSearchParams(fields),
});

/** Signs the fixture admin in with the credentials form post; returns the CSRF token for sign-out. */
async function signIn(jar: Jar): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(
    `${baseUrl}/api/auth/callback/credentials`,
    form(jar.header(), { email: admin.email, password: admin.password, csrfToken, callbackUrl: `${baseUrl}/dashboard` }),
  );
  expect(res.status).toBe(302);
  jar.take(res);
  return csrfToken;
}

async function sessionEmail(cookie: string): Promise<string | null> {
  const text = await (await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie } })).text();
  return (text ? (JSON.parse(text) as { user?: { email?: string } } | null) : null)?.user?.email ?? null;
}

const meStatus = async (cookie: string) => (await fetch(`${baseUrl}/api/trpc/me.get`, { headers: { cookie } })).status;

it("after sign-out, the same cookie and the user's other sessions no longer work", async () => {
  const [first, second] = [new Jar(), new Jar()];
  const csrfToken = await signIn(first);
  await signIn(second);
  const [cookie, otherCookie] = [first.header(), second.header()];
  expect(await sessionEmail(cookie)).toBe(admin.email);
  expect(await sessionEmail(otherCookie)).toBe(admin.email);
  expect(await meStatus(cookie)).toBe(200);

  const out = await fetch(`${baseUrl}/api/auth/signout`, form(cookie, { csrfToken, callbackUrl: baseUrl }));
  expect(out.status).toBe(302);

  expect(await sessionEmail(cookie)).toBeNull();
  expect(await meStatus(cookie)).toBe(401);
  expect(await sessionEmail(otherCookie)).toBeNull();
  // signing in again works
  const again = new Jar();
  await signIn(again);
  expect(await sessionEmail(again.header())).toBe(admin.email);
});
