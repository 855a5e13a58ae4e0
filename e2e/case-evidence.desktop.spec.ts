/**
 * The case view's evidence viewer with real files (issue 7 "Review": zoom, rotate, PDF
 * pages): an applicant uploads both sides of an Aadhaar card (a JPEG front, a PNG back; stored
 * masked, server/uploads/mask-aadhaar.ts) and a
 * two-page PDF bank statement through the flow's upload route; the session waits in review;
 * the reviewer zooms and turns the card, pages through the PDF (rendered by pdf.js with its
 * worker from our own origin), claims the case; an admin then finds the reviewer's evidence
 * downloads and one view of the case in the audit log.
 */
import { expect, test, type Page } from "@playwright/test";
import sharp, { type Sharp } from "sharp";
import { DEMO_REVIEWER, signedInPage, signIn } from "./fixtures/dashboard";
import type { TSession } from "../server/sessions/session.schemas";
import { api, type CreatedSession, createSession, fastForward, flowCall, fx, publishWorkflowVariant } from "./fixtures/flow";
import { expectAccessible } from "./fixtures/axe";
import { aadhaarNumber, grouped } from "../tests/fixtures/aadhaar-renders";

const shot = (name: string) => `e2e/artifacts/screenshots/case-evidence-${name}.png`;
const ws = `project=${fx.demo.projectId}&mode=test`;

/** The card's Aadhaar number, printed `XXXX XXXX XXXX` (uploads of an Aadhaar card are masked, or refused when no number is found). */
const AADHAAR = grouped(aadhaarNumber());

/** A landscape card (856 x 540, an ID-1 card's proportions) with a coloured band, a caption and an Aadhaar number. */
function cardImage(caption: string, band: string): Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" rx="30" fill="#f4efe1"/><rect width="856" height="90" fill="${band}"/><rect x="40" y="140" width="200" height="250" fill="#b8c4d6"/><rect x="290" y="160" width="460" height="30" fill="#445"/><rect x="290" y="220" width="360" height="26" fill="#778"/><text x="290" y="330" font-family="sans-serif" font-size="56" fill="#223">${caption}</text><text x="250" y="470" font-family="sans-serif" font-weight="bold" font-size="44" fill="#223">${AADHAAR}</text></svg>`;
  return sharp(Buffer.from(svg));
}

/**
 * A two-page A4 PDF written by hand (PDF 1.4: catalog, page tree, two pages with a coloured
 * bar and a line of Helvetica, one font, the cross-reference table with byte offsets).
 */
function twoPagePdf(): Buffer {
  const pages = [
    ["Statement page 1", "0.15 0.35 0.75"],
    ["Statement page 2", "0.10 0.60 0.30"],
  ] as const;
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>"];
  pages.forEach(([text, rgb], i) => {
    const content = `${rgb} rg 60 600 475 160 re f 0 g BT /F1 32 Tf 60 520 Td (${text}) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 7 0 R >> >> /Contents ${4 + i * 2} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  let body = "%PDF-1.4\n";
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Uploads one file of `step` as the applicant does (POST /flow/{id}/upload, multipart); returns its `file_` id. */
async function upload(s: CreatedSession, step: string, kind: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.set("step", step);
  form.set("kind", kind);
  form.set("file", new Blob([new Uint8Array(bytes)]), "upload");
  const res = await fetch(`${fx.baseUrl}/flow/${s.id}/upload`, { method: "POST", headers: { authorization: `Bearer ${s.client_token}` }, body: form });
  const body = (await res.json()) as { id: string };
  if (res.status !== 201) throw new Error(`upload ${kind}: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

/** How many pixels of the canvas are close to `rgb` (0..255 each). */
function pixelsLike(page: Page, rgb: readonly [number, number, number]): Promise<number> {
  return page
    .getByTestId("evidence-stage")
    .locator("canvas")
    .evaluate((canvas: HTMLCanvasElement, [r, g, b]) => {
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - r) < 12 && Math.abs(data[i + 1]! - g) < 12 && Math.abs(data[i + 2]! - b) < 12) n++;
      return n;
    }, rgb);
}
const PAGE_1_BAR = [38, 89, 191] as const; // 0.15 0.35 0.75
const PAGE_2_BAR = [26, 153, 77] as const; // 0.10 0.60 0.30

test("a reviewer zooms and turns the card photos, pages through the PDF, and the audit log shows the evidence views", async ({ page, browser }) => {
  const admin = await signedInPage(browser, fx.admin);
  const workflow = await publishWorkflowVariant(admin, "India KYC", `Evidence review ${Date.now()}`, (d) => ({
    ...d,
    steps: [
      ...d.steps,
      { name: "id_document", type: "documents", required: true, settings: { document_types: ["aadhaar_card"], fields: ["name"], capture: "upload_or_camera" } },
      {
        name: "bank_statement",
        type: "documents",
        required: true,
        settings: { document_types: ["bank_statement"], fields: ["account_holder"], capture: "upload_or_camera" },
      },
    ],
  }));
  const s = await createSession(workflow, { reference_id: `e2e-evidence-${Date.now()}` });
  await fastForward(s, ["consent", "pan"]);
  const front = await upload(s, "id_document", "aadhaar_card_front", await cardImage("FRONT", "#c2410c").flatten({ background: "#ffffff" }).jpeg().toBuffer());
  const back = await upload(s, "id_document", "aadhaar_card_back", await cardImage("BACK", "#15803d").png().toBuffer());
  const statement = await upload(s, "bank_statement", "bank_statement_document", twoPagePdf());
  await flowCall(s.client_token, "flow.submitStep", {
    sessionId: s.id,
    step: "id_document",
    values: { document_type: "aadhaar_card", files: [front, back], fields: { name: "Ravi Kumar" } },
  });
  await flowCall(s.client_token, "flow.submitStep", {
    sessionId: s.id,
    step: "bank_statement",
    values: { document_type: "bank_statement", files: [statement], fields: { account_holder: "Ravi Kumar" } },
  });
  await expect.poll(async () => (await api<TSession>("GET", `/v1/sessions/${s.id}`)).body.status, { timeout: 30_000 }).toBe("review");

  // the case opens on the first file: the card's front, fitted whole into the stage
  await signIn(page, DEMO_REVIEWER);
  await page.goto(`/dashboard/sessions/${s.id}?${ws}`);
  await expect(page.getByTestId("session-case")).toHaveAttribute("data-status", "review");
  const tiles = page.getByRole("list", { name: "Evidence files" }).getByRole("button");
  await expect(tiles).toHaveCount(3);
  await expect(tiles.first()).toHaveAttribute("aria-pressed", "true");
  const stage = page.getByTestId("evidence-stage");
  const image = stage.getByRole("img", { name: /aadhaar card front/i });
  await expect(image).toBeVisible();
  const stageBox = (await stage.boundingBox())!;
  const fit = (await image.boundingBox())!;
  expect(fit.width / fit.height).toBeCloseTo(856 / 540, 1);
  expect(fit.width).toBeLessThanOrEqual(stageBox.width);
  await page.screenshot({ path: shot("1-card-fit"), fullPage: true });
  await expectAccessible(page, "case-evidence: 1-card-fit");

  // zoom in: the picture grows by a quarter and the stage scrolls
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByTestId("evidence-zoom")).toHaveText("125%");
  await expect(stage).toHaveAttribute("data-zoom", "1.25");
  const zoomed = (await image.boundingBox())!;
  expect(zoomed.width / fit.width).toBeCloseTo(1.25, 1);

  // a quarter turn stands the landscape card upright, refitted to the stage's height
  await page.getByRole("button", { name: "Fit" }).click();
  await page.getByRole("button", { name: "Rotate 90 degrees clockwise" }).click();
  await expect(stage).toHaveAttribute("data-rotation", "90");
  const turned = (await image.boundingBox())!;
  expect(turned.height).toBeGreaterThan(turned.width);
  expect(turned.height / turned.width).toBeCloseTo(856 / 540, 1);
  expect(turned.height).toBeLessThanOrEqual(stageBox.height);
  await page.screenshot({ path: shot("2-card-turned"), fullPage: true });
  await expectAccessible(page, "case-evidence: 2-card-turned");

  // the back is a PNG of its own
  await tiles.filter({ hasText: "aadhaar card back" }).click();
  await expect(stage.getByRole("img", { name: /aadhaar card back/i })).toBeVisible();
  await expect(stage).toHaveAttribute("data-rotation", "0");
  // a reviewer is shown the EXIF-stripped display copy only; "Open original" is for owners and admins
  await expect(page.getByRole("button", { name: "Open original" })).toHaveCount(0);

  // the PDF: page 1 rendered, then page 2
  await tiles.filter({ hasText: "bank statement" }).click();
  const indicator = page.getByTestId("pdf-page-indicator");
  await expect(indicator).toHaveText("Page 1 of 2", { timeout: 20_000 });
  const canvas = stage.locator("canvas");
  await expect(canvas).toHaveAttribute("data-rendered-page", "1");
  expect(await pixelsLike(page, PAGE_1_BAR)).toBeGreaterThan(1000);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(indicator).toHaveText("Page 2 of 2");
  await expect(canvas).toHaveAttribute("data-rendered-page", "2");
  expect(await pixelsLike(page, PAGE_2_BAR)).toBeGreaterThan(1000);
  expect(await pixelsLike(page, PAGE_1_BAR)).toBe(0);
  await expect(page.getByRole("button", { name: "Next page" })).toBeDisabled();
  await page.screenshot({ path: shot("3-pdf-page-2"), fullPage: true });
  await expectAccessible(page, "case-evidence: 3-pdf-page-2");

  // claiming refetches the case; that is not another view of it
  await page.keyboard.press("c");
  await expect(page.getByTestId("case-assignee")).toContainText("You");

  // the admin finds the reviewer's downloads (display copies) of all three files and a single view of the case
  await admin.goto(`/dashboard/audit?${ws}`);
  await admin.getByLabel("Session id").fill(s.id);
  await admin.getByLabel("Action").selectOption("evidence.downloaded");
  const downloads = admin.getByTestId("audit-row");
  await expect(downloads).toHaveCount(3);
  await expect(downloads.filter({ hasText: back })).toHaveCount(1);
  for (const file of [front, back, statement]) await expect(downloads.filter({ hasText: file }).first()).toContainText(DEMO_REVIEWER.email);
  await admin.getByLabel("Action").selectOption("session.viewed");
  await expect(admin.getByTestId("audit-row")).toHaveCount(1);
  await expect(admin.getByTestId("audit-row")).toContainText(DEMO_REVIEWER.email);
  await admin.getByLabel("Action").selectOption("");
  await expect(admin.locator('[data-testid="audit-row"][data-action="evidence.address_issued"]')).toHaveCount(3);
  await admin.screenshot({ path: shot("4-audit-log"), fullPage: true });
  await expectAccessible(admin, "case-evidence: 4-audit-log");
  await admin.context().close();
});
