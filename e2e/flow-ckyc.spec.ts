/**
 * The CKYC-first route (issue 19 item 2, CKYC 1.3) in the hosted flow, test mode: the applicant of
 * "India KYC (CKYC first)" gives their PAN and the mobile number on their CKYC record, the sandbox
 * registry "sends" its code (******3210), a wrong code shows the attempts left, the sandbox code
 * 123456 releases the record: the PAN and document steps are skipped, the phone step is prefilled
 * with the record's number, and the session holds the passed search and download. An expired code
 * (000000) asks for a new one, which works. Every screen is checked with axe.
 */
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./fixtures/axe";
import { api, type CheckDto, createSession, fastForward, shot, workflowId } from "./fixtures/flow";

let workflow: string;

test.beforeAll(async () => {
  workflow = await workflowId("India KYC (CKYC first)");
});

test("the registry's code releases the CKYC record: the PAN and document steps are skipped and the flow prefilled", async ({ page }) => {
  test.setTimeout(120_000);
  const s = await createSession(workflow, { reference_id: "e2e-ckyc-otp" });
  await fastForward(s, ["consent"]);
  await page.goto(s.url);

  const step = page.getByTestId("flow-step-ckyc");
  await expect(step.getByRole("heading", { name: "Fetch your KYC record" })).toBeVisible();
  await expectAccessible(page, "flow en: CKYC PAN and mobile");
  await step.getByRole("button", { name: "Fill in the passing values" }).click();
  await expect(step.getByLabel("Mobile number on your CKYC record")).toHaveValue("9876543210");
  await step.getByRole("button", { name: "Send code" }).click();

  const code = page.getByTestId("ckyc-code-form");
  await expect(code.getByRole("heading", { name: "Enter the code from CKYC" })).toBeVisible();
  await expect(code).toContainText("We sent a code to the mobile number on your CKYC record (******3210).");
  await expect(code.getByTestId("sandbox-hint")).toContainText("The code is 123456");
  const input = code.getByLabel("6-digit code");
  await expect(input).toHaveAttribute("autocomplete", "one-time-code");
  await expect(input).toHaveAttribute("inputmode", "numeric");
  // a new code only after 30 s
  await expect(code.getByTestId("ckyc-resend")).toBeDisabled();
  await expect(code.getByTestId("ckyc-resend-countdown")).toContainText("You can ask for a new code in 0:");
  await expectAccessible(page, "flow en: CKYC code");
  await page.screenshot({ path: shot("ckyc-1-code"), fullPage: true });

  await input.fill("111111");
  await expect(code.getByText("That code isn't right. 2 attempts left.")).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "flow en: CKYC wrong code");
  await input.fill("123456");

  // the record skipped the PAN and document steps: the phone step is next, with the record's number
  await expect(page.getByRole("heading", { name: "Your mobile number" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Mobile number")).toHaveValue(/9876543210/);
  const session = await api<{ checks: CheckDto[]; steps: Record<string, { status: string }> }>("GET", `/v1/sessions/${s.id}?expand=checks`);
  expect(session.body.steps).toMatchObject({ ckyc: { status: "submitted" }, pan: { status: "skipped" }, documents: { status: "skipped" } });
  const byKey = (key: string) => session.body.checks.find((c) => c.check_key === key);
  expect(byKey("in.ckyc.search")).toMatchObject({ status: "passed" });
  expect(byKey("in.ckyc.download")).toMatchObject({ status: "passed", result: { name: "RAVI KUMAR", mobile: "9876543210" } });
  expect(JSON.stringify(byKey("in.ckyc.download"))).not.toContain("123456");
});

test("an expired code asks for a new one, and the new code releases the record", async ({ page }) => {
  test.setTimeout(120_000);
  const s = await createSession(workflow, { reference_id: "e2e-ckyc-otp-expired" });
  await fastForward(s, ["consent"]);
  await page.goto(s.url);

  const step = page.getByTestId("flow-step-ckyc");
  await step.getByLabel("PAN").fill("ABCPE1234F");
  await step.getByLabel("Mobile number on your CKYC record").fill("98765 43210");
  await step.getByRole("button", { name: "Send code" }).click();

  const code = page.getByTestId("ckyc-code-form");
  await code.getByLabel("6-digit code").fill("000000");
  await expect(code.getByText("This code has expired. Ask for a new code.")).toBeVisible();
  await expectAccessible(page, "flow en: CKYC code expired");
  await code.getByTestId("ckyc-resend").click();
  await expect(code.getByText("A new code was sent.")).toBeVisible();
  await code.getByLabel("6-digit code").fill("123456");
  await expect(page.getByRole("heading", { name: "Your mobile number" })).toBeVisible({ timeout: 30_000 });
});
