/**
 * Step 5 of withApi: the request body of a POST (decisions.md "Errors"): size (1 MiB, counted
 * while it streams in: server/http/capped-body.ts), content type (JSON only), JSON syntax, and
 * only text the database can store, nested at most 64 levels (server/http/pipeline/text-input.ts). Other methods have no body. The raw text is kept: the Idempotency-Key's request hash is
 * taken over it.
 */
import { DomainError } from "../../errors";
import { MAX_JSON_BODY_BYTES, readCappedBody } from "../capped-body";
import { unstorableInputError } from "./text-input";
import type { ApiMethod } from "./endpoint";

export interface JsonBody {
  /** The body as sent ("" when empty). */
  raw: string;
  /** The parsed JSON; undefined for an empty body. */
  json: unknown;
}

const NO_BODY: JsonBody = { raw: "", json: undefined };

/**
 * Reads the body of a POST; other methods get none.
 * @throws DomainError body_too_large (413) over 1 MiB, unsupported_media_type (415) for a
 *   non-empty body that is not `application/json`, body_invalid_json (400), parameter_invalid
 *   (400, param: the dot path) for a string or key with NUL or an unpaired surrogate, or nesting
 *   deeper than MAX_JSON_DEPTH (server/http/pipeline/text-input.ts).
 */
export async function readJsonBody(req: Request, method: ApiMethod): Promise<JsonBody> {
  if (method !== "POST") return NO_BODY;
  const bytes = await readCappedBody(req, MAX_JSON_BODY_BYTES, () => new DomainError("body_too_large", "Request bodies are limited to 1 MiB."));
  const raw = new TextDecoder().decode(bytes);
  if (!raw.length) return { raw, json: undefined };
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new DomainError("unsupported_media_type", "Send request bodies as JSON with 'Content-Type: application/json'.");
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new DomainError("body_invalid_json", "The request body is not valid JSON.");
  }
  const unstorable = unstorableInputError(json);
  if (unstorable) throw unstorable;
  return { raw, json };
}
