import { afterEach, describe, expect, it, vi } from "vitest";
import { API_VERSION } from "../../api-version";
import { openExchange } from "./request-id";
import { responseHeaders, send, sendReplay } from "./response-headers";

afterEach(() => {
  vi.restoreAllMocks();
});

const exchange = () => {
  const x = openExchange(new Request("http://localhost/v1/sessions?limit=2", { method: "POST" }));
  x.version = "2026-10-01";
  x.rateHeaders = { "RateLimit-Limit": "25", "RateLimit-Remaining": "24" };
  return x;
};
const stored = {
  status: 201,
  headers: { "Content-Type": "application/json", "Request-Id": "req_first", "Service-Version": "2026-10-01" },
  body: '{"id":"ses_1"}',
};

describe("responseHeaders", () => {
  it("carries the request id and the version, the current one before it is known", () => {
    const x = exchange();
    expect(responseHeaders(x)).toEqual({ "Request-Id": x.requestId, "Service-Version": "2026-10-01" });
    x.version = null;
    expect(responseHeaders(x)["Service-Version"]).toBe(API_VERSION);
  });
});

describe("send", () => {
  it("sends the stored response with the rate-limit headers and logs one line", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const x = exchange();
    const res = send(x, stored);
    expect(res.status).toBe(201);
    expect(await res.text()).toBe(stored.body);
    expect(res.headers.get("ratelimit-remaining")).toBe("24");
    expect(res.headers.get("request-id")).toBe("req_first");
    expect(JSON.parse(log.mock.calls[0]![0] as string)).toMatchObject({
      msg: "api",
      request_id: x.requestId,
      method: "POST",
      path: "/v1/sessions",
      status: 201,
    });
  });

  it("replays byte for byte under this request's id, marked Idempotent-Replayed", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const x = exchange();
    const res = sendReplay(x, stored);
    expect(await res.text()).toBe(stored.body);
    expect(res.headers.get("idempotent-replayed")).toBe("true");
    expect(res.headers.get("request-id")).toBe(x.requestId);
    expect(res.headers.get("service-version")).toBe("2026-10-01");
    expect(res.headers.get("ratelimit-limit")).toBe("25");
  });
});
