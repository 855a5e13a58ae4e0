/**
 * KYB in the hosted flow ("India KYB"): a private limited company enters its PAN, details
 * (sandbox values), documents, its two directors (prefilled from the MCA21 answer) and its bank
 * account, then waits while each director completes their own KYC in a browser context of
 * their own: one from the invitation email (the durable invite link, the same one the flow
 * shows), one from the link the applicant copies. The business is then approved, the backend
 * sees it, and the reviewer's case view shows the business and its directors as one tree. A
 * director declined (sandbox PAN digits 6666) sends the business to review.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { TSession } from "../server/sessions/session.schemas";
import { api, createSession, dashboardPage, documentPng, fastForward, flowCall, fx, shot, workflowId } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";
import { type Mailbox, openMailbox } from "./fixtures/mailbox";

test.use({ viewport: { width: 390, height: 844 } });

/** A key person's invitation link (server/kyb/key-person-invite.ts). */
const INVITE_LINK = /https?:\/\/[^\s"<>]+\/flow\/ses_[0-9A-Za-z]+\/invite#k=ki_[0-9a-f]{64}/;

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(() => mailbox.close());

/** A director opens their link in a fresh browser context and completes consent and PAN. */
async function directorCompletes(browser: Browser, url: string, pan: string, name: string, expected: "approved" | "declined") {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId("consent-checkbox").check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByTestId("flow-step-pan")).toBeVisible();
  await expect(page.getByTestId("field-name")).toHaveValue(name); // prefilled from the key people step
  await page.getByTestId("field-pan").fill(pan);
  await page.getByTestId("field-dob").fill("1990-01-01");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", expected === "approved" ? "approved" : "declined", { timeout: 60_000 });
  await context.close();
}

/** The link of the waiting person `name`, as the applicant gets it from the flow. */
async function linkOf(page: Page, name: string): Promise<string> {
  const row = page.getByTestId("waiting-person").filter({ hasText: name });
  await row.getByTestId("waiting-person-get-link").click();
  const link = row.getByTestId("waiting-person-link");
  await expect(link).toHaveValue(INVITE_LINK);
  return link.inputValue();
}

test("a private limited company with two directors is verified", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const s = await createSession(await workflowId("India KYB"), { reference_id: "e2e-kyb-approved" });
  await page.goto(s.url);

  // the notice lists what the KYB steps collect, the key people's contact data included
  const collected = page.getByTestId("consent-collected");
  await expect(collected).toContainText("The business's details and registrations");
  await expect(collected).toContainText("their names, roles, ownership, email addresses and mobile numbers");
  await expect(collected).toContainText("The business's bank account number and IFSC");
  await expectAccessible(page, "flow en: KYB consent");
  await page.getByTestId("consent-checkbox").check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Your business's PAN details" })).toBeVisible();
  await expectAccessible(page, "flow en: business PAN");
  await page.getByTestId("field-pan").fill("ABCCE1234F");
  await page.getByTestId("field-name").fill("Sandbox Private Limited");
  await page.getByTestId("field-dob").fill("2015-01-01");
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  // business details: a typo in the GSTIN is caught as typed, then the sandbox's passing values
  const details = page.getByTestId("flow-step-business-details");
  await expect(details).toBeVisible();
  await expect(page.getByTestId("field-legal-name")).toHaveValue("Sandbox Private Limited");
  await page.getByTestId("field-gstin").fill("27ABCCE1234F1Z3");
  await page.getByTestId("field-gstin").blur();
  await expect(page.getByTestId("field-gstin")).toHaveAccessibleDescription(/typing mistake/);
  await page.getByRole("button", { name: "Fill in the passing values" }).click();
  await expect(page.getByTestId("field-cin")).toHaveValue("U72900KA2015PTC012345");
  await page.screenshot({ path: shot("kyb-01-details"), fullPage: true });
  await expectAccessible(page, "flow en: business details");
  await page.getByTestId("business-details-submit").click();

  // documents of a private limited company: incorporation, board resolution, GST (bank statement optional)
  await expect(page.getByTestId("flow-step-business-documents")).toBeVisible();
  await expect(page.getByTestId("business-document-partnership_deed")).toHaveCount(0);
  await page.getByTestId("business-documents-submit").click();
  await expect(page.getByText("Upload this document.").first()).toBeVisible();
  await expectAccessible(page, "flow en: business documents (missing)");
  const png = await documentPng();
  for (const type of ["certificate_of_incorporation", "board_resolution", "gst_certificate"]) {
    await page.getByTestId(`business-document-input-${type}`).setInputFiles({ name: `${type}.png`, mimeType: "image/png", buffer: png });
    await expect(page.getByTestId(`business-document-${type}`)).toHaveAttribute("data-uploaded", "true");
  }
  await page.getByTestId("business-documents-submit").click();

  // key people: the MCA21 directors are already there
  await expect(page.getByTestId("people-from-registry")).toBeVisible();
  const people = page.getByTestId("key-person");
  await expect(people).toHaveCount(2);
  await expect(people.nth(0).getByTestId("person-name")).toHaveValue("Asha Verma");
  await expect(people.nth(1).getByTestId("person-name")).toHaveValue("Ravi Kumar");
  for (const [i, email] of ["asha@example.com", "ravi@example.com"].entries()) {
    await people.nth(i).getByTestId("person-email").fill(email);
    await people.nth(i).getByTestId("person-phone").fill(`98765 4321${i}`);
    await people.nth(i).getByTestId("person-ownership").fill("50");
  }
  await page.screenshot({ path: shot("kyb-02-key-people"), fullPage: true });
  await expectAccessible(page, "flow en: key people");
  await page.getByTestId("key-people-submit").click();

  // bank account: the bank is shown as the IFSC is typed
  await expect(page.getByTestId("flow-step-bank-account")).toBeVisible();
  await page.getByTestId("field-account-number").fill("50100012345678");
  await page.getByTestId("field-account-number-confirm").fill("50100012345678");
  await page.getByTestId("field-ifsc").fill("hdfc0000001");
  await expect(page.getByTestId("ifsc-bank")).toContainText("Bank:");
  await expectAccessible(page, "flow en: bank account");
  await page.getByTestId("bank-account-submit").click();

  // the business waits for its directors
  await expect(page.getByTestId("flow-waiting-key-people")).toBeVisible();
  await expect(page.getByTestId("waiting-person")).toHaveCount(2);
  await page.screenshot({ path: shot("kyb-03-waiting"), fullPage: true });
  await expectAccessible(page, "flow en: waiting for key people");
  const waiting = await api<TSession>("GET", `/v1/sessions/${s.id}`);
  expect(waiting.body.status).toBe("in_progress");

  // Asha uses the emailed invitation: the very link the applicant can copy
  const emailed = await mailbox.linkFor("asha@example.com", INVITE_LINK);
  expect(await linkOf(page, "Asha Verma")).toBe(emailed);
  await directorCompletes(browser, emailed, "AAAPV1234K", "Asha Verma", "approved");
  await expect(page.getByTestId("waiting-person").filter({ hasText: "Asha Verma" })).toHaveAttribute("data-status", "approved", { timeout: 30_000 });
  await directorCompletes(browser, await linkOf(page, "Ravi Kumar"), "ABCPE1234F", "Ravi Kumar", "approved");

  // opened again once she is done, the invitation says so in the flow's frame
  const again = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const revisit = await again.newPage();
  await revisit.goto(emailed);
  await expect(revisit.getByTestId("flow-link-problem")).toHaveAttribute("data-status", "session_finished");
  await expect(revisit.getByRole("heading", { name: "You have already done this" })).toBeVisible();
  await revisit.screenshot({ path: shot("kyb-05-invite-used"), fullPage: true });
  await expectAccessible(revisit, "flow en: invitation already used");
  // a damaged link says so, without naming anyone
  await revisit.goto(`${emailed.slice(0, -1)}${emailed.endsWith("0") ? "1" : "0"}`);
  await expect(revisit.getByTestId("flow-link-problem")).toHaveAttribute("data-status", "invalid");
  await expect(revisit.getByRole("heading", { name: "This link doesn't work" })).toBeVisible();
  await expectAccessible(revisit, "flow en: invalid link");
  await again.close();

  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "approved", { timeout: 60_000 });
  await page.screenshot({ path: shot("kyb-04-approved"), fullPage: true });
  const decided = await api<TSession>("GET", `/v1/sessions/${s.id}?expand=business`);
  expect(decided.body).toMatchObject({
    status: "approved",
    decision: "approved",
    business: { legal_name: { value: "SANDBOX PRIVATE LIMITED", source: "in.cin.verify" } },
  });
  expect(decided.body.related_sessions.map((r) => [r.role, r.status])).toEqual([
    ["director", "approved"],
    ["director", "approved"],
  ]);

  // the reviewer's case view: the business and its two directors as one tree, each linking to their case
  const dash = await dashboardPage(browser);
  await dash.goto(`/dashboard/sessions/${s.id}?project=${fx.demo.projectId}&mode=test`);
  const tree = dash.getByTestId("business-tree");
  await expect(tree.getByRole("treeitem").first()).toContainText("SANDBOX PRIVATE LIMITED");
  const directors = tree.getByTestId("business-tree-person");
  await expect(directors).toHaveCount(2);
  for (const [i, name] of ["Asha Verma", "Ravi Kumar"].entries()) {
    await expect(directors.nth(i)).toHaveAttribute("data-status", "approved");
    await expect(directors.nth(i).getByRole("link", { name })).toBeVisible();
    await expect(directors.nth(i)).toContainText("Director · 50%");
    await expect(directors.nth(i).getByTestId("business-tree-decision")).toHaveText("decision: Approved");
  }
  await dash.screenshot({ path: shot("kyb-06-dashboard-tree"), fullPage: true });
  await expectAccessible(dash, "dashboard: KYB case (business tree)");
  await directors.nth(0).getByRole("link", { name: "Asha Verma" }).click();
  const childId = decided.body.related_sessions[0]!.id;
  await expect(dash).toHaveURL(new RegExp(`/dashboard/sessions/${childId}\\?`));
  // the director's case shows the same tree, marks this director, and links back to the business
  const related = dash.getByTestId("related-sessions");
  await expect(related.getByTestId("business-tree-person").first()).toContainText("(this case)");
  await expect(related.getByTestId("business-tree-person")).toHaveCount(2);
  await dash.screenshot({ path: shot("kyb-07-dashboard-child"), fullPage: true });
  await related.getByRole("link", { name: "SANDBOX PRIVATE LIMITED" }).click();
  await expect(dash).toHaveURL(new RegExp(`/dashboard/sessions/${s.id}\\?`));
  await dash.context().close();
});

test("a declined director sends the business to review", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const s = await createSession(await workflowId("India KYB"), { reference_id: "e2e-kyb-review" });
  await fastForward(s, ["consent"]);
  const t = s.client_token;
  const submit = (step: string, values: unknown) => flowCall(t, "flow.submitStep", { sessionId: s.id, step, values });
  await submit("business_pan", { pan: "ABCCE1234F", name: "Sandbox Private Limited", dob: "2015-01-01" });
  await submit("business_details", {
    legal_name: "Sandbox Private Limited",
    constitution: "private_limited",
    gstin: "27ABCCE1234F1Z2",
    cin: "U72900KA2015PTC012345",
    address: { line1: "12 MG Road", city: "Mumbai", state: "Maharashtra", pincode: "400001" },
  });
  await page.goto(s.url);
  // the server's inert picture of the screen has the same inputs: the files go to the live screen's
  await expect(page.getByTestId("flow-first-paint")).toHaveCount(0);
  const png = await documentPng();
  for (const type of ["certificate_of_incorporation", "board_resolution", "gst_certificate"]) {
    await page.getByTestId(`business-document-input-${type}`).setInputFiles({ name: `${type}.png`, mimeType: "image/png", buffer: png });
    await expect(page.getByTestId(`business-document-${type}`)).toHaveAttribute("data-uploaded", "true");
  }
  await page.getByTestId("business-documents-submit").click();
  await submit("key_people", { people: [{ name: "Asha Verma", role: "director", email: "asha@example.com", phone: "9876543210" }] });
  await submit("bank_account", { account_number: "50100012345678", account_number_confirm: "50100012345678", ifsc: "HDFC0000001" });
  await page.reload();
  await expect(page.getByTestId("flow-waiting-key-people")).toBeVisible();

  await directorCompletes(browser, await linkOf(page, "Asha Verma"), "AAAPV6666K", "Asha Verma", "declined");
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "review", { timeout: 60_000 });
  const parent = await api("GET", `/v1/sessions/${s.id}`);
  expect(parent.body).toMatchObject({ status: "review", related_sessions: [{ role: "director", status: "declined" }] });
});
