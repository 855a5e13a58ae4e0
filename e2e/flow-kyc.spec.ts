/**
 * The hosted applicant flow with every KYC step ("India KYC (full)": consent, phone, email,
 * PAN, Aadhaar, documents, selfie, review), as an applicant sees it: once in English on a
 * small phone (360x740) and once in Hindi on a desktop. The camera shows a rendered 3D head
 * that follows the selfie step's liveness challenge (e2e/fixtures/liveness-camera.ts): the
 * template's challenge passes. The Hindi journey reads its Secure QR from a photo with the real
 * decoder (ZXing's WebAssembly reader, since Chromium on Linux has no Barcode Detection API);
 * e2e/flow-secure-qr.spec.ts scans one with the camera.
 */
import { expect, test, type Page } from "@playwright/test";
import type { TSession } from "../server/sessions/session.schemas";
import { aadhaarZip, api, type CheckDto, createSession, FAKE_CAMERA, qrPicture, SHARE_CODE, secureQrPayload, shot, workflowId } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";
import { fakeChallengeCamera } from "./fixtures/liveness-camera";
import { aadhaarBack, aadhaarFront } from "../tests/fixtures/aadhaar-renders";

test.use({ launchOptions: FAKE_CAMERA, permissions: ["camera"] });

async function expectOutcome(page: Page, sessionId: string) {
  const outcome = page.getByTestId("flow-outcome");
  await expect(outcome).toBeVisible({ timeout: 60_000 });
  const status = await outcome.getAttribute("data-status");
  expect(["approved", "review"]).toContain(status);
  const session = await api<TSession & { checks: CheckDto[] }>("GET", `/v1/sessions/${sessionId}?expand=checks`);
  expect(session.body.status).toBe(status);
  for (const name of ["consent", "phone", "email", "pan", "aadhaar", "documents", "selfie", "review"]) {
    expect(session.body.steps[name]!.status, name).not.toBe("pending");
  }
  // the template's selfie is proven live by the challenge the head followed
  expect(session.body.checks.find((c) => c.check_key === "in.liveness.check")).toMatchObject({ status: "passed", result: { method: "active" } });
}

test.describe("in English on a small phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("an applicant completes every step, fixes a mistake from the summary and submits", async ({ page }) => {
    // the liveness challenge's frames are judged with the face models: a while on a loaded machine
    test.setTimeout(420_000);
    await fakeChallengeCamera(page, "head");
    const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-flow-full-en" });
    await page.goto(s.url);

    // consent: the notice names what every later step collects
    const consent = page.getByTestId("flow-step-consent");
    await expect(consent).toBeVisible();
    await expect(page.getByText("Step 1 of 8")).toBeVisible();
    await expect(page.getByTestId("consent-collected")).toContainText("Your mobile number");
    await expect(page.getByTestId("consent-collected")).toContainText("never the full number");
    await expect(page.getByTestId("consent-collected")).toContainText("A photo of your face (selfie)");
    await page.screenshot({ path: shot("en-01-consent"), fullPage: true });
    await expectAccessible(page, "flow en: consent (essentials)");
    // the full notice is one tap away, and back
    await page.getByRole("button", { name: "Read the full notice" }).click();
    await expect(page.getByText("Have wrong or incomplete data corrected and updated")).toBeVisible();
    await expectAccessible(page, "flow en: consent (full notice)");
    await page.getByRole("button", { name: "Show only the essentials" }).click();
    await expect(page.getByText("Have wrong or incomplete data corrected and updated")).toBeHidden();
    await expect(page.getByRole("button", { name: "Continue", exact: true })).toBeDisabled();
    await page.getByTestId("consent-checkbox").check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    // phone: field-level error tied to the field, then a code with a resend countdown
    await expect(page.getByRole("heading", { name: "Your mobile number" })).toBeVisible();
    const phone = page.getByLabel("Mobile number");
    await phone.fill("12345");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Enter a 10-digit Indian mobile number/);
    await expectAccessible(page, "flow en: phone (field error)");
    await phone.fill("98765 43210");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("We sent a 6-digit code to +91 ••••• ••210.")).toBeVisible();
    await expect(page.getByTestId("otp-resend")).toBeDisabled();
    await expect(page.getByTestId("otp-resend-countdown")).toContainText(/You can ask for a new code in 0:[0-3]\d/);
    await expectAccessible(page, "flow en: phone code");
    await page.getByLabel("6-digit code").fill("000000"); // six digits submit by themselves
    await expect(page.getByText("That code isn't right. 4 attempts left.")).toBeVisible();
    await page.screenshot({ path: shot("en-02-phone-wrong-code"), fullPage: true });
    await page.getByLabel("6-digit code").fill("123456");

    await expect(page.getByRole("heading", { name: "Your email address" })).toBeVisible();
    await page.getByLabel("Email address").fill("asha@example.com");
    await expectAccessible(page, "flow en: email");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByLabel("6-digit code").fill("123456");

    // PAN
    await expect(page.getByTestId("flow-step-pan")).toBeVisible();
    await page.getByTestId("field-pan").fill("ABCPE1234F");
    await page.getByTestId("field-name").fill("Ravi Kumar");
    await page.getByTestId("field-dob").fill("1990-01-01");
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expectAccessible(page, "flow en: PAN");
    // Aadhaar offline e-KYC
    await expect(page.getByRole("heading", { name: "Verify with Aadhaar" })).toBeVisible();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByText("Choose the ZIP file you downloaded from the UIDAI website.")).toBeVisible();
    await expectAccessible(page, "flow en: Aadhaar offline file");
    await page.getByTestId("aadhaar-zip").setInputFiles({ name: "offlineaadhaar.zip", mimeType: "application/zip", buffer: await aadhaarZip() });
    await expect(page.getByTestId("aadhaar-zip-name")).toContainText("offlineaadhaar.zip");
    await page.getByLabel("Share code", { exact: true }).fill(SHARE_CODE);
    await page.screenshot({ path: shot("en-03-aadhaar"), fullPage: true });
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    // documents: a PAN card photographed with the camera, then its fields
    await expect(page.getByRole("heading", { name: "Choose a document" })).toBeVisible();
    await expectAccessible(page, "flow en: choose a document");
    await page.getByRole("radio", { name: "PAN card" }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Front of your PAN card" })).toBeVisible();
    await page.getByRole("button", { name: "Take a photo" }).click();
    await expect(page.getByTestId("camera")).toHaveAttribute("data-status", "live");
    await page.screenshot({ path: shot("en-04-document-camera"), fullPage: true });
    await expectAccessible(page, "flow en: document camera");
    await page.getByRole("button", { name: "Take photo" }).click();
    await expect(page.getByTestId("document-preview")).toBeVisible();
    await expectAccessible(page, "flow en: document preview");
    await page.getByRole("button", { name: "Use this photo" }).click();
    await expect(page.getByRole("heading", { name: "Check your details" })).toBeVisible();
    await page.getByLabel("Full name").fill("Ravi Kumar");
    await page.getByLabel("Date of birth").fill("1990-01-01");
    const docPan = page.getByLabel("PAN", { exact: true });
    await docPan.fill("ABC");
    await docPan.blur();
    await expect(docPan).toHaveAccessibleDescription(/This doesn't look right/);
    await docPan.fill("abcpe1234f");
    await page.screenshot({ path: shot("en-05-document-fields"), fullPage: true });
    await expectAccessible(page, "flow en: document fields");
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    // selfie with the front camera and an oval, then the liveness challenge's prompts
    await expect(page.getByRole("heading", { name: "Take a selfie" })).toBeVisible();
    await page.getByRole("button", { name: "Open the camera" }).click();
    await expect(page.getByTestId("camera")).toHaveAttribute("data-status", "live");
    await expect(page.getByTestId("selfie-challenge-steps")).toBeVisible();
    await page.screenshot({ path: shot("en-06-selfie-camera"), fullPage: true });
    await expectAccessible(page, "flow en: selfie camera");
    await page.getByRole("button", { name: "Take photo" }).click();
    await expect(page.getByTestId("camera-challenge")).toHaveAttribute("data-action", /turn_left|turn_right|look_up|move_closer/, { timeout: 5_000 });
    await expect(page.getByRole("heading", { name: "Check your selfie" })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, "flow en: selfie preview");
    await page.getByRole("button", { name: "Use this selfie" }).click();

    // review (once the server judged the challenge): everything entered, an edit link that comes back to the summary
    await expect(page.getByRole("heading", { name: "Check and submit" })).toBeVisible({ timeout: 240_000 });
    await expect(page.getByText("Step 8 of 8")).toBeVisible();
    await expect(page.getByTestId("review-phone")).toContainText("+919876543210");
    await expect(page.getByTestId("review-email")).toContainText("asha@example.com");
    await expect(page.getByTestId("review-aadhaar")).toContainText("Offline e-KYC file");
    await expect(page.getByTestId("review-documents")).toContainText("ABCPE1234F");
    await page.getByRole("button", { name: "Edit PAN" }).click();
    await expect(page.getByTestId("flow-step-pan")).toBeVisible();
    // the phone's Back returns to the summary, Forward to the edit
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Check and submit" })).toBeVisible();
    await page.goForward();
    await expect(page.getByTestId("flow-step-pan")).toBeVisible();
    await expect(page.getByTestId("flow-back")).toHaveText("Back to summary");
    await expect(page.getByTestId("field-name")).toHaveValue("Ravi Kumar");
    await page.getByTestId("field-name").fill("RAVI KUMAR");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByTestId("review-pan")).toContainText("RAVI KUMAR");
    await page.screenshot({ path: shot("en-07-review"), fullPage: true });
    await expectAccessible(page, "flow en: review");
    await page.getByRole("button", { name: "Submit" }).click();

    await expectOutcome(page, s.id);
    await page.screenshot({ path: shot("en-08-outcome"), fullPage: true });
    await expectAccessible(page, "flow en: outcome");
  });
});

test.describe("in Hindi on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 860 }, isMobile: false, hasTouch: false });

  test("the same journey in Hindi, with a photo of the Secure QR and the documents uploaded as files", async ({ page }) => {
    test.setTimeout(420_000);
    await fakeChallengeCamera(page, "head");
    const s = await createSession(await workflowId("India KYC (full)"), { locale: "hi", reference_id: "e2e-flow-full-hi" });
    // the server's HTML, before any script, is already Hindi: language, title, the first frame
    const html = await (await page.request.get(`/flow/${s.id}`)).text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="hi"/);
    expect(html).toContain("<title>अपनी पहचान सत्यापित करें · Verify</title>");
    await page.goto(s.url);

    await expect(page.getByRole("heading", { name: "शुरू करने से पहले" })).toBeVisible();
    await expect(page.getByText("8 में से चरण 1")).toBeVisible();
    // the page itself is in Hindi: its language and title
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page).toHaveTitle(/अपनी पहचान सत्यापित करें/);
    // the language can be switched, and back
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Before you start" })).toBeVisible();
    await page.getByRole("button", { name: "हिन्दी" }).click();
    await expect(page.getByRole("heading", { name: "शुरू करने से पहले" })).toBeVisible();
    await page.screenshot({ path: shot("hi-01-consent"), fullPage: true });
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expectAccessible(page, "flow hi: consent");
    await page.getByTestId("consent-checkbox").check();
    await page.getByRole("button", { name: "आगे बढ़ें", exact: true }).click();

    await expect(page.getByRole("heading", { name: "आपका मोबाइल नंबर" })).toBeVisible();
    await page.getByLabel("मोबाइल नंबर").fill("9876543210");
    await page.getByRole("button", { name: "कोड भेजें" }).click();
    await expect(page.getByText("हमने +91 ••••• ••210 पर 6 अंकों का कोड भेजा है।")).toBeVisible();
    await page.screenshot({ path: shot("hi-02-phone-code"), fullPage: true });
    await expectAccessible(page, "flow hi: phone code");
    await page.getByLabel("6 अंकों का कोड").fill("123456");

    await expect(page.getByRole("heading", { name: "आपका ईमेल पता" })).toBeVisible();
    await page.getByLabel("ईमेल पता").fill("asha@example.com");
    await expectAccessible(page, "flow hi: email");
    await page.getByRole("button", { name: "कोड भेजें" }).click();
    await page.getByLabel("6 अंकों का कोड").fill("123456");

    await expect(page.getByRole("heading", { name: "आपके PAN का विवरण" })).toBeVisible();
    await page.getByTestId("field-pan").fill("ABCCE1234F");
    await expect(page.getByText("यह व्यक्तिगत PAN नहीं है।", { exact: false })).toBeVisible();
    await expectAccessible(page, "flow hi: PAN (field error)");
    await page.getByTestId("field-pan").fill("ABCPE1234F");
    await page.getByTestId("field-name").fill("Ravi Kumar");
    await page.getByTestId("field-dob").fill("1990-01-01");
    await page.getByRole("button", { name: "आगे बढ़ें", exact: true }).click();

    await expect(page.getByRole("heading", { name: "आधार से सत्यापन करें" })).toBeVisible();
    await page.getByRole("radio", { name: /सिक्योर QR कोड/ }).check();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "QR कोड की फ़ोटो अपलोड करें" }).click();
    await (
      await chooser
    ).setFiles({ name: "aadhaar-qr.png", mimeType: "image/png", buffer: await qrPicture(secureQrPayload(), { width: 1000, height: 1000, size: 900 }) });
    await expect(page.getByTestId("qr-read")).toContainText("QR कोड पढ़ लिया गया");
    await page.screenshot({ path: shot("hi-03-aadhaar-qr"), fullPage: true });
    await expectAccessible(page, "flow hi: Aadhaar Secure QR");
    await page.getByRole("button", { name: "आगे बढ़ें", exact: true }).click();

    await expect(page.getByRole("heading", { name: "दस्तावेज़ चुनें" })).toBeVisible();
    await page.getByRole("radio", { name: "आधार कार्ड" }).check();
    await expectAccessible(page, "flow hi: choose a document");
    await page.getByRole("button", { name: "आगे बढ़ें", exact: true }).click();
    // a card with a readable number: Aadhaar uploads are stored masked, or refused (server/uploads/mask-aadhaar.ts)
    await expect(page.getByRole("heading", { name: "आपके आधार कार्ड का सामने का हिस्सा" })).toBeVisible();
    await page.getByTestId("document-file-input").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: await aadhaarFront() });
    await expect(page.getByRole("heading", { name: "आपके आधार कार्ड का पीछे का हिस्सा" })).toBeVisible();
    await page.screenshot({ path: shot("hi-04-document-back"), fullPage: true });
    await expectAccessible(page, "flow hi: document upload");
    await page.getByTestId("document-file-input").setInputFiles({ name: "back.png", mimeType: "image/png", buffer: await aadhaarBack() });
    await expect(page.getByRole("heading", { name: "अपने विवरण जाँचें" })).toBeVisible();
    await page.getByLabel("पूरा नाम").fill("Ravi Kumar");
    await page.getByLabel("जन्म तिथि").fill("1990-01-01");
    await page.getByLabel("आपकी आधार संख्या के आखिरी 4 अंक").fill("43");
    await page.getByRole("button", { name: "आगे बढ़ें", exact: true }).click();
    await expect(page.getByText("यह सही नहीं लग रहा।", { exact: false })).toBeVisible();
    await page.getByLabel("आपकी आधार संख्या के आखिरी 4 अंक").fill("4321");
    await page.screenshot({ path: shot("hi-05-document-fields"), fullPage: true });
    await expectAccessible(page, "flow hi: document fields");
    await page.getByRole("button", { name: "आगे बढ़ें", exact: true }).click();

    await expect(page.getByRole("heading", { name: "सेल्फ़ी लें" })).toBeVisible();
    await expectAccessible(page, "flow hi: selfie");
    await page.getByRole("button", { name: "कैमरा खोलें" }).click();
    await page.getByRole("button", { name: "फ़ोटो लें" }).click();
    await expect(page.getByRole("heading", { name: "अपनी सेल्फ़ी जाँचें" })).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "यह सेल्फ़ी इस्तेमाल करें" }).click();

    await expect(page.getByRole("heading", { name: "जाँचें और जमा करें" })).toBeVisible({ timeout: 240_000 });
    await expect(page.getByTestId("review-aadhaar")).toContainText("सिक्योर QR कोड");
    await expect(page.getByTestId("review-documents")).toContainText("आधार कार्ड");
    await page.screenshot({ path: shot("hi-06-review"), fullPage: true });
    await expectAccessible(page, "flow hi: review");
    await page.getByRole("button", { name: "जमा करें" }).click();

    await expectOutcome(page, s.id);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/आपका सत्यापन हो गया है|हम आपके विवरणों की जाँच कर रहे हैं/);
    await page.screenshot({ path: shot("hi-07-outcome"), fullPage: true });
    await expectAccessible(page, "flow hi: outcome");
    const session = await api<TSession>("GET", `/v1/sessions/${s.id}`);
    expect(session.body.steps.aadhaar!.method).toBe("secure_qr");
  });
});
