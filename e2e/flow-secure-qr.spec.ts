/**
 * Aadhaar Secure QR read by the real decoder. Chromium on Linux has no Barcode Detection API,
 * so the flow falls back to ZXing's WebAssembly reader (barcode-detector ponyfill), fetched
 * from our own origin only when the Secure QR option is opened. The fake camera plays a video
 * of a real-size (version 40) signed Secure QR, generated for this worker.
 */
import { expect, test as base, type Request } from "@playwright/test";
import type { TSession } from "../server/sessions/session.schemas";
import { api, createSession, documentPng, FAKE_CAMERA, fastForward, qrPicture, secureQrPayload, shot, workflowId, writeY4m } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";

const test = base.extend<object, { qrVideo: string }>({
  qrVideo: [
    async ({}, use, workerInfo) => {
      await use(await writeY4m(await qrPicture(secureQrPayload()), `e2e/artifacts/secure-qr-${workerInfo.workerIndex}.y4m`));
    },
    { scope: "worker" },
  ],
  // the browser's camera plays that video instead of Chromium's test pattern
  launchOptions: [
    async ({ qrVideo }, use) => use({ ...FAKE_CAMERA, args: [...FAKE_CAMERA.args, `--use-file-for-fake-video-capture=${qrVideo}`] }),
    { scope: "worker" },
  ],
});

test.use({ permissions: ["camera"], viewport: { width: 360, height: 740 } });

const ZXING_WASM = /\/flow\/zxing_reader\.wasm\?v=\d/;

test("the Secure QR is scanned with the camera by ZXing's reader, loaded from our origin when needed", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-flow-secure-qr" });
  await fastForward(s, ["consent", "phone", "email", "pan"]);
  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  await page.goto(s.url);
  await expect(page.getByRole("heading", { name: "Verify with Aadhaar" })).toBeVisible();
  expect(await page.evaluate(() => "BarcodeDetector" in window)).toBe(false); // Chromium on Linux
  expect(requests.filter((r) => ZXING_WASM.test(r.url()))).toHaveLength(0); // not before it is needed

  const wasm = page.waitForResponse(ZXING_WASM);
  await page.getByRole("radio", { name: /Secure QR code/ }).check();
  expect((await wasm).status()).toBe(200);
  await page.getByRole("button", { name: "Scan with camera" }).click();
  await expect(page.getByTestId("qr-read")).toContainText("QR code read", { timeout: 30_000 });
  await page.screenshot({ path: shot("qr-1-scanned"), fullPage: true });
  await expectAccessible(page, "flow en: qr-1-scanned");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Choose a document" })).toBeVisible();

  // everything the page loaded came from this site
  const origin = new URL(baseURL!).origin;
  expect(requests.map((r) => new URL(r.url()).origin).filter((o) => o !== origin && o !== "data:" && o !== "null")).toEqual([]);
  const session = await api<TSession>("GET", `/v1/sessions/${s.id}`);
  expect(session.body.steps.aadhaar).toMatchObject({ method: "secure_qr" });
  expect(session.body.steps.aadhaar!.status).not.toBe("pending");
});

test("a photo without a QR code is answered honestly, a photo of the QR is read", async ({ page }) => {
  const s = await createSession(await workflowId("India KYC (full)"), { reference_id: "e2e-flow-secure-qr-photo" });
  await fastForward(s, ["consent", "phone", "email", "pan"]);
  await page.goto(s.url);
  await page.getByRole("radio", { name: /Secure QR code/ }).check();

  const upload = async (buffer: Buffer) => {
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload a photo of the QR code" }).click();
    await (await chooser).setFiles({ name: "photo.png", mimeType: "image/png", buffer });
  };
  await upload(await documentPng());
  await expect(page.getByText("We couldn't find a QR code in this photo.", { exact: false })).toBeVisible();
  await page.screenshot({ path: shot("qr-2-no-code"), fullPage: true });
  await expectAccessible(page, "flow en: qr-2-no-code");

  await upload(await qrPicture(secureQrPayload(), { width: 1200, height: 1600, size: 900 }));
  await expect(page.getByTestId("qr-read")).toBeVisible();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Choose a document" })).toBeVisible();
});
