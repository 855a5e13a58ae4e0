/**
 * Document and face intelligence in the hosted flow ("India KYC (full)"): the documents step
 * pre-fills its fields from a synthetic PAN card (tests/fixtures/intelligence/pan-card.jpg,
 * invented text) and the applicant corrects one; the selfie's camera shows a 3D head rendered
 * from the card's public-domain face (tests/fixtures/intelligence/faces/README.md) following the
 * template's liveness challenge (e2e/fixtures/liveness-camera.ts). The API then shows the face
 * match against the card's photo and the challenge's verdict, and the reviewer's case page names
 * the document signal among the review reasons.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEFAULT_FACE_MATCH_THRESHOLD } from "../server/intelligence/face/face-thresholds";
import { api, type CheckDto, createSession, dashboardPage, FAKE_CAMERA, fastForward, fx, shot, workflowId } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";
import { fakeChallengeCamera } from "./fixtures/liveness-camera";

const FIXTURES = path.resolve("tests/fixtures/intelligence");

test.use({ launchOptions: FAKE_CAMERA, permissions: ["camera"] });
// the liveness challenge's frames are judged with the face models: a while on a loaded machine
test.setTimeout(360_000);

test("the documents step pre-fills from the card, the applicant corrects a field, and the selfie is matched with the card's photo", async ({
  page,
  browser,
}) => {
  await fakeChallengeCamera(page, "collins-head");
  const s = await createSession(await workflowId("India KYC (full)"));
  await fastForward(s, ["consent", "phone", "email", "pan", "aadhaar"]);
  await page.goto(s.url);

  await expect(page.getByRole("heading", { name: "Choose a document" })).toBeVisible();
  await page.getByRole("radio", { name: "PAN card" }).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByTestId("document-file-input").setInputFiles(path.join(FIXTURES, "pan-card.jpg"));

  // the form opens at once; the OCR runs in an Inngest function and fills the empty fields
  await expect(page.getByRole("heading", { name: "Check your details" })).toBeVisible();
  const notice = page.getByTestId("document-prefill");
  await expect(notice).toHaveAttribute("data-status", "filled", { timeout: 30_000 });
  await expect(notice).toContainText("We filled in 3 details from your document");
  await expect(page.getByLabel("Full name")).toHaveValue("ANITA SHARMA");
  await expect(page.getByLabel("PAN", { exact: true })).toHaveValue("ABCPE1234F");
  const dob = page.getByLabel("Date of birth");
  await expect(dob).toHaveValue("1988-08-14");
  await page.screenshot({ path: shot("intel-01-prefilled"), fullPage: true });
  await expectAccessible(page, "flow en: intel-01-prefilled");
  await dob.fill("1988-08-15");
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Take a selfie" })).toBeVisible();
  await page.getByRole("button", { name: "Open the camera" }).click();
  await expect(page.getByTestId("camera")).toHaveAttribute("data-status", "live");
  await page.screenshot({ path: shot("intel-02-selfie-camera"), fullPage: true });
  await expectAccessible(page, "flow en: intel-02-selfie-camera");
  await page.getByRole("button", { name: "Take photo" }).click();
  await expect(page.getByRole("heading", { name: "Check your selfie" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Use this selfie" }).click();
  await expect(page.getByRole("heading", { name: "Check and submit" })).toBeVisible({ timeout: 240_000 });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "review", { timeout: 60_000 });

  const session = await api<{ status: string; checks: CheckDto[] }>("GET", `/v1/sessions/${s.id}?expand=checks`);
  expect(session.body.status).toBe("review");
  const face = session.body.checks.find((c) => c.check_key === "in.face.match")!;
  // `compare_with: any`: the card's photo was the reference (the sandbox e-KYC's photo is not used)
  expect(face).toMatchObject({ result: { reference: "document", selfie_faces: 1, document_faces: 1 } });
  expect(face.score!).toBeGreaterThanOrEqual(DEFAULT_FACE_MATCH_THRESHOLD);
  // a match; earlier journeys on this database took selfies of the same fake-camera face, which the 1:N search finds
  expect(["passed:null", "needs_review:face_duplicate"]).toContain(`${face.status}:${face.error_code}`);
  // the template's liveness challenge, followed by the rendered head, holds
  expect(session.body.checks.find((c) => c.check_key === "in.liveness.check")).toMatchObject({
    status: "passed",
    error_code: null,
    result: { method: "active", challenge: { status: "passed" } },
  });

  const dash = await dashboardPage(browser);
  await dash.goto(`/dashboard/sessions/${s.id}?project=${fx.demo.projectId}&mode=test`);
  await expect(dash.getByTestId("session-case")).toHaveAttribute("data-status", "review");
  await expect(dash.getByTestId("review-reasons")).toContainText("document_signal");
  await dash.screenshot({ path: shot("intel-03-case"), fullPage: true });
  await expectAccessible(dash, "dashboard: intel-03-case");
  await dash.context().close();
});
