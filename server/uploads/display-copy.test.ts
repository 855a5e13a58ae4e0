import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DISPLAY_MAX_PX, heicDecodable, renderDisplayCopy } from "./display-copy";
import { sniffUploadType } from "./upload-types";

describe("renderDisplayCopy", () => {
  it("applies the EXIF orientation, strips EXIF (GPS included) and bounds the size", async () => {
    // Stored 3000x1000 landscape with Orientation 6 (rotate 90° clockwise to view): upright it is portrait.
    const original = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#c33" } })
      .withExif({ IFD0: { Artist: "Ravi Kumar", Copyright: "applicant" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 3000, height: 1000, orientation: 6 });
    expect(before.exif?.toString("latin1")).toContain("Ravi Kumar");

    const copy = (await renderDisplayCopy(original, "image/jpeg"))!;
    const after = await sharp(copy).metadata();
    expect(after).toMatchObject({ format: "webp", width: Math.round((1000 * DISPLAY_MAX_PX) / 3000), height: DISPLAY_MAX_PX });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(copy.toString("latin1")).not.toContain("Ravi Kumar");
  });

  it("never enlarges a small image", async () => {
    const small = await sharp({ create: { width: 320, height: 200, channels: 4, background: "#0000" } })
      .webp()
      .toBuffer();
    expect(await sharp((await renderDisplayCopy(small, "image/webp"))!).metadata()).toMatchObject({ width: 320, height: 200 });
  });

  it("makes no copy of a PDF, and none of HEIC when this sharp lacks an HEVC decoder", async () => {
    expect(await renderDisplayCopy(Buffer.from("%PDF-1.4\n%%EOF\n"), "application/pdf")).toBeNull();
    const heicHeader = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(32)]);
    expect(await sniffUploadType(heicHeader)).toBe("image/heic");
    // either way a HEIC that does not decode gets no copy (and is not refused)
    expect(await renderDisplayCopy(heicHeader, "image/heic")).toBeNull();
    expect(typeof heicDecodable()).toBe("boolean");
  });

  it("refuses a JPEG that does not decode", async () => {
    const truncated = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    await expect(renderDisplayCopy(truncated, "image/jpeg")).rejects.toMatchObject({ code: "file_unreadable" });
  });
});

describe("sniffUploadType", () => {
  it("types by content only: the allowed five, nothing else", async () => {
    const img = sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } });
    expect(await sniffUploadType(await img.clone().jpeg().toBuffer())).toBe("image/jpeg");
    expect(await sniffUploadType(await img.clone().png().toBuffer())).toBe("image/png");
    expect(await sniffUploadType(await img.clone().webp().toBuffer())).toBe("image/webp");
    expect(await sniffUploadType(Buffer.from("%PDF-1.7\n"))).toBe("application/pdf");
    expect(await sniffUploadType(await img.clone().gif().toBuffer())).toBeNull();
    expect(await sniffUploadType(await img.clone().tiff().toBuffer())).toBeNull();
    expect(await sniffUploadType(await img.clone().avif().toBuffer())).toBeNull();
    expect(await sniffUploadType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(await sniffUploadType(Buffer.from("PK\u0003\u0004zip"))).toBeNull();
    expect(await sniffUploadType(new Uint8Array(0))).toBeNull();
  });
});
