import { describe, expect, it } from "vitest";
import { readCappedBody } from "./capped-body";

class TooLarge extends Error {}
const tooLarge = () => new TooLarge("too large");

/** A chunked body of `chunks` chunks of `size` bytes; `pulled()` counts the bytes handed out, `cancelled()` says whether the reader gave up. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  let cancelled = false;
  let left = chunks;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- <= 0) return controller.close();
      pulled += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
    cancel() {
      cancelled = true;
    },
  });
  const req = new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { req, pulled: () => pulled, cancelled: () => cancelled };
}

describe("readCappedBody", () => {
  it("reads a body up to the cap, whole", async () => {
    const s = streamed(4, 256);
    const body = await readCappedBody(s.req, 1024, tooLarge);
    expect(body.byteLength).toBe(1024);
    expect(new TextDecoder().decode(body)).toBe("a".repeat(1024));
    expect((await readCappedBody(new Request("http://localhost/x", { method: "POST" }), 10, tooLarge)).byteLength).toBe(0);
  });

  it("stops a chunked body without Content-Length at the cap and cancels the rest", async () => {
    const s = streamed(1_000_000, 64 * 1024); // 64 GiB if read to the end
    await expect(readCappedBody(s.req, 1024 * 1024, tooLarge)).rejects.toBeInstanceOf(TooLarge);
    expect(s.pulled()).toBeLessThanOrEqual(1024 * 1024 + 3 * 64 * 1024);
    expect(s.cancelled()).toBe(true);
  });

  it("refuses a declared Content-Length over the cap before reading", async () => {
    const s = streamed(10, 1024, { "content-length": "10240" });
    await expect(readCappedBody(s.req, 1024, tooLarge)).rejects.toBeInstanceOf(TooLarge);
    expect(s.pulled()).toBeLessThanOrEqual(1024);
  });
});
