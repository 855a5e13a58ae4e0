/**
 * The walking skeleton end to end, as its users see it: a backend creates a session through
 * the API, an applicant completes the hosted flow on a phone (consent, PAN), the session is
 * approved by the checks pipeline and the backend receives a signed webhook (verified with
 * Stripe's own library); a second applicant whose PAN the sandbox does not find goes to
 * review, and a reviewer approves the session in the dashboard.
 */
import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import Stripe from "stripe";
import { e2eFixtures } from "../tests/fixtures/e2e-fixtures";
import type { TSession } from "../server/sessions/session.schemas";
import { signedInPage } from "./fixtures/dashboard";
import { api } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";

const fx = e2eFixtures();
const shots = (name: string) => `e2e/artifacts/screenshots/${name}.png`;

interface Delivery {
  raw: string;
  signature: string;
}
const deliveries: Delivery[] = [];
let receiver: Server;
let receiverOrigin: string;
let webhookSecret: string;

/** The verified events this test's receiver got for a session, in arrival order. */
function eventsFor(sessionId: string): { id: string; type: string; data: { session: { id: string; status: string } } }[] {
  const stripe = new Stripe("sk_test_unused");
  return deliveries
    .map(
      (d) =>
        stripe.webhooks.constructEvent(d.raw, d.signature, webhookSecret) as unknown as {
          id: string;
          type: string;
          data: { session: { id: string; status: string } };
        },
    )
    .filter((e) => e.data.session?.id === sessionId);
}

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/hook") {
        deliveries.push({ raw, signature: String(req.headers["service-signature"]) });
        res.writeHead(200).end("ok");
      } else {
        res.writeHead(200, { "content-type": "text/html" }).end("<h1>Back at the shop</h1>");
      }
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const endpoint = await api<{ secret: string }>("POST", "/v1/webhook_endpoints", { url: `${receiverOrigin}/hook`, events: ["session.*"] });
  expect(endpoint.status).toBe(201);
  webhookSecret = endpoint.body.secret;

  // The admin CLI allows the shop's origin as a redirect target (runs against DATABASE_URL).
  const out = execFileSync("npm", ["run", "--silent", "cli", "--", "project", "allow-origin", "--project", "demo", receiverOrigin], { encoding: "utf8" });
  expect(out).toContain(receiverOrigin);
});

test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

async function completeFlow(page: Page, url: string, pan: { pan: string; name: string; dob: string }, shotPrefix: string) {
  await page.goto(url);
  // The token is read from the fragment and removed from the address bar.
  await expect(page.getByTestId("flow-step-consent")).toBeVisible();
  expect(new URL(page.url()).hash).toBe("");
  await page.screenshot({ path: shots(`${shotPrefix}-1-consent`), fullPage: true });
  const proceed = page.getByRole("button", { name: "Continue" });
  await expect(proceed).toBeDisabled();
  await page.getByTestId("consent-checkbox").check();
  await proceed.click();

  await expect(page.getByTestId("flow-step-pan")).toBeVisible();
  const panField = page.getByTestId("field-pan");
  await panField.fill("ABCCE1234F");
  await expect(page.getByText("This is not a personal PAN.", { exact: false })).toBeVisible(); // validated while typing
  await panField.fill(pan.pan);
  await page.getByTestId("field-name").fill(pan.name);
  await page.getByTestId("field-dob").fill(pan.dob);
  await page.screenshot({ path: shots(`${shotPrefix}-2-pan`), fullPage: true });
  await page.getByRole("button", { name: "Submit" }).click();
}

test("an applicant is verified end to end and the backend gets a signed webhook", async ({ page }) => {
  const created = await api<{ id: string; url: string; status: string }>("POST", "/v1/sessions", {
    workflow_id: fx.demo.workflows.kyc,
    reference_id: "e2e-approved",
    redirect_url: `${receiverOrigin}/done`,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;

  await completeFlow(page, created.body.url, { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" }, "approved");

  const outcome = page.getByTestId("flow-outcome");
  await expect(outcome).toHaveAttribute("data-status", "approved", { timeout: 30_000 });
  await page.screenshot({ path: shots("approved-3-outcome"), fullPage: true });

  // Redirect mode: back to the shop with the session id and status.
  await page.waitForURL((u) => u.origin === receiverOrigin, { timeout: 15_000 });
  const back = new URL(page.url());
  expect(back.pathname).toBe("/done");
  expect(back.searchParams.get("session_id")).toBe(id);
  expect(back.searchParams.get("status")).toBe("approved");

  const session = await api<TSession>("GET", `/v1/sessions/${id}?expand=checks`);
  expect(session.body).toMatchObject({ status: "approved", decision: "approved", decision_source: "auto" });
  expect(session.body.checks?.[0]).toMatchObject({ check_key: "in.pan.verify", status: "passed", verified_by: "source" });

  await expect.poll(() => eventsFor(id).map((e) => e.type), { timeout: 30_000 }).toContain("session.approved");
  const types = eventsFor(id).map((e) => e.type);
  expect(new Set(types)).toEqual(new Set(["session.created", "session.started", "session.in_progress", "session.processing", "session.approved"]));
});

test("a PAN the registry does not find goes to review and a reviewer approves it", async ({ page, browser }) => {
  const created = await api<{ id: string; url: string }>("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc, reference_id: "e2e-review" });
  const id = created.body.id;

  await completeFlow(page, created.body.url, { pan: "ABCPE9999Z", name: "Asha Rao", dob: "1988-05-17" }, "review");
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "review", { timeout: 30_000 });
  await page.screenshot({ path: shots("review-3-outcome"), fullPage: true });
  await expect.poll(() => eventsFor(id).map((e) => e.type), { timeout: 30_000 }).toContain("session.review");

  const dash = await signedInPage(browser, fx.admin);
  await dash.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Sessions" }).click();
  await dash.waitForURL(/\/dashboard\/sessions/);
  await expect(dash.getByTestId("session-row").filter({ hasText: id })).toBeVisible();
  await dash.screenshot({ path: shots("review-4-dashboard-sessions"), fullPage: true });
  await expectAccessible(dash, "dashboard: sessions list");

  await dash.goto(`/dashboard/sessions/${id}?project=${fx.demo.projectId}&mode=test`);
  const caseView = dash.getByTestId("session-case");
  await expect(caseView).toHaveAttribute("data-status", "review");
  await expect(dash.getByTestId("review-reasons")).toContainText("pan_not_found");
  await expectAccessible(dash, "dashboard: case view (review)");
  await dash.getByRole("button", { name: "Approve", exact: true }).click();
  await dash.getByLabel("Reason code").selectOption("identity_confirmed");
  await dash.getByLabel("Note (optional)").fill("Checked the PAN card by video call.");
  await dash.screenshot({ path: shots("review-5-case-deciding"), fullPage: true });
  await dash.getByRole("button", { name: "Submit decision" }).click();
  await expect(caseView).toHaveAttribute("data-status", "approved");
  await dash.screenshot({ path: shots("review-6-case-approved"), fullPage: true });
  await dash.context().close();

  const session = await api("GET", `/v1/sessions/${id}`);
  expect(session.body).toMatchObject({ status: "approved", decision: "approved", decision_source: "manual", reason_code: "identity_confirmed" });
  await expect.poll(() => eventsFor(id).map((e) => e.type), { timeout: 30_000 }).toContain("session.approved");
});
