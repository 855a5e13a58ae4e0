import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ocrPoolSize, ocrWorkerCounts, recognizeText, terminateOcr } from "./tesseract-ocr";

/** A line of black text on white, large enough for a fast, sure read. */
const textImage = (s: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="90"><rect width="520" height="90" fill="#fff"/><text x="20" y="62" font-family="DejaVu Sans" font-size="44">${s}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

describe("OCR worker pool", () => {
  afterEach(async () => {
    await terminateOcr();
    vi.unstubAllEnvs();
  });

  it("sizes the pool from OCR_WORKERS, else one worker per core", async () => {
    vi.stubEnv("OCR_WORKERS", "3");
    expect(ocrPoolSize()).toBe(3);
    vi.stubEnv("OCR_WORKERS", "");
    const { availableParallelism } = await import("node:os");
    expect(ocrPoolSize()).toBe(availableParallelism());
  });

  it("creates workers only as concurrent pages need them, up to the pool size", { timeout: 120_000 }, async () => {
    vi.stubEnv("OCR_WORKERS", "2");
    const img = await textImage("KYC 4821");
    expect((await recognizeText(img)).text).toContain("4821");
    expect(ocrWorkerCounts()).toEqual({ eng: 1 }); // one page at a time: one worker
    const reads = await Promise.all([1, 2, 3, 4].map(() => recognizeText(img)));
    expect(reads.map((r) => r.text.trim())).toEqual(Array(4).fill("KYC 4821"));
    expect(ocrWorkerCounts()).toEqual({ eng: 2 });
    await recognizeText(img, { languages: ["eng", "hin"] });
    expect(ocrWorkerCounts()).toEqual({ eng: 2, "eng+hin": 1 });
  });

  it("keeps each recognition's parameters when calls with different options share a worker", { timeout: 120_000 }, async () => {
    vi.stubEnv("OCR_WORKERS", "1");
    const img = await textImage("AB 1234 CD");
    const [digits, plain, digits2] = await Promise.all([
      recognizeText(img, { whitelist: "0123456789", pageSegMode: 7 }),
      recognizeText(img),
      recognizeText(img, { whitelist: "0123456789", pageSegMode: 7 }),
    ]);
    expect(digits.text).not.toMatch(/[A-Z]/);
    expect(digits2.text).not.toMatch(/[A-Z]/);
    expect(plain.text).toContain("AB");
    expect(ocrWorkerCounts()).toEqual({ eng: 1 });
  });

  it("terminateOcr lets running recognitions finish, fails the pages waiting, ends every worker", { timeout: 120_000 }, async () => {
    vi.stubEnv("OCR_WORKERS", "1");
    const img = await textImage("KYC 4821");
    await recognizeText(img);
    const running = recognizeText(img);
    const waiting = expect(recognizeText(img)).rejects.toThrow("OCR workers terminated");
    await terminateOcr();
    await waiting;
    expect((await running).text).toContain("4821");
    expect(ocrWorkerCounts()).toEqual({});
    expect((await recognizeText(img)).text).toContain("4821"); // a new pool after the shutdown
  });
});
