/**
 * The operator's lifecycle as an operator meets it (issue 17): the first-run setup page is gone
 * once an organization exists, and the admin CLI (`npm run --silent cli -- ...`, on the app's
 * own database) creates an organization, a user, a membership with a role and a project that
 * the running app serves at once: the user signs in to the dashboard, the project's key lists
 * its India workflows.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { INDIA_WORKFLOWS } from "../../server/workflows/india-workflows";
import { api } from "./client";

const { baseUrl } = inject("fixtures");
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const cli = (...args: string[]) => run(process.execPath, ["--import", "tsx", path.join(root, "scripts/cli.ts"), ...args], { cwd: root, timeout: 120_000 });

/** Signs in with the credentials form as a browser does; returns the signed-in email (null when refused). */
async function signIn(email: string, password: string): Promise<string | null> {
  const cookies = new Map<string, string>();
  const take = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  take(
    await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: header() },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${baseUrl}/dashboard` }),
    }),
  );
  const text = await (await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie: header() } })).text();
  return (text ? (JSON.parse(text) as { user?: { email?: string } } | null) : null)?.user?.email ?? null;
}

describe("first-run setup page", () => {
  it("is gone once an organization exists, and sign-in is offered instead", async () => {
    expect((await fetch(`${baseUrl}/setup`, { redirect: "manual" })).status).toBe(404);
    const login = await fetch(`${baseUrl}/login`, { redirect: "manual" });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("Sign in to your dashboard");
  });
});

// each command starts a Node process that compiles the CLI with tsx: seconds apiece on a busy machine
describe("admin CLI", { timeout: 180_000 }, () => {
  it("lists every command with --help", async () => {
    const { stdout } = await cli("--help");
    for (const command of ["org create", "user create", "member add", "project create", "api-key create", "project allow-origin", "lists import"])
      expect(stdout).toContain(command);
  });

  it("creates an organization, a user, a membership and a project that the running app serves", async () => {
    const tag = randomBytes(4).toString("hex");
    const org = await cli("org", "create", "--name", `Operator Org ${tag}`);
    expect(org.stdout).toContain(`slug operator-org-${tag}`);
    const email = `ops-${tag}@operator.test`;
    const password = `operator password ${tag}`;
    await cli("user", "create", "--email", email, "--password", password, "--name", "Ops");
    expect(await signIn(email, password)).toBe(email); // an account, even before it belongs anywhere
    const member = await cli("member", "add", "--org", `operator-org-${tag}`, "--email", email, "--role", "admin");
    expect(member.stdout).toBe(`${email} is now admin of operator-org-${tag}\n`);
    await cli("project", "create", "--org", `operator-org-${tag}`, "--name", "Checkout", "--slug", `checkout-${tag}`);

    const key = (await cli("api-key", "create", "--project", `checkout-${tag}`, "--org", `operator-org-${tag}`, "--mode", "test")).stdout.trim();
    expect(key).toMatch(/^sk_test_/);
    const workflows = await api(baseUrl, key)("GET", "/v1/workflows?limit=100");
    expect(workflows.status).toBe(200);
    expect(workflows.body.data.map((w: { name: string }) => w.name).sort()).toEqual(INDIA_WORKFLOWS.map((w) => w.name).sort());

    await expect(cli("member", "add", "--org", `operator-org-${tag}`, "--email", email, "--role", "admin")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("already a member"),
    });
    await expect(cli("project", "create", "--org", `no-such-org-${tag}`, "--name", "X")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No such organization"),
    });
  });
});
