/**
 * The selfie step's active liveness challenge (`liveness.active: turn_head`) on a small phone
 * (360 x 740), on a workflow published for this spec: "India KYC (full)" reduced to consent and
 * selfie, so there is no reference photo and the liveness check alone decides. Chromium's fake
 * camera plays a public-domain face (tests/fixtures/intelligence/faces/README.md) as Y4M.
 *
 * - A still face (the same frame all along): the applicant reads the prompt while the frames are
 *   taken and is told they are sent; one frame's upload is lost on the way, the capture is kept
 *   and the second "Submit" sends only what is missing; the server's judge sees no head turn: the
 *   liveness check asks for review (`liveness_challenge_failed`) and the session goes to review,
 *   never declined.
 * - A synthetic head turn (tests/fixtures/intelligence/head-turn.ts: the selfie's face mesh
 *   re-rendered 35° to each side), in Hindi: the judge measures a yaw span above its 20° and the
 *   session is approved. A re-render of one still photo passing is itself a finding
 *   (bench/README.md "Intelligence"): the challenge raises the cost of a replay, it is no proof.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  api,
  type CheckDto,
  type CreatedSession,
  createSession,
  dashboardPage,
  FAKE_CAMERA,
  fastForward,
  fx,
  publishWorkflowVariant,
  shot,
  writeY4m,
} from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";

const FIXTURES = path.resolve("tests/fixtures/intelligence");
const face = (name: string) => readFileSync(path.join(FIXTURES, `${name}.jpg`));
const CAMERA_FILE = path.resolve("e2e/artifacts/fake-camera-liveness.y4m");
const CAMERA_SIZE = { width: 480, height: 640 };

test.use({
  viewport: { width: 360, height: 740 },
  launchOptions: { ...FAKE_CAMERA, args: [...FAKE_CAMERA.args, `--use-file-for-fake-video-capture=${CAMERA_FILE}`] },
  permissions: ["camera"],
});

let workflow: string;

test.beforeAll(async ({ browser }) => {
  // the file must exist when Chromium starts; each journey writes its own video before opening the camera
  await writeY4m(face("selfie-collins"), CAMERA_FILE, CAMERA_SIZE);
  const dash = await dashboardPage(browser);
  workflow = await publishWorkflowVariant(dash, "India KYC (full)", `Liveness challenge e2e ${Date.now()}`, (d) => ({
    ...d,
    steps: d.steps
      .filter((s) => s.type === "consent" || s.type === "selfie")
      .map((s) => (s.type === "selfie" ? { ...s, settings: { ...s.settings, liveness: { passive: true, threshold: 0.5, active: "turn_head" } } } : s)),
  }));
  await dash.context().close();
});

/** What the applicant reads, per language (components/flow/i18n). */
const TEXT = {
  en: {
    title: "Take a selfie",
    open: "Open the camera",
    shutter: "Take photo",
    prompt: "Slowly turn your head to the left, then to the right.",
    preview: "Check your selfie",
    framesNote: "The 8 pictures taken while you moved will be sent with your selfie.",
    submit: "Submit",
  },
  hi: {
    title: "सेल्फ़ी लें",
    open: "कैमरा खोलें",
    shutter: "फ़ोटो लें",
    prompt: "धीरे-धीरे अपना सिर बाईं ओर, फिर दाईं ओर घुमाएँ।",
    preview: "अपनी सेल्फ़ी जाँचें",
    framesNote: "हिलते समय ली गई 8 तस्वीरें आपकी सेल्फ़ी के साथ भेजी जाएँगी।",
    submit: "जमा करें",
  },
};

/**
 * A session of the spec's workflow in `locale`, brought to the selfie step, and the challenge as
 * the applicant sees it: the intro, the camera, the prompt while the frames are taken, then the
 * preview (not submitted yet).
 */
async function takeChallengeSelfie(page: Page, locale: keyof typeof TEXT, shots: string): Promise<CreatedSession> {
  const ui = TEXT[locale];
  const s = await createSession(workflow, { locale });
  await fastForward(s, ["consent"]);
  await page.goto(s.url);
  await expect(page.getByRole("heading", { name: ui.title })).toBeVisible();
  await expect(page.getByTestId("selfie-challenge-intro")).toContainText(ui.prompt);
  await page.screenshot({ path: shot(`${shots}-1-intro`), fullPage: true });
  await expectAccessible(page, `flow en: ${shots}-1-intro`);
  await page.getByRole("button", { name: ui.open }).click();
  await expect(page.getByTestId("camera")).toHaveAttribute("data-status", "live");
  await page.getByRole("button", { name: ui.shutter }).click();
  // the prompt is a live region: a screen reader announces it when the frames start
  const prompt = page.getByRole("status").filter({ hasText: ui.prompt });
  await expect(prompt).toBeVisible();
  await page.screenshot({ path: shot(`${shots}-2-prompt`), fullPage: true });
  await expectAccessible(page, `flow en: ${shots}-2-prompt`);
  await expect(page.getByRole("heading", { name: ui.preview })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  // the applicant is told what is sent besides the selfie: all 8 frames were taken
  await expect(page.getByTestId("selfie-frames-note")).toHaveText(ui.framesNote);
  await page.screenshot({ path: shot(`${shots}-3-preview`), fullPage: true });
  await expectAccessible(page, `flow en: ${shots}-3-preview`);
  return s;
}

async function livenessCheck(sessionId: string): Promise<{ status: string; check: CheckDto }> {
  const session = await api<{ status: string; checks: CheckDto[] }>("GET", `/v1/sessions/${sessionId}?expand=checks`);
  return { status: session.body.status, check: session.body.checks.find((c) => c.check_key === "in.liveness.check")! };
}

test("a still face fails the head-turn challenge: the frames upload, the liveness check asks for review and the session goes to review", async ({
  page,
  browser,
}) => {
  await writeY4m(face("selfie-collins"), CAMERA_FILE, CAMERA_SIZE);
  const s = await takeChallengeSelfie(page, "en", "liveness-still");
  // the third upload (a frame) is lost on the way: the capture is kept, and "Submit" again sends only what is missing
  let uploads = 0;
  await page.route("**/flow/*/upload", (route) => (++uploads === 3 ? route.abort("connectionfailed") : route.continue()));
  await page.getByRole("button", { name: TEXT.en.submit }).click();
  await expect(page.getByRole("alert").filter({ hasText: "We couldn't reach the server. Check your connection and try again." })).toBeVisible();
  await expect(page.getByRole("heading", { name: TEXT.en.preview })).toBeVisible();
  await page.screenshot({ path: shot("liveness-still-4-upload-failed"), fullPage: true });
  await expectAccessible(page, "flow en: liveness-still-4-upload-failed");
  await page.getByRole("button", { name: TEXT.en.submit }).click();
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "review", { timeout: 60_000 });
  await page.screenshot({ path: shot("liveness-still-5-outcome"), fullPage: true });
  await expectAccessible(page, "flow en: liveness-still-5-outcome");
  expect(uploads).toBe(10); // 2 stored, 1 lost, then the lost one and the 6 never sent

  const { status, check } = await livenessCheck(s.id);
  expect(status).toBe("review");
  expect(check).toMatchObject({ status: "needs_review", error_code: "liveness_challenge_failed" });
  // all 8 frames arrived and showed the selfie's face, which did not turn
  expect(check.result).toMatchObject({ method: "active", challenge: { type: "turn_head", frames: 8, face_frames: 8, passed: false } });
  expect((check.result.challenge as { yaw_range: number }).yaw_range).toBeLessThan(20);

  const dash = await dashboardPage(browser);
  await dash.goto(`/dashboard/sessions/${s.id}?project=${fx.demo.projectId}&mode=test`);
  await expect(dash.getByTestId("session-case")).toHaveAttribute("data-status", "review");
  await expect(dash.getByTestId("review-reasons")).toContainText("liveness_not_confirmed");
  await dash.context().close();
});

test("a synthetic head turn passes the challenge (Hindi)", async ({ page }) => {
  // 5 frames a second: centre, 1 s turned left, centre, 1 s turned right, looped; the 8 frames 0.4 s apart see both sides
  const [centre, left, right] = [face("selfie-collins"), face("turn-collins-left"), face("turn-collins-right")];
  await writeY4m([centre, ...Array(5).fill(left), centre, ...Array(5).fill(right)], CAMERA_FILE, { ...CAMERA_SIZE, fps: 5 });
  const s = await takeChallengeSelfie(page, "hi", "liveness-turn-hi");
  await page.getByRole("button", { name: TEXT.hi.submit }).click();
  await expect(page.getByTestId("flow-outcome")).toHaveAttribute("data-status", "approved", { timeout: 60_000 });

  const { status, check } = await livenessCheck(s.id);
  expect(status).toBe("approved");
  expect(check).toMatchObject({ status: "passed", error_code: null, result: { method: "active", challenge: { type: "turn_head", frames: 8, passed: true } } });
  expect((check.result.challenge as { yaw_range: number }).yaw_range).toBeGreaterThanOrEqual(20);
});
