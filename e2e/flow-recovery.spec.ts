/**
 * The hosted flow when things do not go straight: a reviewer asks to redo one step, an upload
 * is refused by the virus scan, the applicant closes the tab and comes back with a new link,
 * the link idles out, the business cancels, the network drops. Each has its own screen and a
 * way forward (or an honest "go back to the business").
 */
import { expect, test } from "@playwright/test";
import pg from "pg";
import { eicar } from "../tests/fixtures/clamd";
import { api, createSession, documentPng, FAKE_CAMERA, fastForward, shot, workflowId } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";

const FAKE_CONTEXT = { viewport: { width: 360, height: 740 }, permissions: ["camera"] };

test.use({ launchOptions: FAKE_CAMERA, permissions: ["camera"], viewport: { width: 360, height: 740 } });

test("a reviewer asks to redo the PAN: only that step is shown, with the reason", async ({ page }) => {
  const s = await createSession(await workflowId("India KYC"), { reference_id: "e2e-flow-resubmit" });
  await fastForward(s, ["consent"]);
  await page.goto(s.url);
  await page.getByTestId("field-pan").fill("ABCPE9999Z"); // sandbox: not found -> review
  await page.getByTestId("field-name").fill("Asha Rao");
  await page.getByTestId("field-dob").fill("1988-05-17");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "review", { timeout: 30_000 });
  await expectAccessible(page, "flow en: outcome (review)");

  const decided = await api("POST", `/v1/sessions/${s.id}/decision`, {
    outcome: "resubmission_requested",
    reason_code: "name_mismatch",
    note: "Please enter your name exactly as on the PAN card.",
    steps: ["pan"],
  });
  expect(decided.status).toBe(200);
  const resumed = await api<{ url: string }>("POST", `/v1/sessions/${s.id}/client_token`);
  expect(resumed.status).toBe(200);
  await page.goto(resumed.body.url);

  await expect(page.getByTestId("flow-step-pan")).toBeVisible();
  // only the step to redo: no "step i of n" for a round of one, no way back to the consent
  await expect(page.getByText(/Step \d+ of \d+/)).toHaveCount(0);
  await expect(page.getByTestId("flow-back")).toHaveCount(0);
  const note = page.getByTestId("flow-resubmission");
  await expect(note).toContainText("The name you entered does not match the official records.");
  await expect(page.getByTestId("flow-resubmission-steps")).toHaveText("To do again: PAN");
  // the decision's note is for the business's team and its backend, not for the applicant
  await expect(note).not.toContainText("Please enter your name exactly as on the PAN card.");
  await expect(page.getByTestId("field-name")).toHaveValue("Asha Rao"); // what was entered before
  await page.screenshot({ path: shot("resubmit-1-pan"), fullPage: true });
  await expectAccessible(page, "flow en: resubmission");
  await page.getByTestId("field-pan").fill("ABCPE1234F");
  await page.getByTestId("field-name").fill("Ravi Kumar");
  await page.getByTestId("field-dob").fill("1990-01-01");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "approved", { timeout: 30_000 });
  await page.screenshot({ path: shot("resubmit-2-outcome"), fullPage: true });
  await expectAccessible(page, "flow en: outcome (approved)");
  const session = await api("GET", `/v1/sessions/${s.id}`);
  expect(session.body).toMatchObject({ status: "approved", steps: { pan: { status: "passed", attempts: 2 }, consent: { attempts: 1 } } });
});

test("an infected upload is refused with its own screen, and another file goes through", async ({ page }) => {
  const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-flow-eicar" });
  await fastForward(s, ["consent", "phone", "email", "pan", "aadhaar"]);
  await page.goto(s.url);
  await page.getByRole("radio", { name: "Passport" }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Photo page of your Passport" })).toBeVisible();

  // a text file named .jpg is refused for its type (checked before the scan), with a way to choose another file
  await page.getByTestId("document-file-input").setInputFiles({ name: "passport.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo\n") });
  await expect(page.getByTestId("upload-refused")).toHaveAttribute("data-code", "file_type_not_allowed");
  await expect(page.getByTestId("upload-refused")).toContainText("This type of file isn't accepted.");
  await expectAccessible(page, "flow en: upload refused (type)");
  await expect(page.getByTestId("upload-retry-same")).toHaveCount(0);
  await page.getByRole("button", { name: "Upload a different file" }).click();

  // the EICAR anti-virus test file inside a real image
  const infected = Buffer.concat([await documentPng(), eicar()]);
  await page.getByTestId("document-file-input").setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: infected });
  const refused = page.getByTestId("upload-refused");
  await expect(refused).toHaveAttribute("data-code", "file_infected");
  await expect(page.getByRole("heading", { name: "We couldn't accept this file" })).toBeVisible();
  await expect(refused).toContainText("Our security check refused this file.");
  await page.screenshot({ path: shot("eicar-1-refused"), fullPage: true });
  await expectAccessible(page, "flow en: upload refused (virus)");

  await page.getByRole("button", { name: "Upload a different file" }).click();
  await expect(page.getByRole("heading", { name: "Photo page of your Passport" })).toBeVisible();
  await page.getByRole("button", { name: "Take a photo" }).click();
  await page.getByRole("button", { name: "Take photo" }).click();
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByRole("heading", { name: "Address page of your Passport" })).toBeVisible();

  const files = await api("GET", `/v1/sessions/${s.id}?expand=checks`);
  expect(files.status).toBe(200);
});

test("closing the tab and coming back with a new link resumes at the first unfinished step", async ({ browser }) => {
  const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-flow-resume" });
  const first = await browser.newContext({ ...FAKE_CONTEXT });
  const tab = await first.newPage();
  await tab.goto(s.url);
  await tab.getByTestId("consent-checkbox").check();
  await tab.getByRole("button", { name: "Continue", exact: true }).click();
  await tab.getByLabel("Mobile number").fill("9876543210");
  await tab.getByRole("button", { name: "Send code" }).click();
  await tab.getByLabel("6-digit code").fill("123456");
  await expect(tab.getByRole("heading", { name: "Your email address" })).toBeVisible();
  await first.close(); // the tab (and its stored token) is gone

  const resumed = await api<{ url: string; client_token: string }>("POST", `/v1/sessions/${s.id}/client_token`);
  expect(resumed.status).toBe(200);
  const second = await browser.newContext({ ...FAKE_CONTEXT });
  const page = await second.newPage();
  await page.goto(resumed.body.url);
  await expect(page.getByRole("heading", { name: "Your email address" })).toBeVisible();
  await expect(page.getByText("Step 3 of 8")).toBeVisible();
  await page.screenshot({ path: shot("resume-1-email"), fullPage: true });
  // Back shows the verified number, which can be kept without a new code
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByText("Verified: +919876543210")).toBeVisible();
  await page.getByRole("button", { name: "Continue with this" }).click();
  await expect(page.getByRole("heading", { name: "Your email address" })).toBeVisible();

  // the first link was replaced by the new one
  const old = await second.newPage();
  await old.goto(s.url);
  await expect(old.getByTestId("flow-link-problem")).toHaveAttribute("data-status", "token_replaced");
  await expect(old.getByRole("heading", { name: "A newer link was opened" })).toBeVisible();
  await expectAccessible(old, "flow en: link replaced");
  await second.close();
});

test("an idle link, a cancelled verification and a dropped network each get their own screen", async ({ page }) => {
  const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-flow-links" });
  await page.goto(s.url);
  await expect(page.getByTestId("flow-step-consent")).toBeVisible();

  // the network drops: the state cannot be read
  await page.route("**/api/trpc/flow.state**", (route) => route.abort("internetdisconnected"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "We couldn't connect" })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: shot("links-1-network"), fullPage: true });
  await expectAccessible(page, "flow en: network error");
  await page.unroute("**/api/trpc/flow.state**");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("flow-step-consent")).toBeVisible();

  // 30 minutes without activity
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query("UPDATE client_tokens SET expires_at = now() - interval '1 minute' WHERE session_id = $1", [s.id]);
  } finally {
    await db.end();
  }
  await page.reload();
  await expect(page.getByTestId("flow-link-problem")).toHaveAttribute("data-status", "token_expired");
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await expect(page.getByText("Go back to the app or website of Demo Fintech")).toBeVisible();
  await page.screenshot({ path: shot("links-2-idle"), fullPage: true });
  await expectAccessible(page, "flow en: link expired");

  // a fresh link, then the business cancels
  const resumed = await api<{ url: string }>("POST", `/v1/sessions/${s.id}/client_token`);
  await page.goto(resumed.body.url);
  await expect(page.getByTestId("flow-step-consent")).toBeVisible();
  expect((await api("POST", `/v1/sessions/${s.id}/cancel`)).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId("flow-link-problem")).toHaveAttribute("data-status", "session_cancelled");
  await expect(page.getByRole("heading", { name: "This verification was cancelled" })).toBeVisible();
  await page.screenshot({ path: shot("links-3-cancelled"), fullPage: true });
  await expectAccessible(page, "flow en: session cancelled");
});
