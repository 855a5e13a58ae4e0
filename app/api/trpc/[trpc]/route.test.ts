/**
 * The tRPC endpoint reads its body with a byte cap before tRPC parses it and before any
 * procedure checks a token or a session.
 */
import { describe, expect, it, vi } from "vitest";
import { MAX_TRPC_BODY_BYTES, POST } from "./route";

const auth = vi.hoisted(() => vi.fn(async () => null));
vi.mock("~/server/auth/auth", () => ({ auth }));

describe("POST /api/trpc", () => {
  it("stops a chunked body at the cap with 413 PAYLOAD_TOO_LARGE, without reading the rest or checking the token", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const req = new Request("http://localhost/api/trpc/flow.start?batch=1", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer st_unknown" },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await POST(req);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(MAX_TRPC_BODY_BYTES + 4 * chunk.byteLength);
    const [answer] = (await res.json()) as [{ error: { json: { message: string; data: { code: string; httpStatus: number } } } }];
    expect(answer.error.json.data).toMatchObject({ code: "PAYLOAD_TOO_LARGE", httpStatus: 413 });
    expect(auth).not.toHaveBeenCalled();
  });

  it("hands a body under the cap to tRPC, which parses the input", async () => {
    const req = new Request("http://localhost/api/trpc/flow.start?batch=1", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer st_unknown" },
      body: JSON.stringify({ 0: { json: { sessionId: "x".repeat(65) } } }),
    });
    const res = await POST(req);
    expect(res.status).toBe(400);
    const [answer] = (await res.json()) as [{ error: { json: { data: { code: string; zodError: { fieldErrors: Record<string, string[]> } } } } }];
    expect(answer.error.json.data.code).toBe("BAD_REQUEST");
    expect(Object.keys(answer.error.json.data.zodError.fieldErrors)).toEqual(["sessionId"]);
  });
});
