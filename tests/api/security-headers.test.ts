/** What an anonymous browser or scanner sees on the public surface (issue 21, Low findings). */
import { describe, expect, inject, it } from "vitest";

const { baseUrl } = inject("fixtures");
const get = (path: string) => fetch(`${baseUrl}${path}`, { redirect: "manual" });

describe("response headers", () => {
  it.each(["/flow/ses_missing", "/flow/ses_missing/invite", "/evidence/ev_missing"])("%s answers Referrer-Policy: no-referrer, nothing else", async (path) => {
    const res = await get(path);
    await res.arrayBuffer();
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it.each(["/login", "/dashboard"])("%s cannot be framed", async (path) => {
    const res = await get(path);
    await res.arrayBuffer();
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("GET /api/inngest", () => {
  it("tells an anonymous caller neither the SDK mode nor the function count", async () => {
    const res = await get("/api/inngest");
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(text).not.toMatch(/function_count|"mode"|\bdev\b/);
  });
});
