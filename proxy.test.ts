import { describe, expect, it } from "vitest";
import { config, proxy } from "./proxy";

describe("proxy", () => {
  it("runs on every route with a dynamic segment and answers an undecodable path there with the API's 404", async () => {
    expect(config.matcher).toEqual(["/v1/:path*", "/flow/:path*", "/evidence/:path*", "/branding/:path*", "/dashboard/:path*", "/api/:path*", "/h/:path*"]);
    for (const path of ["/v1/sessions/%ED%A0%80", "/flow/%ED%A0%80/upload", "/evidence/%ED%A0%80", "/api/trpc/%E0%A4%A"]) {
      const url = `http://localhost${path}`;
      const res = (await proxy(new Request(url, { method: "POST" })))!;
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("resource_missing");
    }
  });

  it("lets every other request through", async () => {
    expect(await proxy(new Request("http://localhost/v1/sessions/ses_1"))).toBeUndefined();
    expect(await proxy(new Request("http://localhost/flow/ses_1/upload", { method: "POST" }))).toBeUndefined();
  });

  it("never lets a flow page that names no session be framed (no lookup)", async () => {
    const res = (await proxy(new Request("http://localhost/flow/not-a-session")))!;
    expect(res.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
  });
});
