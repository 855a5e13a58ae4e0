import { describe, expect, it } from "vitest";
import { asOrigin } from "./embed-events";

describe("asOrigin", () => {
  it("accepts exactly an http(s) origin, nothing else (the framing page's, from the fragment)", () => {
    expect(asOrigin("https://shop.example.com")).toBe("https://shop.example.com");
    expect(asOrigin("http://127.0.0.1:4100")).toBe("http://127.0.0.1:4100");
    for (const bad of [null, "", "*", "https://shop.example.com/", "https://shop.example.com/path", "javascript:alert(1)", "null", "shop.example.com"]) {
      expect(asOrigin(bad), String(bad)).toBeNull();
    }
  });
});
