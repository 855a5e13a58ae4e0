/**
 * Dashboard sign-out ends the session for good (server/users/dashboard-sessions.ts): through
 * next-auth's own endpoints, as a browser uses them, the cookie of a signed-out session no
 * longer opens the session or the dashboard's tRPC procedures, and neither does the cookie of
 * the user's other sessions.
 */
import { expect, inject, it } from "vitest";
import { form, Jar, signIn as signInAs } from "./dashboard-auth";

const { baseUrl, admin } = inject("fixtures");

/** Signs the fixture admin in; returns the CSRF token for sign-out. */
const signIn = (jar: Jar) => signInAs(baseUrl, jar, admin);

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
