/**
 * "Continue on your phone" (issue 18) between two browser contexts: the desktop's start screen
 * offers a QR code and a short link; the phone opens it with its own client token; the desktop
 * shows live progress and cannot submit meanwhile (the server refuses it), takes the flow back,
 * and both end on the outcome.
 */
import { devices, expect, test } from "@playwright/test";
import { expectAccessible } from "./fixtures/axe";
import { createSession, fastForward, flowCall, fx, workflowId } from "./fixtures/flow";

test("a desktop applicant continues on the phone, the desktop follows, then takes the flow back and finishes", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const s = await createSession(fx.demo.workflows.kyc, { reference_id: "e2e-handoff" });
  await page.goto(s.url);
  await expect(page.getByTestId("flow-step-consent")).toBeVisible();

  await page.getByTestId("handoff-offer").click();
  const panel = page.getByTestId("handoff-panel");
  await expect(panel.getByRole("img", { name: "QR code that opens this verification on your phone" })).toBeVisible();
  await expect(panel.getByTestId("handoff-expiry")).toContainText(/expires in (10:00|9:[0-5]\d)/);
  const link = (await panel.getByTestId("handoff-link").textContent())!.trim();
  expect(link).toMatch(/\/h\/[0-9A-Za-z]{10}$/);
  await page.screenshot({ path: "e2e/artifacts/screenshots/handoff-1-desktop-qr.png", fullPage: true });
  await expectAccessible(page, "flow en: handoff QR panel");

  const phoneContext = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByTestId("flow-step-consent")).toBeVisible();
  expect(new URL(phone.url()).pathname).toBe(`/flow/${s.id}`);
  // the phone is no desktop: no offer to continue on a phone
  await expect(phone.getByTestId("handoff-offer")).toHaveCount(0);

  // the desktop turns to the progress screen and may not submit (enforced by the server)
  await expect(page.getByTestId("flow-other-device")).toBeVisible();
  await expect(flowCall(s.client_token, "flow.submitStep", { sessionId: s.id, step: "consent", values: { accepted: true } })).rejects.toThrow(
    /device_not_active/,
  );
  // the link worked once
  const again = await phoneContext.newPage();
  await again.goto(link);
  await expect(again.getByTestId("handoff-problem")).toHaveAttribute("data-status", "used");
  await expectAccessible(again, "handoff link: used");
  await again.close();

  await phone.getByTestId("consent-checkbox").check();
  await phone.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(phone.getByTestId("flow-step-pan")).toBeVisible();
  // live progress on the desktop
  await expect(page.getByTestId("flow-other-device-progress").locator('[data-status="done"]')).toHaveCount(1);
  await page.screenshot({ path: "e2e/artifacts/screenshots/handoff-2-desktop-progress.png", fullPage: true });
  await expectAccessible(page, "flow en: another device has the flow");

  // the desktop takes the flow back: the phone is told so when it tries to go on
  await page.getByTestId("flow-take-over").click();
  await expect(page.getByTestId("flow-step-pan")).toBeVisible();
  await phone.getByTestId("field-pan").fill("ABCPE1234F");
  await phone.getByTestId("field-name").fill("Ravi Kumar");
  await phone.getByTestId("field-dob").fill("1990-01-01");
  await phone.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(phone.getByTestId("flow-other-device")).toBeVisible();

  await page.getByTestId("field-pan").fill("ABCPE1234F");
  await page.getByTestId("field-name").fill("Ravi Kumar");
  await page.getByTestId("field-dob").fill("1990-01-01");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "approved", { timeout: 60_000 });
  // the phone follows to the same end
  await expect(phone.getByTestId("flow-outcome")).toHaveAttribute("data-status", "approved", { timeout: 30_000 });
  await phoneContext.close();
});

test("a phone whose camera is blocked gets its browser's steps first, the step's fallbacks, and the switch to another device", async ({ browser }) => {
  const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-camera-help" });
  await fastForward(s, ["consent", "phone", "email", "pan", "aadhaar"]);
  // no camera permission and no fake device: getUserMedia is refused as on a phone where the applicant said no
  const phoneContext = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await phoneContext.newPage();
  await phone.goto(s.url);
  await phone.getByRole("radio", { name: "PAN card" }).check();
  await phone.getByRole("button", { name: "Continue", exact: true }).click();
  await phone.getByRole("button", { name: "Take a photo" }).click();
  const problem = phone.getByTestId("camera-problem");
  await expect(problem).toBeVisible();
  const help = problem.getByTestId("camera-help");
  await expect(help).toHaveAttribute("data-platform", "android");
  // Android's steps first and open; iOS and in-app browsers one tap away
  await expect(help.locator("details").first()).toHaveAttribute("data-platform", "android");
  await expect(help.locator("details[open]")).toHaveCount(1);
  await expect(help.getByText("Open in browser", { exact: false })).toBeAttached();
  // the fallbacks this step allows: upload a photo, or another device
  await expect(help.getByTestId("document-upload")).toBeVisible();
  await expect(help.getByRole("button", { name: "Continue on another device" })).toBeVisible();
  await phone.screenshot({ path: "e2e/artifacts/screenshots/handoff-3-camera-help.png", fullPage: true });
  await expectAccessible(phone, "flow en: camera blocked, help");
  await phoneContext.close();
});
