import { createHash } from "node:crypto";
import { ZXING_WASM_SHA256 } from "barcode-detector/ponyfill";
import { describe, expect, it } from "vitest";
import { GET } from "./route";

describe("GET /flow/zxing_reader.wasm", () => {
  it("serves the WebAssembly build the barcode-detector ponyfill was made for, cacheable", async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/wasm");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 4)).toEqual(Buffer.from([0x00, 0x61, 0x73, 0x6d])); // "\0asm"
    expect(createHash("sha256").update(body).digest("hex")).toBe(ZXING_WASM_SHA256);
  });
});
