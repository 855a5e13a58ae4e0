import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { captureProblems, greyOfRgba, measureCapture } from "../uploads/capture-quality";
import { measureImageQuality, qualitySignal } from "./image-quality";
import { aadhaarBack, aadhaarFront, cardCutOff, phonePhoto, withGlare } from "~/tests/fixtures/aadhaar-renders";

const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures/intelligence", name));
const problemsOf = async (image: Buffer) => (await measureImageQuality(image)).problems;

describe("capture quality", () => {
  it("finds nothing wrong with scans and sharp phone photos", async () => {
    for (const image of [
      await aadhaarFront(),
      await aadhaarBack(),
      await phonePhoto(await aadhaarFront()),
      fixture("pan-card.jpg"),
      fixture("driving-licence.jpg"),
      fixture("passport.jpg"),
    ])
      expect(await problemsOf(image)).toEqual([]);
  });

  it("tells what to fix: blur, darkness, glare, a card cut off, a small image", async () => {
    const photo = await phonePhoto(await aadhaarBack());
    expect(await problemsOf(await sharp(photo).blur(5).jpeg().toBuffer())).toEqual(["blurry"]);
    expect(await problemsOf(await sharp(photo).modulate({ brightness: 0.2 }).jpeg().toBuffer())).toEqual(["too_dark"]);
    expect(await problemsOf(await withGlare(photo, 0.25))).toEqual(["glare"]);
    expect(await problemsOf(await cardCutOff(photo, 0.25))).toEqual(["edges_cut"]);
    expect(await problemsOf(await sharp(photo).resize({ width: 400 }).jpeg().toBuffer())).toEqual(["too_small"]);
  });

  it("measures a canvas's RGBA pixels as the server measures sharp's grey ones", async () => {
    const photo = await sharp(await phonePhoto(await aadhaarFront()))
      .resize({ width: 640 })
      .toBuffer();
    const rgba = await sharp(photo).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const grey = await sharp(photo).grayscale().raw().toBuffer({ resolveWithObject: true });
    const fromRgba = measureCapture(greyOfRgba(rgba.data), rgba.info.width, rgba.info.height, 1233);
    const fromGrey = measureCapture(new Uint8Array(grey.data), grey.info.width, grey.info.height, 1233);
    expect(fromRgba.brightness).toBeCloseTo(fromGrey.brightness, 0);
    expect(Math.abs(fromRgba.blur - fromGrey.blur) / fromGrey.blur).toBeLessThan(0.1);
    expect(captureProblems(fromRgba)).toEqual(captureProblems(fromGrey));
  });

  it("reports problems as an info signal of the extraction, with the measures", async () => {
    const q = await measureImageQuality(
      await sharp(await phonePhoto(await aadhaarBack()))
        .blur(5)
        .jpeg()
        .toBuffer(),
    );
    expect(qualitySignal("file_1", q)).toMatchObject({ code: "quality_low", severity: "info", detail: { file_id: "file_1", problems: ["blurry"] } });
    expect(qualitySignal("file_1", await measureImageQuality(await aadhaarFront()))).toBeNull();
  });
});
