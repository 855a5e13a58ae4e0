import { describe, expect, it } from "vitest";
import { config, proxy } from "./proxy";

describe("proxy", () => {
  it("runs on every route with a dynamic segment and answers an undecodable path there with the API's 404", async () => {
    expect(config.matcher).toEqual(["/v1/:path*", "/flow/:path*", "/evidence/:path*", "/branding/:path*", "/dashboard/:path*", "/api/:path*"]);
    for (const path of ["/v1/sessions/%ED%A0%80", "/flow/%ED%A0%80/upload", "/evidence/%ED%A0%80", "/api/trpc/%E0%A4%A"]) {
      const url = `http://localhost${path}`;
      const res = proxy(new Request(url, { method: "POST" }))!;
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("resource_missing");
    }
  });

  it("lets every other request through", () => {
    expect(proxy(new Request("http://localhost/v1/sessions/ses_1"))).toBeUndefined();
  });
});
