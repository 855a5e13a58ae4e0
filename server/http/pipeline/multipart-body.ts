/**
 * Step 5 of withApi for an endpoint with `bodyEncoding: "multipart"` (`POST /v1/files`): the
 * body is `multipart/form-data`, at most one upload (15 MiB, server/uploads/upload-types.ts) plus
 * MULTIPART_OVERHEAD_BYTES of form fields and part headers, counted while it streams in
 * (server/http/capped-body.ts). File parts become their bytes, text parts strings; the endpoint's
 * zod schema then parses them like a JSON body (unknown fields are a 400). `raw`, over which the
 * Idempotency-Key's request hash is taken, names each field with its value, a file by its
 * SHA-256 and size: a retry with another multipart boundary is the same request.
 */
import { createHash } from "node:crypto";
import { DomainError } from "../../errors";
import { MAX_UPLOAD_BYTES } from "../../uploads/upload-types";
import { readCappedBody } from "../capped-body";
import type { JsonBody } from "./json-body";
import { isStorableText, unstorableTextError } from "./text-input";

/** Room for the form fields and part headers around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart/form-data body.
 * @returns `json`: field name -> string or `Uint8Array` (a file part); `raw`: the canonical form described above.
 * @throws DomainError unsupported_media_type (415) for another content type, file_too_large (413)
 *   past the cap, body_invalid_multipart (400) for a body that does not parse, parameter_invalid
 *   (400, param: the field) for a field sent twice or text with NUL or an unpaired surrogate.
 */
export async function readMultipartBody(req: Request): Promise<JsonBody> {
  const contentType = req.headers.get("content-type") ?? "";
  if (contentType.split(";")[0]!.trim().toLowerCase() !== "multipart/form-data") {
    throw new DomainError("unsupported_media_type", "Send the file as multipart/form-data (a `file` part and the `purpose` field).");
  }
  const bytes = await readCappedBody(
    req,
    MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
    () =>
      new DomainError("file_too_large", `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB. Upload a smaller file.`, {
        param: "file",
        details: { max_bytes: MAX_UPLOAD_BYTES },
      }),
  );
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new DomainError("body_invalid_multipart", "The request body is not valid multipart/form-data.");
  }
  const json: Record<string, string | Uint8Array> = {};
  const canonical: [string, string | { sha256: string; size: number }][] = [];
  for (const [name, value] of form) {
    if (!isStorableText(name)) throw unstorableTextError(name);
    if (name in json) throw new DomainError("parameter_invalid", `Send '${name}' once.`, { param: name });
    if (typeof value === "string") {
      if (!isStorableText(value)) throw unstorableTextError(name);
      json[name] = value;
      canonical.push([name, value]);
    } else {
      const file = new Uint8Array(await value.arrayBuffer());
      json[name] = file;
      canonical.push([name, { sha256: createHash("sha256").update(file).digest("hex"), size: file.byteLength }]);
    }
  }
  canonical.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { raw: JSON.stringify(canonical), json };
}
