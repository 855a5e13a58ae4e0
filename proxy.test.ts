import { describe, expect, it } from "vitest";
import { config, proxy } from "./proxy";

describe("proxy", () => {
  it("runs on /v1 and /flow and answers an undecodable path there with the API's 404", async () => {
    expect(config.matcher).toEqual(["/v1/:path*", "/flow/:path*"]);
    for (const url of ["http://localhost/v1/sessions/%ED%A0%80", "http://localhost/flow/%ED%A0%80/upload"]) {
      const res = proxy(new Request(url, { method: "POST" }))!;
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("resource_missing");
    }
  });

  it("lets every other request through", () => {
    expect(proxy(new Request("http://localhost/v1/sessions/ses_1"))).toBeUndefined();
  });
});
