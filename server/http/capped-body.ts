/**
 * `readCappedBody(req, limit, tooLarge)`: the one way a route reads a request body (/v1 JSON,
 * tRPC, hosted-flow uploads, the internal CLI endpoint), and how a downloaded list file is read
 * (server/screening/fetch-list-source.ts). The bytes are counted while they
 * stream in: a declared `Content-Length` over the cap is refused before anything is read, and a
 * body without one (chunked) is refused as soon as it passes the cap; the stream is then
 * cancelled, so the rest is neither read nor buffered.
 */

/** decisions.md "Limits beyond interface.md": a JSON request body is at most 1 MiB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * The whole body of a request or a fetched response, at most `limit` bytes (empty without a body).
 * @throws the error `tooLarge()` returns, once the body is known to be over `limit`.
 */
export async function readCappedBody(
  req: Pick<Request | Response, "headers" | "body">,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    body.set(c, offset);
    offset += c.byteLength;
  }
  return body;
}
