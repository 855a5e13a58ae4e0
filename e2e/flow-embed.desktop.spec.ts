/**
 * The embeddable modal (issue 18): a shop on another origin (a second loopback port, the
 * README's runnable example, examples/embed/shop.ts) loads /embed.js, opens the hosted flow in
 * the modal, the applicant completes it there, and the shop's page receives `ready`,
 * `step_completed` per step and `completed` with the session id and status, from the flow's
 * origin only. The flow's page may be framed only by the project's allowed origins; every other
 * page of the app refuses to be framed.
 */
import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import type { Server } from "node:http";
import { startShop } from "../examples/embed/shop";
import { fx } from "./fixtures/flow";

let shop: { origin: string; server: Server };

test.beforeAll(async () => {
  shop = await startShop({ verifyUrl: fx.baseUrl, apiKey: fx.demo.testKey, workflowId: fx.demo.workflows.kyc });
  const out = execFileSync("npm", ["run", "--silent", "cli", "--", "project", "allow-origin", "--project", "demo", shop.origin], { encoding: "utf8" });
  expect(out).toContain(shop.origin);
});

test.afterAll(() => new Promise<void>((r) => shop.server.close(() => r())));

type Received = { type: string; [k: string]: unknown };
const events = (page: Page) => page.evaluate(() => (window as unknown as { verifyEvents: Received[] }).verifyEvents);

test("a shop on another origin completes a verification in the modal and receives its events", async ({ page }) => {
  await page.goto(shop.origin);
  expect(await page.evaluate(() => (window as unknown as { Verify: { version: string } }).Verify.version)).toBe("1.0.0");
  await page.getByRole("button", { name: "Verify my identity" }).click();

  const modal = page.getByRole("dialog", { name: "Identity verification" });
  await expect(modal).toBeVisible();
  const flow = page.frameLocator('iframe[title="Identity verification"]');
  await expect(flow.getByTestId("flow-step-consent")).toBeVisible();
  await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain("ready");
  const sessionId = (await events(page)).find((e) => e.type === "ready")!.session_id as string;
  expect(sessionId).toMatch(/^ses_/);

  await flow.getByTestId("consent-checkbox").check();
  await flow.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(flow.getByTestId("flow-step-pan")).toBeVisible();
  await flow.getByTestId("field-pan").fill("ABCPE1234F");
  await flow.getByTestId("field-name").fill("Ravi Kumar");
  await flow.getByTestId("field-dob").fill("1990-01-01");
  await flow.getByRole("button", { name: "Submit", exact: true }).click();

  await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 60_000 }).toContain("completed");
  const received = await events(page);
  expect(received.map((e) => e.type)).toEqual(["ready", "step_completed", "step_completed", "completed"]);
  expect(received.filter((e) => e.type === "step_completed").map((e) => e.step)).toEqual(["consent", "pan"]);
  expect(received.at(-1)).toEqual({ type: "completed", session_id: sessionId, status: "approved" });
  // the modal closes itself on completion
  await expect(modal).toHaveCount(0);
  await page.screenshot({ path: "e2e/artifacts/screenshots/embed-completed.png", fullPage: true });
});

test("closing the modal is `cancelled`; a message from another origin is ignored", async ({ page }) => {
  await page.goto(shop.origin);
  await page.getByRole("button", { name: "Verify my identity" }).click();
  const flow = page.frameLocator('iframe[title="Identity verification"]');
  await expect(flow.getByTestId("flow-step-consent")).toBeVisible();
  // the server's picture of the screen shows first; `ready` comes with the live screen
  await expect.poll(async () => (await events(page)).map((e) => e.type)).toContain("ready");
  // a forged message from the shop's own window (not the flow's origin) is not an event
  await page.evaluate(() =>
    window.postMessage({ source: "verify-flow", version: 1, type: "completed", payload: { session_id: "ses_forged", status: "approved" } }, "*"),
  );
  await page.getByRole("button", { name: "Close verification" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const received = await events(page);
  expect(received.map((e) => e.type)).toEqual(["ready", "cancelled"]);
  expect(received[1]).toMatchObject({ reason: "closed" });
});

test("only the flow's page may be framed, and only by the project's allowed origins", async ({ request }) => {
  const created = await request.post("/v1/sessions", {
    headers: { authorization: `Bearer ${fx.demo.testKey}` },
    data: { workflow_id: fx.demo.workflows.kyc },
  });
  const { id } = (await created.json()) as { id: string };
  const flowPage = await request.get(`/flow/${id}`);
  const csp = flowPage.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/^frame-ancestors /);
  expect(csp.split(" ")).toContain(shop.origin);
  expect(flowPage.headers()["x-frame-options"]).toBeUndefined();
  for (const path of ["/", "/login", "/dashboard", `/flow/${id}/invite`, "/embed.js", "/h/AbCdEf1234"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
  const script = await request.get("/embed.js");
  expect(script.headers()["content-type"]).toContain("javascript");
  expect(await script.text()).toContain('var VERSION = "1.0.0"');
});
