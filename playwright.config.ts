import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys in e2e/ against a running production build (scripts/test.sh builds and
 * starts it and sets E2E_BASE_URL and DATABASE_URL). Global setup seeds the shared fixtures;
 * specs read them with `e2eFixtures()` from tests/fixtures/e2e-fixtures.ts.
 *
 * Projects: every spec runs in `mobile` (a phone; the hosted applicant flow is mobile-first)
 * except `*.desktop.spec.ts`, which run in `desktop` (dashboard journeys). A spec can still
 * override its viewport with `test.use({ viewport })`.
 *
 * Browser: Debian's /usr/bin/chromium (apt), never `npx playwright install` (ARCHITECTURE.md).
 */
const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/artifacts/test-results",
  globalSetup: "./tests/fixtures/playwright-global-setup.ts",
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  globalTimeout: 25 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [["line"], ["json", { outputFile: "e2e/artifacts/results.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    video: "off",
  },
  projects: [
    {
      name: "mobile",
      testIgnore: /\.desktop\.spec\.ts$/,
      use: { ...devices["Pixel 7"], browserName: "chromium" },
    },
    {
      name: "desktop",
      testMatch: /\.desktop\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], browserName: "chromium" },
    },
  ],
});
