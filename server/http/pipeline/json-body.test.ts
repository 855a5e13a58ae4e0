import { describe, expect, it } from "vitest";
import { domainError } from "~/tests/fixtures/domain-error";
import { MAX_JSON_BODY_BYTES } from "../capped-body";
import { readJsonBody } from "./json-body";

const post = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://localhost/v1/sessions", { method: "POST", body, headers });

describe("readJsonBody", () => {
  it("parses a JSON body and keeps the raw text", async () => {
    expect(await readJsonBody(post('{"a": 1}'), "POST")).toEqual({ raw: '{"a": 1}', json: { a: 1 } });
    expect(await readJsonBody(post('{"a":1}', { "content-type": "Application/JSON; charset=utf-8" }), "POST")).toEqual({ raw: '{"a":1}', json: { a: 1 } });
  });

  it("gives an empty body (of any content type) and non-POST methods no JSON", async () => {
    expect(await readJsonBody(post(null, {}), "POST")).toEqual({ raw: "", json: undefined });
    expect(await readJsonBody(new Request("http://localhost/v1/sessions"), "GET")).toEqual({ raw: "", json: undefined });
  });

  it("takes exactly 1 MiB and refuses one byte more with 413 body_too_large", async () => {
    const of = (n: number) => JSON.stringify({ p: "x".repeat(n - 8) });
    expect(of(MAX_JSON_BODY_BYTES)).toHaveLength(MAX_JSON_BODY_BYTES);
    expect((await readJsonBody(post(of(MAX_JSON_BODY_BYTES)), "POST")).raw).toHaveLength(MAX_JSON_BODY_BYTES);
    expect(await domainError(readJsonBody(post(of(MAX_JSON_BODY_BYTES + 1)), "POST"))).toMatchObject({ code: "body_too_large", status: 413 });
    // counted in bytes, not characters
    expect(await domainError(readJsonBody(post(JSON.stringify({ p: "é".repeat(MAX_JSON_BODY_BYTES / 2) })), "POST"))).toMatchObject({ code: "body_too_large" });
  });

  it("stops a chunked body without Content-Length at 1 MiB, without reading the rest", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * MAX_JSON_BODY_BYTES) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const req = new Request("http://localhost/v1/sessions", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(await domainError(readJsonBody(req, "POST"))).toMatchObject({ code: "body_too_large", status: 413 });
    expect(pulled).toBeLessThan(MAX_JSON_BODY_BYTES + 4 * chunk.byteLength);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const req = post("{}", { "content-type": "application/json", "content-length": String(MAX_JSON_BODY_BYTES + 1) });
    expect(await domainError(readJsonBody(req, "POST"))).toMatchObject({ code: "body_too_large" });
    expect(req.bodyUsed).toBe(false);
  });

  it("answers 415 for another content type and 400 body_invalid_json for malformed JSON", async () => {
    expect(await domainError(readJsonBody(post("a=1", { "content-type": "application/x-www-form-urlencoded" }), "POST"))).toMatchObject({
      code: "unsupported_media_type",
      status: 415,
    });
    expect(await domainError(readJsonBody(post("{not json"), "POST"))).toMatchObject({ code: "body_invalid_json", status: 400 });
  });

  it("refuses a string or key with NUL or an unpaired surrogate, naming its dot path", async () => {
    expect(await domainError(readJsonBody(post('{"a":{"b":["x\\u0000"]}}'), "POST"))).toMatchObject({ code: "parameter_invalid", param: "a.b.0" });
    expect(await domainError(readJsonBody(post('{"k\\ud800":1}'), "POST"))).toMatchObject({ code: "parameter_invalid", param: "k\ud800" });
  });

  it("refuses JSON nested deeper than 64 levels (400, not a stack overflow)", async () => {
    expect(await domainError(readJsonBody(post(`{"note":${"[".repeat(5000)}${"]".repeat(5000)}}`), "POST"))).toMatchObject({
      code: "parameter_invalid",
      status: 400,
    });
  });
});
