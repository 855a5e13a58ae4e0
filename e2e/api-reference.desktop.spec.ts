/**
 * The API reference as an integrator reaches it: from the dashboard's navigation to /docs/api,
 * where Redoc (served by the app itself) renders GET /v1/openapi.json. Nothing may be loaded
 * from another origin (no CDN, no fonts, no logo), and the page logs no errors.
 */
import { expect, test } from "@playwright/test";
import { e2eFixtures } from "../tests/fixtures/e2e-fixtures";
import { signIn } from "./fixtures/dashboard";

const fx = e2eFixtures();

test("the dashboard links to an API reference rendered offline from the OpenAPI document", async ({ page }) => {
  const origin = new URL(fx.baseUrl).origin;
  const offsite: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) offsite.push(r.url());
  });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));

  await signIn(page, fx.admin);
  problems.length = 0; // only the reference page's own messages count below

  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "API reference" }).click();
  await page.waitForURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: /Verify API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Create a session" })).toBeAttached();
  await expect(page.getByRole("heading", { name: "session.approved" })).toBeAttached();

  // An operation, with its documented schema and errors.
  await page.goto("/docs/api#tag/Sessions/operation/retrieveSession");
  const operation = page.locator('[id="tag/Sessions/operation/retrieveSession"]');
  await expect(operation.getByText("expand", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(operation.getByRole("button", { name: /404/ }).first()).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/screenshots/api-reference.png" });

  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.waitForURL(/\/dashboard/);

  expect(offsite).toEqual([]);
  expect(problems).toEqual([]);
});
