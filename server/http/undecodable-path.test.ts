import { describe, expect, it } from "vitest";
import { undecodablePathResponse } from "./undecodable-path";

describe("undecodablePathResponse", () => {
  it.each(["/v1/sessions/%ED%A0%80", "/v1/sessions/%E0%A4%A", "/v1/sessions/%FF/cancel", "/v1/%C0%AF"])("%s is 404 resource_missing", async (path) => {
    const res = undecodablePathResponse(new Request(`http://localhost${path}`))!;
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; request_id: string } };
    expect(body.error).toMatchObject({ code: "resource_missing", request_id: res.headers.get("request-id") });
    expect(res.headers.get("service-version")).toBeTruthy();
  });

  it.each(["/v1/sessions/ses_1", "/v1/sessions/%E0%A4%95", "/v1/sessions/%00", "/v1/sessions?reference_id=%ED%A0%80"])("%s goes on to its route", (path) => {
    expect(undecodablePathResponse(new Request(`http://localhost${path}`))).toBeNull();
  });
});
