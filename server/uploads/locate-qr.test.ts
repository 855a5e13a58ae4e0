import jsQR from "jsqr";
import QRCode from "qrcode";
import sharp, { type OverlayOptions } from "sharp";
import { describe, expect, it } from "vitest";
import { type Box, locateQrCodes } from "./locate-qr";
import { aadhaarFront, phonePhoto } from "~/tests/fixtures/aadhaar-renders";

async function rgba(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** A 400 px code at (300, 100) on a light page; `spoiled`: its data modules painted over so that it no longer decodes. */
async function page(spoiled: boolean): Promise<Buffer> {
  const qr = await QRCode.toBuffer("2".repeat(300), { errorCorrectionLevel: "L", margin: 1, width: 400 });
  const layers: OverlayOptions[] = [{ input: qr, left: 300, top: 100 }];
  // a grey band across the middle leaves the three finder patterns (corners) intact
  if (spoiled) layers.push({ input: { create: { width: 200, height: 400, channels: 3, background: "#777777" } }, left: 400, top: 100 });
  return sharp({ create: { width: 1000, height: 700, channels: 3, background: "#f4f1e8" } })
    .composite(layers)
    .png()
    .toBuffer();
}

const covers = (b: Box, x0: number, y0: number, x1: number, y1: number) => b[0] <= x0 && b[1] <= y0 && b[2] >= x1 && b[3] >= y1;

describe("locateQrCodes", () => {
  it("finds a decodable code once, covering all of it", async () => {
    const boxes = locateQrCodes(await rgba(await page(false)));
    expect(boxes).toHaveLength(1);
    expect(covers(boxes[0]!, 305, 105, 695, 495)).toBe(true);
  });

  it("finds a code jsQR cannot decode by its finder patterns", async () => {
    const p = await rgba(await page(true));
    expect(jsQR(p.data, p.width, p.height)).toBeNull();
    const boxes = locateQrCodes(p);
    expect(boxes).toHaveLength(1);
    expect(covers(boxes[0]!, 305, 105, 695, 495)).toBe(true);
  });

  it("finds the QR on a card photographed sideways, and none on a page of text", async () => {
    const sideways = await sharp(await phonePhoto(await aadhaarFront()))
      .rotate(90)
      .png()
      .toBuffer();
    expect(locateQrCodes(await rgba(sideways))).toHaveLength(1);
    const text = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#ffffff" } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="500"><text x="40" y="200" font-family="DejaVu Sans" font-size="48" font-weight="bold">INCOME TAX DEPARTMENT III 1111</text></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    expect(locateQrCodes(await rgba(text))).toEqual([]);
  });
});
