/**
 * The dashboard's admin console as its users meet it (issue 7): an admin creates an API key
 * (the secret is shown once) and edits the allowed origins; a reviewer neither sees nor can
 * use key creation; the Test/Live switch marks test data; a user of another organization
 * cannot open this organization's session by its id; people are invited by email and accept;
 * a forgotten password is reset by an emailed link. Emails go through a real SMTP server that
 * this spec runs on the loopback port the app sends to (scripts/test.sh: E2E_SMTP_PORT).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { e2eFixtures } from "../tests/fixtures/e2e-fixtures";
import { DEMO_REVIEWER, signIn } from "./fixtures/dashboard";
import { openMailbox, type Mailbox } from "./fixtures/mailbox";
import { expectAccessible } from "./fixtures/axe";

const fx = e2eFixtures();
const shots = (name: string) => `e2e/artifacts/screenshots/${name}.png`;
const OWNER = fx.admin;
const REVIEWER = DEMO_REVIEWER;

/** Calls a tRPC mutation with the page's session cookie, as the dashboard's client does. */
async function trpcMutation(request: APIRequestContext, procedure: string, input: unknown) {
  const res = await request.post(`/api/trpc/${procedure}?batch=1`, { data: { 0: { json: input } } });
  const body = (await res.json()) as { error?: { json: { message: string; data: { code: string } } } }[];
  return { status: res.status(), error: body[0]?.error?.json ?? null };
}

test.describe("API keys and allowed origins", () => {
  test("an admin creates a key whose secret is shown once, sees it used, revokes it, and edits the allowed origins", async ({ page }) => {
    await signIn(page, OWNER);
    await expect(page.getByTestId("overview")).toHaveAttribute("aria-busy", "false");
    await expect(page.getByTestId("metric-sessions")).toContainText(/\d/);
    await page.screenshot({ path: shots("dashboard-1-overview"), fullPage: true });
    await expectAccessible(page, "dashboard: 1-overview");

    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "API keys" }).click();
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Create secret key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a test secret key" });
    await dialog.getByRole("button", { name: "Create key" }).click();
    await expect(dialog.getByText("Name the key, e.g. after the server that uses it.")).toBeVisible();
    const name = `Checkout backend ${Date.now()}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Create key" }).click();

    const reveal = page.getByRole("dialog", { name: "Save your secret key" });
    await expect(reveal).toBeVisible();
    const secret = (await reveal.getByTestId("new-secret").textContent())!.trim();
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    await expect(reveal.getByRole("button", { name: /Copy secret key/ })).toBeVisible();
    await page.keyboard.press("Escape"); // a shown-once secret does not close by accident
    await expect(reveal).toBeVisible();
    await page.screenshot({ path: shots("dashboard-2-secret-once"), fullPage: true });
    await expectAccessible(page, "dashboard: 2-secret-once");
    await reveal.getByRole("button", { name: "Done" }).click();

    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(row).toContainText(`${secret.slice(0, 12)}…`);
    await expect(row).toContainText("Never");
    expect(await page.content()).not.toContain(secret);

    // the key works, and the list shows it was used
    const used = await page.request.get("/v1/workflows", { headers: { authorization: `Bearer ${secret}` } });
    expect(used.status()).toBe(200);
    await page.reload();
    await expect(row).toContainText("just now");

    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Revoke "${name}"?` });
    await expect(confirm).toContainText("fail with 401 immediately");
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expect(row).toContainText("Revoked");
    expect((await page.request.get("/v1/workflows", { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);

    // allowed origins: field-level validation, add, remove
    const origins = page.getByTestId("allowed-origins");
    await origins.getByLabel("Add an origin").fill("https://shop.example.com/checkout");
    await origins.getByRole("button", { name: "Add", exact: true }).click();
    await expect(origins.getByText("Enter an origin like https://app.example.com: scheme, host and optional port, no path.")).toBeVisible();
    const origin = `https://shop-${Date.now()}.example.com`;
    await origins.getByLabel("Add an origin").fill(origin);
    await origins.getByRole("button", { name: "Add", exact: true }).click();
    await expect(origins.getByTestId("origin-row").filter({ hasText: origin })).toBeVisible();
    await expect(origins.getByLabel("Add an origin")).toHaveValue("");
    // a session may now redirect there
    const created = await page.request.post("/v1/sessions", {
      headers: { authorization: `Bearer ${fx.demo.testKey}` },
      data: { workflow_id: fx.demo.workflows.kyc, redirect_url: `${origin}/done` },
    });
    expect(created.status()).toBe(201);
    await page.screenshot({ path: shots("dashboard-3-api-keys"), fullPage: true });
    await expectAccessible(page, "dashboard: 3-api-keys");
    await origins.getByRole("button", { name: `Remove ${origin}` }).click();
    await expect(origins.getByTestId("origin-row").filter({ hasText: origin })).toHaveCount(0);
  });

  test("a reviewer sees no API keys and the server refuses to create one for them", async ({ page }) => {
    await signIn(page, REVIEWER);
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await expect(nav.getByRole("link", { name: "Sessions" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);

    await page.goto(`/dashboard/api-keys?project=${fx.demo.projectId}&mode=test`);
    await expect(page.getByTestId("no-access")).toContainText("You don't have access to API keys");
    await expect(page.getByTestId("no-access")).toContainText("Your role is Reviewer.");
    await expect(page.getByRole("button", { name: "Create secret key" })).toHaveCount(0);
    await expect(page.getByTestId("allowed-origins").getByText("Loading…")).toHaveCount(0);
    await expect(page.getByTestId("allowed-origins").getByLabel("Add an origin")).toHaveCount(0);
    await page.screenshot({ path: shots("dashboard-4-reviewer-no-keys"), fullPage: true });
    await expectAccessible(page, "dashboard: 4-reviewer-no-keys");

    const res = await trpcMutation(page.request, "apiKeys.create", { projectId: fx.demo.projectId, mode: "test", name: "sneaky" });
    expect(res.status).toBe(403);
    expect(res.error?.data.code).toBe("FORBIDDEN");
  });
});

test("the Test/Live switch keeps the page and marks test data", async ({ page }) => {
  await signIn(page, OWNER);
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const banner = page.getByTestId("test-data-banner");
  await expect(banner).toContainText("Test data");
  await expect(page.getByTestId("mode-test")).toHaveAttribute("aria-current", "true");

  await page.getByTestId("mode-live").click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?.*mode=live/);
  await expect(page.getByTestId("mode-live")).toHaveAttribute("aria-current", "true");
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId("settings-form")).toBeVisible();
  await page.screenshot({ path: shots("dashboard-5-live-mode"), fullPage: true });
  await expectAccessible(page, "dashboard: 5-live-mode");

  await page.getByTestId("mode-test").click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?.*mode=test/);
  await expect(banner).toBeVisible();
});

test("an admin brands the hosted flow: logo and colour reach the flow's state", async ({ page }) => {
  await signIn(page, OWNER);
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Settings" }).click();
  const form = page.getByTestId("settings-form");
  await expect(form).toBeVisible();

  // a file that only claims to be a PNG is refused by content
  await page.locator("#logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<html>not an image</html>") });
  await expect(form.getByText("Upload a PNG, SVG or WebP image.")).toBeVisible();
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32"><rect width="32" height="32" rx="6" fill="#0f766e"/><text x="40" y="23" font-size="18" font-family="sans-serif" fill="#0f172a">Acme</text></svg>';
  await page.locator("#logo-file").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
  await expect(form.getByRole("img", { name: "Current logo" })).toBeVisible();

  await form.getByLabel("Data retention").fill("3");
  await form.getByLabel("Brand colour", { exact: true }).fill("teal");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Keep data at least 7 days.")).toBeVisible();
  await expect(form.getByText("Use a hex colour like #2a55e0.")).toBeVisible();
  await form.getByLabel("Data retention").fill("90");
  await form.getByLabel("Brand colour", { exact: true }).fill("#0F766E");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByRole("status")).toHaveText("Settings saved");
  await page.screenshot({ path: shots("dashboard-9-settings"), fullPage: true });
  await expectAccessible(page, "dashboard: 9-settings");

  // the hosted flow reads them from its state query (client token auth)
  const created = await page.request.post("/v1/sessions", {
    headers: { authorization: `Bearer ${fx.demo.testKey}` },
    data: { workflow_id: fx.demo.workflows.kyc },
  });
  const { id, client_token, url } = (await created.json()) as { id: string; client_token: string; url: string };
  const state = await page.request.get(`/api/trpc/flow.state?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { sessionId: id } } }))}`, {
    headers: { authorization: `Bearer ${client_token}` },
  });
  const branding = ((await state.json()) as { result: { data: { json: { session: { branding: { brandColor: string; logoUrl: string } } } } } }[])[0]!.result
    .data.json.session.branding;
  expect(branding.brandColor).toBe("#0f766e");
  expect(branding.logoUrl).toMatch(/^\/branding\/.+\.png$/); // the SVG is stored as the PNG it renders to
  const logo = await page.request.get(branding.logoUrl);
  expect(logo.headers()["content-type"]).toBe("image/png");
  expect(logo.headers()["content-security-policy"]).toContain("sandbox");
  expect((await logo.body()).subarray(1, 4).toString("latin1")).toBe("PNG");

  // the applicant sees them: the logo in the flow's header, the colour on its primary button
  const flow = await page.context().newPage();
  await flow.goto(url);
  await expect(flow.getByRole("img", { name: "Demo Fintech" })).toBeVisible();
  await flow.getByTestId("consent-checkbox").check();
  await expect(flow.getByRole("button", { name: "Continue", exact: true })).toHaveCSS("background-color", "rgb(15, 118, 110)");
  await flow.screenshot({ path: shots("dashboard-9b-branded-flow"), fullPage: true });
  await expectAccessible(flow, "dashboard: 9b-branded-flow");
  await flow.close();

  // back to the defaults for the other journeys
  await form.getByRole("button", { name: "Remove" }).click();
  await expect(form.getByText("No logo")).toBeVisible();
  await form.getByRole("button", { name: "Use default" }).click();
  await form.getByLabel("Data retention").fill("365");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByRole("status")).toHaveText("Settings saved");
});

test("a user of another organization cannot open this organization's session by its id", async ({ page }) => {
  const created = await page.request.post("/v1/sessions", {
    headers: { authorization: `Bearer ${fx.demo.testKey}` },
    data: { workflow_id: fx.demo.workflows.kyc, reference_id: "demo-private" },
  });
  const demoSession = ((await created.json()) as { id: string }).id;
  const other = JSON.parse(
    execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "fixtures/dashboard-tenants.ts")], {
      encoding: "utf8",
    }),
  ) as { outsider: { email: string; password: string }; project: string; session: string };

  await signIn(page, other.outsider);
  await page.goto(`/dashboard/sessions/${demoSession}?project=${fx.demo.projectId}&mode=test`);
  await expect(page.getByTestId("session-not-found")).toContainText(`There is no session ${demoSession} in the test mode of Main.`);
  await expect(page.getByText("demo-private")).toHaveCount(0);
  const res = await page.request.get(
    `/api/trpc/sessions.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { projectId: fx.demo.projectId, mode: "test", id: demoSession } } }))}`,
  );
  expect(res.status()).toBe(404);
  expect(JSON.stringify(await res.json())).not.toContain("demo-private");
  // their own session opens
  await page.goto(`/dashboard/sessions/${other.session}?project=${other.project}&mode=test`);
  await expect(page.getByTestId("session-case")).toBeVisible();
});

test.describe.serial("people: invitation and password reset by email", () => {
  let mailbox: Mailbox;
  const invitee = { email: `priya.${Date.now()}@example.com`, name: "Priya Raman", password: "priya-first-password" };

  /** The `<app>/<page>#token=...` link of the newest mail to `to` that has one (waits for it). */
  const linkFor = (to: string, page: "/invite" | "/reset-password") => mailbox.linkFor(to, new RegExp(`https?://[^\\s"<>]+${page}#token=[0-9A-Za-z]+`));

  test.beforeAll(async () => {
    mailbox = await openMailbox();
  });

  test.afterAll(() => mailbox.close());

  test("an owner invites a developer by email; the invitee sets name and password and joins; the owner changes the role", async ({ page, browser }) => {
    await signIn(page, OWNER);
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    // the last owner cannot be removed
    await expect(
      page
        .getByTestId("member-row")
        .filter({ hasText: OWNER.email })
        .getByRole("button", { name: /^Remove/ }),
    ).toBeDisabled();

    await page.getByRole("button", { name: "Invite member" }).click();
    const dialog = page.getByRole("dialog", { name: /Invite someone to/ });
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
    await dialog.getByLabel("Email").fill("reviewer@demo.test");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText("reviewer@demo.test is already a member of this organization.")).toBeVisible();
    await dialog.getByLabel("Email").fill(invitee.email);
    await dialog.getByLabel("Role").selectOption("developer");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("dialog", { name: "Invitation sent" })).toBeVisible();
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("invitation-row").filter({ hasText: invitee.email })).toContainText("Developer");
    await page.screenshot({ path: shots("dashboard-6-team"), fullPage: true });
    await expectAccessible(page, "dashboard: 6-team");

    const link = await linkFor(invitee.email, "/invite");
    expect(new URL(link).pathname).toBe("/invite");
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const guest = await ctx.newPage();
    await guest.goto(link);
    await expect(guest.getByRole("heading", { name: "Join Demo Fintech" })).toBeVisible();
    await expect(guest.getByTestId("invite-email")).toHaveText(invitee.email);
    expect(new URL(guest.url()).hash).toBe(""); // the token left the address bar
    await guest.getByLabel("Your name").fill(invitee.name);
    await guest.getByLabel("Password", { exact: true }).fill(invitee.password);
    await guest.getByLabel("Repeat the password").fill("something-else-1");
    await guest.getByRole("button", { name: "Create account and join" }).click();
    await expect(guest.getByText("The passwords do not match.")).toBeVisible();
    await guest.screenshot({ path: shots("dashboard-7-accept-invite"), fullPage: true });
    await expectAccessible(guest, "dashboard: 7-accept-invite");
    await guest.getByLabel("Repeat the password").fill(invitee.password);
    await guest.getByRole("button", { name: "Create account and join" }).click();
    await expect(guest.getByRole("heading", { name: "Overview" })).toBeVisible();
    await expect(guest.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "API keys" })).toBeVisible(); // a developer
    // the link is spent
    const again = await ctx.newPage();
    await again.goto(link);
    await expect(again.getByTestId("link-invalid")).toContainText("invalid, was revoked, or has expired");
    await ctx.close();

    await page.reload();
    const member = page.getByTestId("member-row").filter({ hasText: invitee.email });
    await expect(member).toContainText(invitee.name);
    await member.getByLabel(`Role of ${invitee.name}`).selectOption("viewer");
    await page.reload();
    await expect(member.getByLabel(`Role of ${invitee.name}`)).toHaveValue("viewer");
  });

  test("the new member forgets their password and resets it with the emailed link", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Email").fill(invitee.email);
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    await expect(page.getByTestId("reset-requested")).toContainText(invitee.email);

    const link = await linkFor(invitee.email, "/reset-password");
    expect(new URL(link).pathname).toBe("/reset-password");
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Repeat the new password").fill("short");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription("Use at least 10 characters.");
    await page.screenshot({ path: shots("dashboard-8-reset-password"), fullPage: true });
    await expectAccessible(page, "dashboard: 8-reset-password");
    await page.getByLabel("New password", { exact: true }).fill("priya-second-password");
    await page.getByLabel("Repeat the new password").fill("priya-second-password");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();

    // the link works once; the old password no longer does
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("priya-third-password");
    await page.getByLabel("Repeat the new password").fill("priya-third-password");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByTestId("link-invalid")).toContainText("This reset link is invalid or has expired.");
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email").fill(invitee.email);
    await page.getByLabel("Password", { exact: true }).fill(invitee.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong email or password.")).toBeVisible();
  });
});
