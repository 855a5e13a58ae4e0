import { describe, expect, it } from "vitest";
import { config, proxy } from "./proxy";

describe("proxy", () => {
  it("runs on /v1 and answers an undecodable path there with the API's 404", async () => {
    expect(config.matcher).toBe("/v1/:path*");
    const res = proxy(new Request("http://localhost/v1/sessions/%ED%A0%80"))!;
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("resource_missing");
  });

  it("lets every other request through", () => {
    expect(proxy(new Request("http://localhost/v1/sessions/ses_1"))).toBeUndefined();
  });
});
