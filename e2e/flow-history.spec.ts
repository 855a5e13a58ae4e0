/**
 * The hosted flow and the browser's history (Android's system Back above all): Back and
 * Forward move between steps, a reload stays on the step shown, and mid-way a stray Back never
 * leaves the flow: it says once that another Back will.
 */
import { expect, test } from "@playwright/test";
import { createSession, FAKE_CAMERA, fastForward, shot, workflowId } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";

test.use({ launchOptions: FAKE_CAMERA, viewport: { width: 360, height: 740 } });

test("Back and Forward move between steps, a reload stays, and Back after the consent asks before leaving", async ({ page }) => {
  const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-flow-history" });
  await page.goto(s.url);
  await page.getByTestId("consent-checkbox").check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  const phoneHeading = page.getByRole("heading", { name: "Your mobile number" });
  await expect(phoneHeading).toBeVisible();

  // the consent is not taken back: Back stays, and says what the next Back does
  await page.goBack();
  const hint = page.getByTestId("flow-leave-hint");
  await expect(hint).toHaveText("Press Back again to leave. Everything you have submitted so far is saved.");
  await expect(phoneHeading).toBeVisible();
  await page.screenshot({ path: shot("history-1-leave-hint"), fullPage: true });
  await expectAccessible(page, "flow en: history-1-leave-hint");
  await page.goForward();
  await expect(hint).toHaveCount(0);
  await expect(phoneHeading).toBeVisible();

  await page.getByLabel("Mobile number").fill("9876543210");
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("6-digit code").fill("123456");
  const emailHeading = page.getByRole("heading", { name: "Your email address" });
  await expect(emailHeading).toBeVisible();

  await page.goBack();
  await expect(page.getByText("Verified: +919876543210")).toBeVisible();
  await expect(page.getByText("Step 2 of 8")).toBeVisible();
  await page.goForward();
  await expect(emailHeading).toBeVisible();
  await expect(page.getByText("Step 3 of 8")).toBeVisible();

  // a reload keeps the step shown, also one reached with Back; the history still works after it
  await page.goBack();
  await expect(page.getByText("Verified: +919876543210")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Verified: +919876543210")).toBeVisible();
  await page.goForward();
  await expect(emailHeading).toBeVisible();
  await page.reload();
  await expect(emailHeading).toBeVisible();

  // the flow's own Back button and the system Back agree
  await page.getByTestId("flow-back").click();
  await expect(page.getByText("Verified: +919876543210")).toBeVisible();
  await page.getByRole("button", { name: "Continue with this" }).click();
  await expect(emailHeading).toBeVisible();
  await page.goBack();
  await expect(page.getByText("Verified: +919876543210")).toBeVisible();
});

test("a link resumed mid-way: Back walks through the submitted steps, then asks once before leaving", async ({ page }) => {
  const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-flow-history-resume" });
  await fastForward(s, ["consent", "phone", "email", "pan"]);
  await page.goto(s.url);
  const aadhaar = page.getByRole("heading", { name: "Verify with Aadhaar" });
  await expect(aadhaar).toBeVisible();
  await aadhaar.click(); // any tap: browsers honour history entries added after a user gesture

  await page.goBack();
  await expect(page.getByTestId("field-pan")).toHaveValue("ABCPE1234F");
  await page.goBack();
  await expect(page.getByText("Verified: asha@example.com")).toBeVisible();
  await page.goBack();
  await expect(page.getByText("Verified: +919876543210")).toBeVisible();
  await expect(page.getByTestId("flow-leave-hint")).toHaveCount(0);

  await page.goBack();
  await expect(page.getByTestId("flow-leave-hint")).toBeVisible();
  await expect(page.getByText("Verified: +919876543210")).toBeVisible();
  await expect(page).toHaveURL(/\/flow\//);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/flow\//);
});
