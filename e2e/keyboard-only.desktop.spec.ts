/**
 * Keyboard only (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): an applicant gives consent and enters a PAN
 * the sandbox registry does not find, then a reviewer signs in and declines the session, with
 * Tab, Space, Enter, arrow keys and the dashboard's shortcuts: no mouse, no `click()`. Every
 * control the journey stops on shows a focus outline that is not hidden behind anything.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { TSession } from "../server/sessions/session.schemas";
import { expectAccessible } from "./fixtures/axe";
import { DEMO_REVIEWER } from "./fixtures/dashboard";
import { api, createSession, fx, workflowId } from "./fixtures/flow";

/** Presses Tab until `target` has the focus (at most `max` times), then checks its focus indicator. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectFocusVisible(target);
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * The focused element draws an outline (2.4.7), and the point at its centre is the element
 * itself or inside it: nothing (a sticky bar, a banner) covers it (2.4.11).
 */
async function expectFocusVisible(target: Locator): Promise<void> {
  const style = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    // a native checkbox or radio inside a styled label: the label draws the ring
    const ringOn = el instanceof HTMLInputElement && el.type === "radio" && el.closest("label") ? getComputedStyle(el.closest("label")!) : s;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { outline: ringOn.outlineStyle, width: parseFloat(ringOn.outlineWidth), covered: !(top && (top === el || el.contains(top) || top.contains(el))) };
  });
  expect(style.outline, "focus outline style").not.toBe("none");
  expect(style.width, "focus outline width").toBeGreaterThanOrEqual(2);
  expect(style.covered, "focused element covered").toBe(false);
}

test("consent, PAN and a reviewer's decision, with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  const s = await createSession(await workflowId("India KYC"), { reference_id: `e2e-keyboard-${Date.now()}` });

  // the applicant
  await page.goto(s.url);
  const consent = page.getByTestId("flow-step-consent");
  await expect(consent).toBeVisible();
  // the full notice opens from the keyboard
  await tabTo(page, page.getByRole("button", { name: "Read the full notice" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Have wrong or incomplete data corrected and updated")).toBeVisible();
  await tabTo(page, page.getByTestId("consent-checkbox"));
  await page.keyboard.press("Space");
  await expect(page.getByTestId("consent-checkbox")).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Continue", exact: true }));
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("flow-step-pan")).toBeVisible();
  await tabTo(page, page.getByTestId("field-pan"));
  await page.keyboard.type("ABCPE9999Z"); // sandbox: no such PAN -> review
  await tabTo(page, page.getByTestId("field-name"));
  await page.keyboard.type("Asha Rao");
  await tabTo(page, page.getByTestId("field-dob"));
  await page.keyboard.type("05171988"); // mm dd yyyy segments of Chromium's en-US date field
  await expect(page.getByTestId("field-dob")).toHaveValue("1988-05-17");
  await tabTo(page, page.getByRole("button", { name: "Submit", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "review", { timeout: 30_000 });

  // the reviewer
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(DEMO_REVIEWER.email);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(DEMO_REVIEWER.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();

  await page.goto(`/dashboard/sessions/${s.id}?project=${fx.demo.projectId}&mode=test&from=queue`);
  const caseView = page.getByTestId("session-case");
  await expect(caseView).toHaveAttribute("data-status", "review");
  // opened from the queue: the navigation marks the queue, not the sessions list
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await expect(nav.getByRole("link", { name: /Review queue/ })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Sessions" })).not.toHaveAttribute("aria-current", "page");
  await page.keyboard.press("c"); // claim
  await expect(page.getByTestId("case-assignee")).toContainText("You");
  await page.keyboard.press("d"); // decline
  await expect(page.getByRole("button", { name: "Decline", exact: true })).toHaveAttribute("aria-pressed", "true");
  const reason = page.getByLabel("Reason code");
  await tabTo(page, reason);
  await page.keyboard.type("Document"); // a closed select's type-ahead: the option whose label starts so
  await expect(reason).toHaveValue("document_invalid");
  await expectAccessible(page, "keyboard: decision panel (decline)");
  await tabTo(page, page.getByRole("button", { name: "Submit decision" }));
  await page.keyboard.press("Enter");
  await expect(caseView).toHaveAttribute("data-status", "declined");
  const decided = await api<TSession>("GET", `/v1/sessions/${s.id}`);
  expect(decided.body).toMatchObject({ status: "declined", decision_source: "manual", reason_code: "document_invalid" });
});
