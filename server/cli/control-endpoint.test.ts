import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "../env";
import { MAX_JSON_BODY_BYTES } from "../http/capped-body";
import { publishControlFile } from "../local-control";
import { handleControlRequest } from "./control-endpoint";

let authorization: string;

beforeAll(async () => {
  await publishControlFile(1);
  authorization = `Bearer ${(JSON.parse(readFileSync(path.resolve(env.DATA_DIR, "control.json"), "utf8")) as { token: string }).token}`;
});

describe("POST /api/internal/cli", () => {
  it("refuses a request without this process's control token before reading its body", async () => {
    const req = new Request("http://127.0.0.1/api/internal/cli", { method: "POST", body: "{}" });
    expect((await handleControlRequest(req)).status).toBe(403);
    expect(req.bodyUsed).toBe(false);
  });

  it("stops a chunked body at 1 MiB with 413, without reading the rest", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * MAX_JSON_BODY_BYTES) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await handleControlRequest(
      new Request("http://127.0.0.1/api/internal/cli", { method: "POST", headers: { authorization }, body, duplex: "half" } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(MAX_JSON_BODY_BYTES + 4 * chunk.byteLength);
  });

  it("answers 400 for a body that is not a command", async () => {
    const res = await handleControlRequest(new Request("http://127.0.0.1/api/internal/cli", { method: "POST", headers: { authorization }, body: "{not json" }));
    expect(res.status).toBe(400);
  });
});
