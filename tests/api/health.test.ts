import { describe, expect, inject, it } from "vitest";

const { baseUrl } = inject("fixtures");

describe("GET /v1/sessions without credentials", () => {
  it("is 401 authentication_error with a request id", async () => {
    const res = await fetch(`${baseUrl}/v1/sessions`);

    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const requestId = res.headers.get("request-id");
    expect(requestId).toMatch(/^req_/);
    const body = (await res.json()) as { error?: { type?: string; request_id?: string } };
    expect(body.error?.type).toBe("authentication_error");
    expect(body.error?.request_id).toBe(requestId);
  });
});
