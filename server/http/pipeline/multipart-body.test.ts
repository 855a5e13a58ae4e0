import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "../../uploads/upload-types";
import { MULTIPART_OVERHEAD_BYTES, readMultipartBody } from "./multipart-body";

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request("http://localhost/v1/files", { method: "POST", body, headers });

function form(fields: [string, string | Uint8Array][]): FormData {
  const f = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === "string") f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)]), "a.bin");
  }
  return f;
}

describe("readMultipartBody", () => {
  it("reads text fields as strings and file parts as bytes", async () => {
    const body = await readMultipartBody(
      post(
        form([
          ["purpose", "selfie"],
          ["file", new Uint8Array([1, 2, 3])],
        ]),
      ),
    );
    expect(body.json).toEqual({ purpose: "selfie", file: new Uint8Array([1, 2, 3]) });
  });

  it("hashes the same fields and file the same whatever the boundary and order; another file differently", async () => {
    const a = await readMultipartBody(
      post(
        form([
          ["purpose", "selfie"],
          ["file", new Uint8Array([1, 2, 3])],
        ]),
      ),
    );
    const b = await readMultipartBody(
      post(
        form([
          ["file", new Uint8Array([1, 2, 3])],
          ["purpose", "selfie"],
        ]),
      ),
    );
    const c = await readMultipartBody(
      post(
        form([
          ["purpose", "selfie"],
          ["file", new Uint8Array([1, 2, 4])],
        ]),
      ),
    );
    expect(b.raw).toBe(a.raw);
    expect(c.raw).not.toBe(a.raw);
    expect(a.raw).not.toContain("\u0001"); // the file is named by its hash, not its bytes
  });

  it("refuses another content type (415), a broken body (400), a field sent twice and unstorable text (400)", async () => {
    await expect(readMultipartBody(post('{"purpose":"selfie"}', { "content-type": "application/json" }))).rejects.toMatchObject({
      code: "unsupported_media_type",
      status: 415,
    });
    await expect(readMultipartBody(post("garbage", { "content-type": "multipart/form-data; boundary=b" }))).rejects.toMatchObject({
      code: "body_invalid_multipart",
      status: 400,
    });
    await expect(
      readMultipartBody(
        post(
          form([
            ["purpose", "a"],
            ["purpose", "b"],
          ]),
        ),
      ),
    ).rejects.toMatchObject({ code: "parameter_invalid", param: "purpose" });
    await expect(readMultipartBody(post(form([["purpose", "a\u0000b"]])))).rejects.toMatchObject({ code: "parameter_invalid", param: "purpose" });
  });

  it("refuses a body past one upload and its fields as file_too_large (413) before reading it", async () => {
    const declared = String(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES + 1);
    await expect(readMultipartBody(post("x", { "content-type": "multipart/form-data; boundary=b", "content-length": declared }))).rejects.toMatchObject({
      code: "file_too_large",
      status: 413,
      param: "file",
    });
  });
});
