/**
 * Webhook management in the dashboard, as an integrator's admin does it: add an endpoint on a
 * receiver (the secret is shown once), send a test event and see it arrive signed (verified
 * with Stripe's library) and in the delivery log with its request id, disable it, enable it,
 * follow a real event from the Events page, resend it, rotate the secret, delete the endpoint.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import Stripe from "stripe";
import { e2eFixtures } from "../tests/fixtures/e2e-fixtures";
import { signIn } from "./fixtures/dashboard";
import { expectAccessible } from "./fixtures/axe";

const fx = e2eFixtures();
const shots = (name: string) => `e2e/artifacts/screenshots/${name}.png`;
const stripe = new Stripe("sk_test_unused");

interface Delivery {
  raw: string;
  signature: string;
  requestId: string;
}
const deliveries: Delivery[] = [];
let receiver: Server;
let hookUrl: string;

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      deliveries.push({ raw, signature: String(req.headers["service-signature"]), requestId: String(req.headers["request-id"]) });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/verify`;
});

test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

async function createSession(): Promise<string> {
  const res = await fetch(`${fx.baseUrl}/v1/sessions`, {
    method: "POST",
    headers: { authorization: `Bearer ${fx.demo.testKey}`, "content-type": "application/json" },
    body: JSON.stringify({ workflow_id: fx.demo.workflows.kyc, reference_id: "e2e-webhooks" }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const eventsOf = (secret: string) =>
  deliveries.map(
    (d) => stripe.webhooks.constructEvent(d.raw, d.signature, secret) as unknown as { id: string; type: string; data: { session?: { id: string } } },
  );

test("an admin adds an endpoint, tests it, reads its delivery log, disables and deletes it", async ({ page }) => {
  await signIn(page, fx.admin);

  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Endpoint URL").fill("http://10.0.0.1/hooks");
  await dialog.getByLabel("Description (optional)").fill("Order service");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText("Webhook URL not allowed")).toBeVisible(); // the SSRF guard answers in the form
  await dialog.getByLabel("Endpoint URL").fill(hookUrl);
  await dialog.getByLabel("Selected events").check();
  await dialog.getByLabel("All session events").check();
  await page.screenshot({ path: shots("webhooks-1-add-endpoint"), fullPage: true });
  await expectAccessible(page, "webhooks: 1-add-endpoint");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();

  // The secret, once.
  const secretBox = page.getByTestId("webhook-secret");
  await expect(secretBox).toBeVisible();
  const secret = (await secretBox.locator("code").textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
  await page.screenshot({ path: shots("webhooks-2-secret-once"), fullPage: true });
  await expectAccessible(page, "webhooks: 2-secret-once");
  await page.getByRole("button", { name: "I saved the secret" }).click();
  await expect(page.getByTestId("endpoint-view")).toHaveAttribute("data-status", "enabled");
  await page.reload();
  await expect(page.getByTestId("endpoint-view")).toBeVisible();
  expect(await page.content()).not.toContain(secret); // never shown again
  await expect(page.getByText("All session events").first()).toBeVisible();

  // A test event arrives signed and shows in the log with its request id.
  await page.getByRole("button", { name: "Send test event" }).click();
  const test = page.getByRole("dialog");
  await test.getByLabel("Event type").selectOption("session.approved");
  await test.getByRole("button", { name: "Send test event" }).click();
  await expect(test.getByTestId("test-result")).toHaveAttribute("data-succeeded", "true");
  await expect(test.getByTestId("test-result")).toContainText("200");
  await page.screenshot({ path: shots("webhooks-3-test-event"), fullPage: true });
  await expectAccessible(page, "webhooks: 3-test-event");
  const testEvent = eventsOf(secret).at(-1)!;
  expect(testEvent).toMatchObject({ type: "session.approved", data: { session: { id: "ses_00000000000000000000test" } } });
  await test.getByRole("button", { name: "Close" }).click();

  const row = page.getByTestId("delivery-row").filter({ hasText: testEvent.id });
  await expect(row).toHaveAttribute("data-status", "succeeded");
  await row.getByRole("button", { name: "Attempts" }).click();
  const attempt = page.getByTestId("attempt").first();
  await expect(attempt).toContainText(deliveries.at(-1)!.requestId);
  await expect(attempt).toContainText("200");
  await expect(attempt).toContainText("thanks");
  await page.screenshot({ path: shots("webhooks-4-delivery-log"), fullPage: true });
  await expectAccessible(page, "webhooks: 4-delivery-log");

  // Disabled: nothing arrives.
  await page.getByRole("button", { name: "Disable", exact: true }).click();
  await expect(page.getByTestId("endpoint-view")).toHaveAttribute("data-status", "disabled");
  await expect(page.getByTestId("disabled-note")).toBeVisible();
  await page.screenshot({ path: shots("webhooks-5-disabled"), fullPage: true });
  await expectAccessible(page, "webhooks: 5-disabled");
  const before = deliveries.length;
  const quiet = await createSession();
  await page.waitForTimeout(2000);
  expect(deliveries.length).toBe(before);
  expect(eventsOf(secret).some((e) => e.data.session?.id === quiet)).toBe(false);

  // Enabled again: a real event arrives; follow it from the Events page and resend it.
  await page.getByRole("button", { name: "Enable", exact: true }).click();
  await expect(page.getByTestId("endpoint-view")).toHaveAttribute("data-status", "enabled");
  const endpointUrl = page.url();
  const sessionId = await createSession();
  await expect
    .poll(
      () =>
        eventsOf(secret)
          .filter((e) => e.data.session?.id === sessionId)
          .map((e) => e.type),
      { timeout: 30_000 },
    )
    .toContain("session.created");
  const event = eventsOf(secret).find((e) => e.data.session?.id === sessionId)!;

  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Events" }).click();
  await page.getByLabel("Type").selectOption("session.created");
  await page.getByTestId("event-row").filter({ hasText: event.id }).getByRole("link").click();
  await expect(page.getByTestId("event-payload")).toContainText(sessionId);
  const eventDelivery = page.getByTestId("delivery-row").filter({ hasText: hookUrl });
  await expect(eventDelivery).toHaveAttribute("data-status", "succeeded");
  await eventDelivery.getByRole("button", { name: "Resend" }).click();
  await expect.poll(() => eventsOf(secret).filter((e) => e.id === event.id).length, { timeout: 15_000 }).toBe(2);
  await eventDelivery.getByRole("button", { name: "Attempts" }).click();
  await expect(page.getByTestId("attempt")).toHaveCount(2);
  await expect(page.getByTestId("attempt").first()).toContainText("resend");
  await page.screenshot({ path: shots("webhooks-6-event-resend"), fullPage: true });
  await expectAccessible(page, "webhooks: 6-event-resend");

  // Rotate the secret: the new one once; deliveries carry both signatures for the overlap.
  await page.goto(endpointUrl);
  await page.getByRole("button", { name: "Rotate secret" }).click();
  const rotate = page.getByRole("dialog");
  await rotate.getByLabel("Keep the old secret signing for").selectOption({ label: "1 hour" });
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  const newSecret = (await page.getByTestId("webhook-secret").locator("code").textContent())!.trim();
  expect(newSecret).not.toBe(secret);
  await page.screenshot({ path: shots("webhooks-7-rotated"), fullPage: true });
  await expectAccessible(page, "webhooks: 7-rotated");
  await page.getByRole("button", { name: "I saved the secret" }).click();
  await page.getByRole("button", { name: "Send test event" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByTestId("test-result")).toHaveAttribute("data-succeeded", "true");
  const last = deliveries.at(-1)!;
  expect(stripe.webhooks.constructEvent(last.raw, last.signature, newSecret)).toBeTruthy();
  expect(stripe.webhooks.constructEvent(last.raw, last.signature, secret)).toBeTruthy();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  // Delete.
  await page.getByRole("button", { name: "Delete endpoint" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete endpoint" }).click();
  await page.waitForURL(/\/dashboard\/webhooks\?/);
  await expect(page.getByTestId("endpoint-row").filter({ hasText: hookUrl })).toHaveCount(0);
  await page.screenshot({ path: shots("webhooks-8-deleted"), fullPage: true });
  await expectAccessible(page, "webhooks: 8-deleted");
});
