/**
 * The reverse penny drop (issue 19 item 4) in the hosted flow, test mode: a `bank_account` step with
 * `method: reverse_penny_drop` after the PAN. On a desktop the applicant sees the QR code of the
 * ₹1 UPI payment, the amount and the refund, and a live status; the sandbox pays by itself after
 * 3 s in the PAN's name, the step is submitted and the session approved with the check passed. On a
 * phone (in Hindi) the link is a "Pay with a UPI app" button; an unpaid request expires and "Try
 * again" opens a new one. Every screen is checked with axe.
 */
import { devices, expect, test } from "@playwright/test";
import { expectAccessible } from "./fixtures/axe";
import { api, type CheckDto, createSession, dashboardPage, fastForward, flowCall, publishWorkflowVariant, shot } from "./fixtures/flow";

let workflow: string;

test.beforeAll(async ({ browser }) => {
  const dash = await dashboardPage(browser);
  workflow = await publishWorkflowVariant(dash, "India KYC", `UPI bank account e2e ${Date.now()}`, (d) => ({
    ...d,
    steps: [...d.steps, { name: "bank_account", type: "bank_account", required: true, settings: { method: "reverse_penny_drop" } }],
  }));
  await dash.context().close();
});

test("a desktop applicant scans the UPI QR code, the sandbox pays in their name, and the session is approved", async ({ page }) => {
  test.setTimeout(120_000);
  const s = await createSession(workflow, { reference_id: "e2e-upi-desktop" });
  await fastForward(s, ["consent", "pan"]);
  await page.goto(s.url);

  const step = page.getByTestId("flow-step-upi-payment");
  await expect(step.getByRole("heading", { name: "Verify your bank account" })).toBeVisible();
  await expect(step).toContainText("The ₹1.00 is refunded to the same account");
  await expect(step.getByRole("img", { name: "QR code to pay ₹1.00 with a UPI app" })).toBeVisible();
  // a desktop gets the code to scan, not a link it cannot open
  await expect(step.getByTestId("upi-pay-link")).toHaveCount(0);
  await expect(step.getByTestId("upi-status")).toContainText("Waiting for your payment…");
  await expectAccessible(page, "flow en: UPI payment (desktop QR)");
  await page.screenshot({ path: shot("upi-1-desktop-qr"), fullPage: true });

  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "approved", { timeout: 60_000 });
  await expectAccessible(page, "flow en: outcome after UPI payment");
  const session = await api<{ checks: CheckDto[]; steps: Record<string, { status: string; method?: string }> }>("GET", `/v1/sessions/${s.id}?expand=checks`);
  expect(session.body.steps.bank_account).toMatchObject({ method: "reverse_penny_drop" });
  const upi = session.body.checks.find((c) => c.check_key === "in.bank_account.reverse_penny_drop");
  expect(upi).toMatchObject({
    status: "passed",
    error_code: null,
    result: { registered_name: "RAVI KUMAR", account_number_masked: "XXXXXXXXXXX1191", refund_status: "refunded" },
  });
});

test("a phone applicant in Hindi gets the UPI app button; an unpaid request expires and Try again opens a new one", async ({ browser }) => {
  test.setTimeout(120_000);
  const s = await createSession(workflow, { reference_id: "e2e-upi-phone", locale: "hi" });
  await fastForward(s, ["consent"]);
  // the sandbox never pays a request in this name; its request expires after 10 s
  await flowCall(s.client_token, "flow.submitStep", { sessionId: s.id, step: "pan", values: { pan: "ABCPE1235F", name: "Sandbox Unpaid", dob: "1990-01-01" } });
  const phoneContext = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await phoneContext.newPage();
  await phone.goto(s.url);

  const step = phone.getByTestId("flow-step-upi-payment");
  await expect(step.getByRole("heading", { name: "अपना बैंक खाता सत्यापित करें" })).toBeVisible();
  const pay = step.getByRole("link", { name: "UPI ऐप से ₹1.00 का भुगतान करें" });
  await expect(pay).toHaveAttribute("href", /^upi:\/\/pay\?pa=sandbox\.rpd@upi&.*am=1\.00&cu=INR/);
  const firstLink = await pay.getAttribute("href");
  await expect(step.getByRole("img")).toHaveCount(0);
  await expectAccessible(phone, "flow hi: UPI payment (phone button)");
  await phone.screenshot({ path: shot("upi-2-phone-hi"), fullPage: true });

  await expect(step.getByTestId("upi-status")).toContainText("भुगतान अनुरोध समाप्त हो गया", { timeout: 30_000 });
  await expect(pay).toHaveCount(0);
  await expectAccessible(phone, "flow hi: UPI payment expired");
  await step.getByRole("button", { name: "फिर से कोशिश करें" }).click();
  await expect(pay).toBeVisible();
  expect(await pay.getAttribute("href")).not.toBe(firstLink);
  await phoneContext.close();
});
