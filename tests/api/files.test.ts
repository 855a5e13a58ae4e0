/**
 * The Files API as an integrator sees it, against the running app (its clamd scans every upload):
 * `POST /v1/files` (multipart), `GET /v1/files/{id}`, `GET /v1/files/{id}/url`,
 * `DELETE /v1/files/{id}`; refusals as the Error object with nothing stored; Idempotency-Key;
 * tenant isolation; erasure with the session; and the file ids in direct checks.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { eicar } from "../fixtures/clamd";
import { blankPdf, encryptedPdf } from "../fixtures/pdf-fixtures";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const live = api(fx.baseUrl, fx.demo.liveKey);
const other = api(fx.baseUrl, fx.other.testKey);

const MAX = 15 * 1024 * 1024;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
});

function form(fields: Record<string, string | Uint8Array>): FormData {
  const f = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)]), "upload.bin");
  }
  return f;
}

const upload = (fields: Record<string, string | Uint8Array>, client = demo, headers: Record<string, string> = {}) =>
  client("POST", "/v1/files", form(fields), headers);

describe("POST /v1/files", () => {
  it("stores an image and answers 201 with the File object; GET answers the same metadata, no bytes", async () => {
    const res = await upload({ file: png, purpose: "identity_document" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^file_[0-9A-Za-z]{24}$/),
      object: "file",
      purpose: "identity_document",
      content_type: "image/png",
      size: png.length,
      session_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    const got = await demo("GET", `/v1/files/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("serves the bytes through a short-lived download address", async () => {
    const { body: file } = await upload({ file: png, purpose: "selfie" });
    const address = await demo("GET", `/v1/files/${file.id}/url`);
    expect(address.status).toBe(200);
    expect(Date.parse(address.body.expires_at) - Date.now()).toBeLessThanOrEqual(300_000);
    const download = await fetch(`${fx.baseUrl}${new URL(address.body.url).pathname}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
  });

  it("keeps files to the key's project and mode: another project's key or the live key gets 404", async () => {
    const { body: file } = await upload({ file: png, purpose: "selfie" });
    for (const client of [other, live]) {
      for (const [method, path] of [
        ["GET", `/v1/files/${file.id}`],
        ["GET", `/v1/files/${file.id}/url`],
        ["DELETE", `/v1/files/${file.id}`],
      ] as const) {
        const res = await client(method, path);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error).toMatchObject({ type: "not_found_error", code: "resource_missing" });
      }
    }
    expect((await demo("GET", `/v1/files/${file.id}`)).status).toBe(200);
  });

  it.each([
    ["a text file", () => Buffer.from("name,pan\nRavi,ABCPE1234F\n"), 415, "file_type_not_allowed"],
    ["an encrypted PDF", () => encryptedPdf(), 422, "file_encrypted"],
    ["a PDF without a page", () => blankPdf(0), 422, "file_no_pages"],
    ["the EICAR test file inside a PDF", () => Buffer.concat([blankPdf(1), eicar()]), 422, "file_infected"],
    ["an empty file", () => Buffer.alloc(0), 415, "file_type_not_allowed"],
  ])("refuses %s with %i %s, stores nothing", async (_, bytes, status, code) => {
    const res = await upload({ file: bytes(), purpose: "identity_document" });
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({
      type: "invalid_request_error",
      code,
      param: "file",
      message: expect.any(String),
      request_id: expect.stringMatching(/^req_/),
    });
    expect(res.body.id).toBeUndefined();
  });

  it("refuses 15 MiB + 1 byte with 413 file_too_large (exactly 15 MiB is stored)", async () => {
    const tooBig = await upload({ file: Buffer.concat([png, Buffer.alloc(MAX + 1 - png.length)]), purpose: "identity_document" });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatchObject({ type: "invalid_request_error", code: "file_too_large", param: "file" });
    const pdf = blankPdf(1);
    const largest = await upload({ file: Buffer.concat([pdf, Buffer.alloc(MAX - pdf.length, 0x20)]), purpose: "business_document" });
    expect(largest.status).toBe(201);
    expect(largest.body).toMatchObject({ size: MAX, content_type: "application/pdf" });
  });

  it("refuses bad fields with 400 naming them, and a JSON body with 415", async () => {
    const noPurpose = await upload({ file: png });
    expect(noPurpose.status).toBe(400);
    expect(noPurpose.body.error).toMatchObject({ code: "parameter_invalid", param: "purpose" });
    expect((await upload({ file: png, purpose: "mugshot" })).body.error).toMatchObject({ code: "parameter_invalid", param: "purpose" });
    expect((await upload({ purpose: "selfie" })).body.error).toMatchObject({ code: "parameter_invalid", param: "file" });
    expect((await upload({ file: png, purpose: "selfie", extra: "x" })).body.error).toMatchObject({ code: "parameter_unknown", param: "extra" });
    const json = await demo("POST", "/v1/files", { purpose: "selfie" });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe("unsupported_media_type");
  });

  it("is idempotent with Idempotency-Key: the same file replays the first response; another file is idempotency_key_reused", async () => {
    const headers = { "Idempotency-Key": `files-${Date.now()}-${Math.random()}` };
    const first = await upload({ file: png, purpose: "identity_document" }, demo, headers);
    const again = await upload({ file: png, purpose: "identity_document" }, demo, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    const changed = await upload({ file: blankPdf(1), purpose: "identity_document" }, demo, headers);
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatchObject({ type: "idempotency_error", code: "idempotency_key_reused" });
  });
});

describe("DELETE /v1/files/{id} and erasure", () => {
  it("deletes the file: its metadata and address are gone, a second delete is 404", async () => {
    const { body: file } = await upload({ file: png, purpose: "proof_of_address" });
    const address = await demo("GET", `/v1/files/${file.id}/url`);
    const deleted = await demo("DELETE", `/v1/files/${file.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: file.id, object: "file", deleted: true });
    expect((await demo("GET", `/v1/files/${file.id}`)).status).toBe(404);
    expect((await fetch(`${fx.baseUrl}${new URL(address.body.url).pathname}`)).status).toBe(404);
    expect((await demo("DELETE", `/v1/files/${file.id}`)).status).toBe(404);
  });

  it("attaches a file to a session and erases it with the session's personal data", async () => {
    const session = await demo("POST", "/v1/sessions", { workflow_id: fx.demo.workflows.kyc });
    const attached = await upload({ file: png, purpose: "identity_document", session_id: session.body.id });
    expect(attached.status).toBe(201);
    expect(attached.body.session_id).toBe(session.body.id);
    expect((await upload({ file: png, purpose: "identity_document", session_id: session.body.id }, other)).status).toBe(404);
    expect((await upload({ file: png, purpose: "identity_document", session_id: "ses_doesnotexist0000000000" })).body.error).toMatchObject({
      code: "resource_missing",
      param: "session_id",
    });
    const erased = await demo("DELETE", `/v1/sessions/${session.body.id}/pii`);
    expect(erased.body.files_deleted).toBeGreaterThanOrEqual(1);
    expect((await demo("GET", `/v1/files/${attached.body.id}`)).status).toBe(404);
  });
});

describe("file ids in direct checks", () => {
  it("in.face.match and in.liveness.check take Files API uploads; the wrong purpose is a 400, another tenant's file a 404", async () => {
    const { body: selfie } = await upload({ file: png, purpose: "selfie" });
    const { body: document } = await upload({ file: png, purpose: "identity_document" });
    const { body: foreign } = await upload({ file: png, purpose: "selfie" }, other);

    const match = await demo("POST", "/v1/checks/in.face.match", { selfie_file_id: selfie.id, document_file_id: document.id });
    expect(match.status).toBe(200);
    // a plain green image shows no face: answered with a reason, never passed
    expect(match.body.check_key).toBe("in.face.match");
    expect(["failed", "needs_review"]).toContain(match.body.status);
    expect(match.body.error_code).toEqual(expect.any(String));

    const swapped = await demo("POST", "/v1/checks/in.face.match", { selfie_file_id: document.id, document_file_id: selfie.id });
    expect(swapped.status).toBe(400);
    expect(swapped.body.error).toMatchObject({ type: "invalid_request_error", code: "file_purpose_invalid", param: "selfie_file_id" });

    const notOurs = await demo("POST", "/v1/checks/in.liveness.check", { selfie_file_id: foreign.id });
    expect(notOurs.status).toBe(404);
    expect(notOurs.body.error).toMatchObject({ code: "resource_missing", param: "selfie_file_id" });

    const liveness = await demo("POST", "/v1/checks/in.liveness.check", { selfie_file_id: selfie.id });
    expect(liveness.status).toBe(200);
    expect(liveness.body.status).not.toBe("passed");
  });
});
