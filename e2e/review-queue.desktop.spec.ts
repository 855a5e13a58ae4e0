/**
 * A reviewer works the review queue (issue 7 "Review"): three sessions that the sandbox
 * registry does not find wait oldest first; the reviewer approves one (keyboard), declines
 * one, and asks for the PAN of the third again; the applicant opens a new link and redoes only
 * that step. Then a final decision is overridden through the confirmation dialog, and an admin
 * finds both decisions in the audit log and in its CSV export.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_REVIEWER as REVIEWER, signedInPage, signIn } from "./fixtures/dashboard";
import type { TSession } from "../server/sessions/session.schemas";
import { api, createSession, fastForward, flowCall, fx, workflowId } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";

const shot = (name: string) => `e2e/artifacts/screenshots/review-queue-${name}.png`;
const ws = `project=${fx.demo.projectId}&mode=test`;

/** A session of "India KYC" whose PAN the sandbox registry does not find: it waits in review. */
async function sessionInReview(reference: string, pan: string, name: string): Promise<string> {
  const s = await createSession(await workflowId("India KYC"), { reference_id: reference });
  await fastForward(s, ["consent"]);
  await flowCall(s.client_token, "flow.submitStep", { sessionId: s.id, step: "pan", values: { pan, name, dob: "1988-05-17" } });
  await expect.poll(async () => (await api<TSession>("GET", `/v1/sessions/${s.id}`)).body.status, { timeout: 30_000 }).toBe("review");
  return s.id;
}

const row = (page: Page, id: string) => page.locator(`[data-testid="queue-row"][data-session-id="${id}"]`);

test("a reviewer approves, declines and asks for a resubmission; the applicant redoes the PAN; a decision is overridden and audited", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000); // axe runs on each screen
  const stamp = Date.now();
  const first = await sessionInReview(`e2e-queue-${stamp}-1`, "ABCPA9999Z", "Asha Rao");
  const second = await sessionInReview(`e2e-queue-${stamp}-2`, "ABCPB9999A", "Bela Singh");
  const third = await sessionInReview(`e2e-queue-${stamp}-3`, "ABCPC9999B", "Chitra Iyer");

  await signIn(page, REVIEWER);
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await expect(nav.getByTestId("queue-count")).toContainText(/\d/);
  await nav.getByRole("link", { name: /Review queue/ }).click();
  await page.waitForURL(/\/dashboard\/review/);

  // oldest first: the three appear in the order they entered review
  await expect(row(page, third)).toBeVisible();
  const order = await page.getByTestId("queue-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-session-id")));
  const positions = [first, second, third].map((id) => order.indexOf(id));
  expect(
    positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!)),
    `queue order ${order.join(", ")}`,
  ).toBe(true);
  await expect(row(page, first)).toContainText("pan_not_found");
  await expect(row(page, first)).toContainText("Unassigned");

  // search by PAN last 4
  await page.getByLabel("Search").fill("999B");
  await expect(page.getByTestId("queue-row")).toHaveCount(1);
  await expect(row(page, third)).toBeVisible();
  await page.getByLabel("Search").fill("");
  await expect(row(page, first)).toBeVisible();
  await page.screenshot({ path: shot("1-queue"), fullPage: true });
  await expectAccessible(page, "review-queue: 1-queue");

  // 1: claim from the list, open, approve with the keyboard
  await row(page, first).getByRole("button", { name: "Claim" }).click();
  await expect(row(page, first)).toContainText("You");
  await row(page, first).getByRole("link", { name: first }).click();
  const caseView = page.getByTestId("session-case");
  await expect(caseView).toHaveAttribute("data-status", "review");
  await expect(page.getByTestId("case-assignee")).toContainText("You");
  // a case opened from the queue: the navigation marks the queue (not "Sessions")
  await expect(nav.getByRole("link", { name: /Review queue/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("review-reasons")).toContainText("The Income Tax Department has no such PAN.");
  await page.keyboard.press("a");
  await expect(page.getByRole("button", { name: "Approve", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Reason code").selectOption("identity_confirmed");
  await page.getByLabel("Note (optional)").fill("PAN card checked by video call; the registry lags behind.");
  await page.screenshot({ path: shot("2-case-approving"), fullPage: true });
  await expectAccessible(page, "review-queue: 2-case-approving");
  await page.getByRole("button", { name: "Submit decision" }).click();
  await expect(caseView).toHaveAttribute("data-status", "approved");

  // 2: open from the queue, claim with c, decline
  await page.goto(`/dashboard/review?${ws}`);
  await row(page, second).getByRole("link", { name: second }).click();
  await expect(caseView).toHaveAttribute("data-status", "review");
  await page.keyboard.press("c");
  await expect(page.getByTestId("case-assignee")).toContainText("You");
  await page.keyboard.press("d");
  await page.getByLabel("Reason code").selectOption("document_invalid");
  await page.getByRole("button", { name: "Submit decision" }).click();
  await expect(caseView).toHaveAttribute("data-status", "declined");

  // 3: ask for the PAN step again; the reason code's text is what the applicant is told
  await page.goto(`/dashboard/sessions/${third}?${ws}`);
  await expect(caseView).toHaveAttribute("data-status", "review");
  await page.getByRole("button", { name: "Request resubmission" }).click();
  const redo = page.getByRole("group", { name: "Steps to redo" });
  await expect(redo.getByRole("checkbox", { name: /PAN/ })).toBeChecked();
  await expect(redo.getByRole("checkbox", { name: /Consent/ })).not.toBeChecked();
  await page.getByLabel("Reason code").selectOption("name_mismatch");
  await page.getByLabel("Note (optional)").fill("Please enter your PAN exactly as printed on the card.");
  await page.screenshot({ path: shot("3-case-resubmission"), fullPage: true });
  await expectAccessible(page, "review-queue: 3-case-resubmission");
  await page.getByRole("button", { name: "Submit decision" }).click();
  await expect(caseView).toHaveAttribute("data-status", "resubmission_requested");

  // none of the three waits any more
  await page.goto(`/dashboard/review?${ws}`);
  await expect(page.getByRole("heading", { name: "Review queue" })).toBeVisible();
  for (const id of [first, second, third]) await expect(row(page, id)).toHaveCount(0);

  // the applicant opens a new link and redoes only the PAN
  const resumed = await api<{ url: string }>("POST", `/v1/sessions/${third}/client_token`);
  expect(resumed.status).toBe(200);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const applicant = await phone.newPage();
  await applicant.goto(resumed.body.url);
  await expect(applicant.getByTestId("flow-step-pan")).toBeVisible();
  // the applicant reads the reason code's text and the steps to redo, never the reviewer's note
  const told = applicant.getByTestId("flow-resubmission");
  await expect(told).toContainText("The name you entered does not match the official records.");
  await expect(applicant.getByTestId("flow-resubmission-steps")).toHaveText("To do again: PAN");
  await expect(told).not.toContainText("Please enter your PAN exactly as printed on the card.");
  await applicant.getByTestId("field-pan").fill("ABCPE1234F");
  await applicant.getByTestId("field-name").fill("Ravi Kumar");
  await applicant.getByTestId("field-dob").fill("1990-01-01");
  await applicant.getByRole("button", { name: "Submit" }).click();
  await expect(applicant.getByTestId("flow-outcome")).toHaveAttribute("data-status", "approved", { timeout: 30_000 });
  await phone.close();
  const redone = await api("GET", `/v1/sessions/${third}`);
  expect(redone.body).toMatchObject({
    status: "approved",
    decision_source: "auto",
    steps: { consent: { attempts: 1 }, pan: { status: "passed", attempts: 2 } },
  });

  // override: the approved first session is declined after the confirmation naming both decisions
  await page.goto(`/dashboard/sessions/${first}?${ws}`);
  await expect(caseView).toHaveAttribute("data-status", "approved");
  await page.getByRole("button", { name: "Override decision" }).click();
  await page.getByRole("button", { name: "Decline", exact: true }).click();
  await page.getByLabel("Reason code").selectOption("suspected_fraud");
  await page.getByLabel("Note (optional)").fill("The same PAN card image appears in another application.");
  await page.getByRole("button", { name: "Submit decision" }).click();
  const dialog = page.getByRole("dialog", { name: "Override the final decision?" });
  await expect(dialog.getByTestId("override-confirm")).toContainText(`${first} is Approved (manual). It will become Declined`);
  await page.screenshot({ path: shot("4-override-confirm"), fullPage: true });
  await expectAccessible(page, "review-queue: 4-override-confirm");
  await dialog.getByRole("button", { name: "Override: Approved → Declined" }).click();
  await expect(caseView).toHaveAttribute("data-status", "declined");
  await expect(page.getByTestId("case-history")).toContainText("Approved");
  expect((await api("GET", `/v1/sessions/${first}`)).body).toMatchObject({ status: "declined", decision_source: "manual", reason_code: "suspected_fraud" });

  // the evidence viewer's PDF worker comes from our own origin
  const worker = await request.get("/dashboard/review/pdf-worker");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toContain("text/javascript");

  // a reviewer has no audit log; an admin finds both decisions there and in the CSV
  expect(await nav.getByRole("link", { name: "Audit log" }).count()).toBe(0);
  expect((await request.get(`/dashboard/audit/export?${ws}`)).status()).toBe(405); // the export writes an audit row: POST only
  const denied = await request.post("/dashboard/audit/export", { form: Object.fromEntries(new URLSearchParams(ws)) });
  expect(denied.status()).toBe(401); // this request context has no dashboard session at all
  const adminPage = await signedInPage(browser, fx.admin);
  await adminPage.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Audit log" }).click();
  await adminPage.getByLabel("Session id").fill(first);
  await adminPage.getByLabel("Action").selectOption("session.decided");
  const decided = adminPage.getByTestId("audit-row");
  await expect(decided).toHaveCount(2);
  await expect(decided.first()).toContainText("approved → declined");
  await expect(decided.first()).toContainText(REVIEWER.email);
  await expect(decided.last()).toContainText("review → approved");
  await adminPage.getByLabel("Action").selectOption("");
  await expect(adminPage.locator('[data-testid="audit-row"][data-action="session.decision_overridden"]')).toHaveCount(1);
  await adminPage.screenshot({ path: shot("5-audit-log"), fullPage: true });
  await expectAccessible(adminPage, "review-queue: 5-audit-log");

  const download = adminPage.waitForEvent("download");
  await adminPage.getByTestId("audit-export").click();
  const csv = readFileSync(await (await download).path(), "utf8");
  const lines = csv.trimEnd().split("\n");
  expect(lines[0]).toBe("time,actor_type,actor,actor_id,action,object_type,object_id,session_id,ip,data");
  expect(lines.filter((l) => l.includes(",session.decided,"))).toHaveLength(2);
  expect(lines.filter((l) => l.includes(",session.decision_overridden,"))).toHaveLength(1);
  expect(lines.every((l, i) => i === 0 || l.includes(first))).toBe(true);
  await adminPage.reload();
  await adminPage.getByLabel("Action").selectOption("audit_log.exported");
  await expect(adminPage.getByTestId("audit-row").first()).toContainText(fx.admin.email);

  // a session the reviewer has claimed: the admin takes it over after the confirmation naming who has it
  const fourth = await sessionInReview(`e2e-queue-${stamp}-4`, "ABCPD9999C", "Divya Nair");
  await page.goto(`/dashboard/review?${ws}`);
  await row(page, fourth).getByRole("button", { name: "Claim" }).click();
  await expect(row(page, fourth)).toContainText("You");
  await adminPage.goto(`/dashboard/review?${ws}`);
  await row(adminPage, fourth).getByRole("button", { name: "Take over" }).click();
  const takeOver = adminPage.getByRole("dialog", { name: "Take over this session?" });
  await expect(takeOver).toContainText(`${REVIEWER.email} has claimed ${fourth}.`);
  await adminPage.screenshot({ path: shot("6-take-over"), fullPage: true });
  await expectAccessible(adminPage, "review-queue: 6-take-over dialog");
  await takeOver.getByRole("button", { name: "Take over" }).click();
  await expect(takeOver).toHaveCount(0);
  await expect(row(adminPage, fourth)).toContainText("You");
  await adminPage.context().close();
});
