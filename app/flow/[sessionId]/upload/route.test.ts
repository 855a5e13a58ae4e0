/**
 * The flow's upload route as the browser calls it: a client token, multipart, a body counted
 * before it is buffered; answers in the Error object of the API.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql, type Db } from "~/server/db";
import { applyMigrations } from "~/server/db/migrate";
import { startFlow } from "~/server/flow/flow-state";
import { seedDemo } from "~/server/seed/seed-demo";
import { createSession } from "~/server/sessions/create-session";
import { MAX_UPLOAD_BYTES } from "~/server/uploads/upload-types";
import { POST } from "./route";

let db: Db;
let session: { id: string; client_token: string };
let png: Buffer;

beforeAll(async () => {
  process.env.SCANNER = "off"; // test mode: the scan is tested in server/uploads and in e2e/flow-recovery.spec.ts
  await applyMigrations(await getSql());
  db = await getDb();
  const seed = await seedDemo(db);
  const wf = await db.workflow.findUniqueOrThrow({ where: { projectId_name: { projectId: seed.projectId, name: "India KYC (full)" } }, select: { id: true } });
  session = await createSession(db, { projectId: seed.projectId, mode: "test" }, { workflow_id: wf.id }, { type: "api_key", id: "key_test" });
  await startFlow(db, { sessionId: session.id, token: session.client_token });
  png = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
});

function post(init: RequestInit & { headers?: Record<string, string> }, sessionId = session.id) {
  const req = new Request(`http://localhost/flow/${sessionId}/upload`, { method: "POST", duplex: "half", ...init } as RequestInit);
  return POST(req, { params: Promise.resolve({ sessionId }) });
}

function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const auth = () => ({ authorization: `Bearer ${session.client_token}` });

describe("POST /flow/{sessionId}/upload", () => {
  it("stores a selfie for the session and answers its file id", async () => {
    const res = await post({
      headers: auth(),
      body: multipart({ step: "selfie", kind: "selfie", file: new Blob([new Uint8Array(png)], { type: "image/png" }) }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; kind: string; content_type: string; size: number };
    expect(body).toMatchObject({ kind: "selfie", content_type: "image/png", size: png.length });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const row = await db.evidenceFile.findUniqueOrThrow({ where: { id: body.id }, select: { sessionId: true, step: true } });
    expect(row).toEqual({ sessionId: session.id, step: "selfie" });
  });

  it("needs the session's client token", async () => {
    const body = multipart({ step: "selfie", kind: "selfie", file: new Blob([new Uint8Array(png)]) });
    expect((await post({ body })).status).toBe(401);
    const wrong = await post({ headers: { authorization: "Bearer st_notthetoken0000000000000000000" }, body });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("client_token_invalid");
  });

  it("answers 404 for a session id no session can have (NUL), not a database error", async () => {
    const body = multipart({ step: "selfie", kind: "selfie", file: new Blob([new Uint8Array(png)]) });
    const res = await post({ headers: auth(), body }, "ses_\u0000");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: "resource_missing", param: "sessionId" });
  });

  it("refuses a body that is not multipart", async () => {
    const res = await post({ headers: { ...auth(), "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(415);
  });

  it("refuses an oversized body by its declared length, without reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await post({ headers: { ...auth(), "content-type": "multipart/form-data; boundary=x", "content-length": String(MAX_UPLOAD_BYTES * 2) }, body });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("file_too_large");
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a body without a length as soon as it passes the cap", async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await post({ headers: { ...auth(), "content-type": "multipart/form-data; boundary=x" }, body });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 4 * 1024 * 1024);
  });

  it("refuses a kind the step does not take and a file that is not a document type", async () => {
    const wrongKind = await post({ headers: auth(), body: multipart({ step: "documents", kind: "selfie", file: new Blob([new Uint8Array(png)]) }) });
    expect(wrongKind.status).toBe(400);
    const text = await post({ headers: auth(), body: multipart({ step: "documents", kind: "pan_card_front", file: new Blob(["just some text"]) }) });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { code: string } }).error.code).toBe("file_type_not_allowed");
  });
});
