import { describe, expect, it } from "vitest";
import { openExchange } from "./request-id";

describe("openExchange", () => {
  it("gives every request its own req_ id and starts with nothing known", () => {
    const req = new Request("http://localhost/v1/ping");
    const a = openExchange(req, 1000);
    const b = openExchange(req, 1000);
    expect(a.requestId).toMatch(/^req_[0-9A-Za-z]{24}$/);
    expect(b.requestId).not.toBe(a.requestId);
    expect(a).toMatchObject({ req, startedAt: 1000, version: null, rateHeaders: {}, claim: null, handlerStarted: false });
  });
});
