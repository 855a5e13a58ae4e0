/**
 * The workflow builder as an admin meets it (issue 7): create a KYC workflow from the template,
 * add a documents step with a custom field (English and Hindi labels) and a decision rule in
 * the form, save, publish version 1, see it in the history, change the time to live, publish
 * version 2 and read the diff; preview the draft, whose hosted flow asks for the custom field;
 * a session created through /v1/sessions uses version 2. A reviewer sees the builder read-only.
 */
import { expect, test, type Page } from "@playwright/test";
import { api, documentPng } from "./fixtures/flow";
import { e2eFixtures } from "../tests/fixtures/e2e-fixtures";
import { type Credentials, DEMO_REVIEWER, signIn } from "./fixtures/dashboard";
import { expectAccessible } from "./fixtures/axe";

const fx = e2eFixtures();
const shots = (name: string) => `e2e/artifacts/screenshots/workflow-builder-${name}.png`;
const NAME = `Staff onboarding ${Date.now()}`;

/** Signs `who` in and opens the workflows list. */
async function openWorkflows(page: Page, who: Credentials) {
  await signIn(page, who);
  await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Workflows" }).click();
  await expect(page.getByRole("heading", { name: "Workflows", level: 1 })).toBeVisible();
}

async function publish(page: Page, version: number) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Publish version ${version}?` });
  await expect(dialog).toContainText("sessions already running keep theirs");
  await dialog.getByRole("button", { name: `Publish version ${version}` }).click();
  const done = page.getByRole("dialog", { name: `Version ${version} published` });
  await expect(done).toBeVisible();
  await done.getByRole("button", { name: "See the history" }).click();
}

test("an admin builds a KYC workflow with a custom document field, publishes two versions, diffs them and previews the draft", async ({ page }) => {
  test.setTimeout(180_000);
  await openWorkflows(page, fx.admin);
  await expect(page.getByTestId("workflow-row").filter({ hasText: "India KYC" }).first()).toContainText("Version");
  await page.screenshot({ path: shots("1-list"), fullPage: true });
  await expectAccessible(page, "workflow-builder: 1-list");

  // create: the name is required, then the draft opens on the KYC template
  await page.getByRole("button", { name: "New workflow" }).click();
  const create = page.getByRole("dialog", { name: "New workflow" });
  await create.getByRole("button", { name: "Create workflow" }).click();
  await expect(create.getByLabel("Name")).toHaveAccessibleDescription(/Name the workflow\./);
  await expectAccessible(page, "workflow-builder: new workflow dialog");
  await create.getByLabel("Name").fill(NAME);
  await create.getByRole("button", { name: "Create workflow" }).click();
  await expect(page.getByRole("heading", { name: NAME, level: 1 })).toBeVisible();
  await expect(page.getByText("Not published")).toBeVisible();
  const cards = page.getByTestId("step-card");
  await expect(cards).toHaveCount(6);
  await expectAccessible(page, "workflow-builder: steps tab");

  // a documents step from the catalog, moved up with the keyboard-accessible buttons to follow consent
  await page.getByRole("button", { name: "Add step" }).click();
  const picker = page.getByRole("dialog", { name: "Add a step" });
  await expect(picker).toContainText("Photos or files of an identity document");
  await expectAccessible(page, "workflow-builder: add step dialog");
  await picker.getByRole("radio", { name: /^Documents/ }).check();
  await picker.getByRole("button", { name: "Add step" }).click();
  await expect(cards).toHaveCount(7);
  const up = page.getByRole("button", { name: "Move step documents up" });
  for (let i = 0; i < 5; i++) await up.click();
  await expect(up).toBeFocused();
  await expect(cards.nth(1)).toHaveAttribute("data-step-name", "documents");

  // only the PAN card; a custom field, first with a key the schema refuses
  const documents = page.locator('[data-testid="step-card"][data-step-name="documents"]');
  for (const type of ["Aadhaar card", "Passport", "Voter ID (EPIC)", "Driving licence"]) await documents.getByLabel(type, { exact: true }).uncheck();
  await documents.getByRole("button", { name: "Add custom field" }).click();
  const custom = documents.getByTestId("custom-field");
  await custom.getByLabel("Key", { exact: true }).fill("Employee ID");
  await custom.getByLabel("Label (English)").fill("Employee ID");
  await custom.getByLabel("Label (Hindi)").fill("कर्मचारी आईडी");
  await custom.getByLabel("Pattern (optional)").fill("^E[0-9]{5}$");

  // a decision rule, in the form
  await page.getByRole("tab", { name: "Decision rules" }).click();
  await expect(page.getByTestId("rules-explainer")).toContainText("decline over review over approve");
  await page.getByRole("button", { name: "Add rule" }).click();
  const rule = page.getByTestId("rule-card").last();
  await rule.getByLabel("Name", { exact: true }).fill("pan_failed");
  await rule.getByLabel("Description (optional)").fill("The PAN check failed.");
  await expect(rule.getByLabel("Condition")).toHaveValue("check");
  await expect(rule.getByLabel("Check", { exact: true })).toHaveValue("in.pan.verify");
  await expect(rule.getByLabel("Failed", { exact: true })).toBeChecked();
  await rule.getByLabel("Error code is one of").fill("pan_inactive, pan_not_found");
  await rule.getByLabel("Then").selectOption("decline");
  await page.screenshot({ path: shots("2-rule"), fullPage: true });
  await expectAccessible(page, "workflow-builder: 2-rule");

  // saving shows the invalid key next to its input, on the Steps tab
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("error-summary")).toContainText(
    "Step 2 (documents) › Field 3 › Key: Lower-case letters, digits and _, starting with a letter.",
  );
  await expect(page.getByRole("tab", { name: /Steps/ })).toHaveAttribute("aria-selected", "true");
  const key = custom.getByLabel("Key", { exact: true });
  await expect(key).toHaveAttribute("aria-invalid", "true");
  await expect(key).toHaveAccessibleDescription(/Lower-case letters, digits and _, starting with a letter\./);
  await page.screenshot({ path: shots("3-field-error"), fullPage: true });
  await expectAccessible(page, "workflow-builder: 3-field-error");
  await key.fill("employee_id");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await expect(page.getByTestId("error-summary")).toHaveCount(0);
  await page.screenshot({ path: shots("4-saved"), fullPage: true });
  await expectAccessible(page, "workflow-builder: 4-saved");

  // version 1, in the history
  await publish(page, 1);
  await expect(page.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
  const v1 = page.getByTestId("version-row").filter({ hasText: "Version 1" });
  await expect(v1).toContainText("Current");
  await expect(v1).toContainText("Demo Admin");
  await expect(page.getByTestId("diff-summary")).toContainText("First version: 7 steps (consent, documents, phone, pan, aadhaar, selfie, review)");

  // a change, saved: the draft's diff against version 1, then version 2
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByLabel("Time to live")).toHaveValue("7");
  await expectAccessible(page, "workflow-builder: settings tab");
  await page.getByLabel("Time to live").fill("3");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await expect(page.getByText("Draft changes", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("heading", { name: "Draft compared with the current version" })).toBeVisible();
  await expectAccessible(page, "workflow-builder: history tab (draft diff)");
  await expect(page.getByTestId("diff-summary")).toHaveText("Time to live: 7 days → 3 days.");
  await publish(page, 2);
  await expect(page.getByTestId("version-row").first()).toContainText("Version 2");
  await expect(page.getByTestId("version-row").first()).toContainText("Current");
  await expect(page.getByTestId("version-row").nth(1)).not.toContainText("Current");
  const diff = page.getByTestId("diff-view");
  await expect(page.getByTestId("diff-summary")).toHaveText("Time to live: 7 days → 3 days.");
  await expect(diff.locator('[data-op="-"]')).toHaveCount(1);
  await expect(diff.locator('[data-op="-"]')).toContainText('"ttl_seconds": 604800,');
  await expect(diff.locator('[data-op="+"]')).toHaveCount(1);
  await expect(diff.locator('[data-op="+"]')).toContainText('"ttl_seconds": 259200,');
  await page.screenshot({ path: shots("5-history-diff"), fullPage: true });
  await expectAccessible(page, "workflow-builder: 5-history-diff");

  // the API shows version 2, never a draft or a preview
  const listed = await api<{ data: { id: string; name: string; version: number; ttl_seconds: number; steps: { name: string }[] }[] }>(
    "GET",
    "/v1/workflows?limit=100",
  );
  const wf = listed.body.data.find((w) => w.name === NAME)!;
  expect(wf).toMatchObject({ version: 2, ttl_seconds: 259_200 });
  expect(wf.steps.map((s) => s.name)).toEqual(["consent", "documents", "phone", "pan", "aadhaar", "selfie", "review"]);

  // preview: a test session on the draft, in a new tab, asking for the custom field
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Preview" }).click();
  const flow = await popup;
  await flow.waitForURL(/\/flow\/ses_/);
  await expect(page.getByTestId("preview-ready")).toBeVisible();
  await flow.getByTestId("consent-checkbox").check();
  await flow.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(flow.getByRole("heading", { name: "Front of your PAN card" })).toBeVisible();
  await flow.getByTestId("document-file-input").setInputFiles({ name: "pan.png", mimeType: "image/png", buffer: await documentPng() });
  await expect(flow.getByRole("heading", { name: "Check your details" })).toBeVisible();
  await expect(flow.getByLabel("Employee ID")).toBeVisible();
  await flow.screenshot({ path: shots("6-preview-custom-field"), fullPage: true });
  await expectAccessible(flow, "workflow-builder: 6-preview-custom-field");
  const previewId = /\/flow\/(ses_[^#?/]+)/.exec(flow.url())![1]!;
  await flow.close();
  expect((await api<{ workflow_version: number }>("GET", `/v1/sessions/${previewId}`)).status).toBe(200);

  // a new session through the API uses the current version
  const created = await api<{ id: string }>("POST", "/v1/sessions", { workflow_id: wf.id });
  expect(created.status).toBe(201);
  const session = await api<{ workflow_version: number }>("GET", `/v1/sessions/${created.body.id}`);
  expect(session.body.workflow_version).toBe(2);
});

test("a reviewer sees the builder read-only and cannot publish", async ({ page }) => {
  await openWorkflows(page, DEMO_REVIEWER);
  await expect(page.getByRole("button", { name: "New workflow" })).toHaveCount(0);
  await page.getByRole("link", { name: "India KYC", exact: true }).click();
  await expect(page.getByTestId("workflow-read-only")).toContainText("owners, administrators and developers can change and publish it");
  await expect(page.getByRole("button", { name: "Save draft" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await expect(page.getByTestId("step-card").first().getByLabel("Step name")).toBeDisabled();
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByTestId("version-row").first()).toContainText("Current");
  await page.screenshot({ path: shots("7-reviewer-read-only"), fullPage: true });
  await expectAccessible(page, "workflow-builder: 7-reviewer-read-only");

  const id = /\/dashboard\/workflows\/(wf_[^?]+)/.exec(page.url())![1]!;
  const res = await page.request.post("/api/trpc/workflows.publish?batch=1", {
    data: { 0: { json: { projectId: new URL(page.url()).searchParams.get("project"), mode: "test", id } } },
  });
  const body = (await res.json()) as { error?: { json: { message: string; data: { code: string } } } }[];
  expect(res.status()).toBe(403);
  expect(body[0]?.error?.json.data.code).toBe("FORBIDDEN");
});
