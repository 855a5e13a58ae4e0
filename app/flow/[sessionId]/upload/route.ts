/**
 * POST /flow/{sessionId}/upload: one file of a `documents` or `selfie` step, as
 * `multipart/form-data` with the parts `step`, `kind` and `file` (and, for a liveness frame
 * `selfie_frame`, `challenge`: the challenge's nonce and `captured_ms`), authenticated like the flow's
 * procedures (`Authorization: Bearer st_...`). The body is counted while it streams in and
 * refused past 15 MiB (plus room for the multipart framing) before it is buffered whole; the
 * file is then checked, scanned and stored by server/flow/upload-step-file.ts.
 * Answers 201 `{ id, kind, content_type, size }`, or the Error object of /v1 with the DomainError's status
 * (404 `resource_missing` for a session id no session can have: NUL; an undecodable one is
 * answered by proxy.ts).
 */
import { getDb } from "~/server/db";
import { DomainError } from "~/server/errors";
import { uploadStepFile } from "~/server/flow/upload-step-file";
import { apiErrorResponse } from "~/server/http/api-error";
import { readCappedBody } from "~/server/http/capped-body";
import { clientIp } from "~/server/http/client-ip";
import { isStorableText } from "~/server/http/pipeline/text-input";
import { MAX_UPLOAD_BYTES } from "~/server/uploads/upload-types";

export const dynamic = "force-dynamic";

/** Room for the multipart boundaries, part headers and the two small text parts. */
const FRAMING_BYTES = 64 * 1024;
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + FRAMING_BYTES;
const NO_STORE = { "Cache-Control": "no-store" };

const tooLarge = () =>
  new DomainError("file_too_large", `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB. Upload a smaller file.`, {
    param: "file",
    details: { max_bytes: MAX_UPLOAD_BYTES },
  });

export async function POST(req: Request, { params }: { params: Promise<{ sessionId: string }> }): Promise<Response> {
  try {
    const { sessionId } = await params;
    if (!isStorableText(sessionId)) throw new DomainError("resource_missing", "No such session.", { param: "sessionId" });
    const match = /^Bearer\s+(st_\S+)$/.exec(req.headers.get("authorization") ?? "");
    if (!match) throw new DomainError("authentication_required", "This link is missing its access token.");
    const contentType = req.headers.get("content-type") ?? "";
    if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
      throw new DomainError("unsupported_media_type", "Send the file as multipart/form-data.");
    }
    const body = await readCappedBody(req, MAX_BODY_BYTES, tooLarge);
    let form: FormData;
    try {
      form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    } catch {
      throw new DomainError("parameter_invalid", "The upload could not be read. Try again.", { param: "file" });
    }
    const file = form.get("file");
    const step = form.get("step");
    const kind = form.get("kind");
    if (!(file instanceof Blob)) throw new DomainError("parameter_missing", "Missing required param: file.", { param: "file" });
    if (typeof step !== "string" || typeof kind !== "string")
      throw new DomainError("parameter_missing", "Missing required param: step and kind.", { param: "step" });
    // a liveness frame: the challenge's nonce and when the browser took it (ms since the challenge was shown)
    const [nonce, captured] = [form.get("challenge"), form.get("captured_ms")];
    const capturedMs = typeof captured === "string" && /^\d{1,9}$/.test(captured) ? Number(captured) : null;
    if (typeof nonce === "string" && capturedMs === null)
      throw new DomainError("parameter_invalid", "captured_ms must be the milliseconds since the challenge was shown.", { param: "captured_ms" });
    const uploaded = await uploadStepFile(
      await getDb(),
      { sessionId, token: match[1]!, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent") },
      {
        step,
        kind,
        bytes: new Uint8Array(await file.arrayBuffer()),
        ...(typeof nonce === "string" && nonce.length <= 64 && capturedMs !== null ? { liveness: { nonce, capturedMs } } : {}),
      },
    );
    return Response.json(uploaded, { status: 201, headers: NO_STORE });
  } catch (err) {
    return apiErrorResponse(err, NO_STORE);
  }
}
