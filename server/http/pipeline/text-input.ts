/**
 * Text that can reach the database: PostgreSQL refuses U+0000 in `text` and `jsonb`, and an
 * unpaired UTF-16 surrogate has no UTF-8 form. /v1 and tRPC refuse such input at the edge, naming it,
 * instead of failing later with a database error (a 500): the JSON body and the query
 * (400 `parameter_invalid`, server/http/pipeline/json-body.ts and input.ts) and path ids
 * (404 `resource_missing`: no object has such an id).
 */
import { DomainError } from "../../errors";

/** NUL, or a surrogate code unit that is not half of a pair (in `u` mode a pair is one code point, never Cs). */
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** True when `s` has no NUL character and no unpaired surrogate. */
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/**
 * JSON nested deeper than this is refused: the app's readers (zod, the walk below) and
 * PostgreSQL's jsonb parser recurse, and no request of this service nests more than a few levels.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The keys/indexes leading to the first string or object key in parsed JSON that is not
 * storable text, or to the first value nested deeper than MAX_JSON_DEPTH (`tooDeep`); null when
 * there is none.
 */
export function unstorablePath(value: unknown, depth = 0): { path: (string | number)[]; tooDeep: boolean } | null {
  if (typeof value === "string") return isStorableText(value) ? null : { path: [], tooDeep: false };
  if (typeof value !== "object" || value === null) return null;
  if (depth >= MAX_JSON_DEPTH) return { path: [], tooDeep: true };
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === "string" && !isStorableText(key)) return { path: [key], tooDeep: false };
    const inner = unstorablePath(item, depth + 1);
    if (inner) return { ...inner, path: [key, ...inner.path] };
  }
  return null;
}

/**
 * The 400 for parsed JSON input (a /v1 body, a tRPC input) with text that cannot be stored or
 * nesting past MAX_JSON_DEPTH, naming the dot path; null for input without either.
 */
export function unstorableInputError(value: unknown): DomainError | null {
  const found = unstorablePath(value);
  if (!found) return null;
  const param = found.path.join(".");
  if (!found.tooDeep) return unstorableTextError(param);
  return new DomainError("parameter_invalid", `Invalid ${param || "request body"}: JSON may not be nested more than ${MAX_JSON_DEPTH} levels deep.`, {
    param: param || undefined,
  });
}

/** The 400 for text that cannot be stored, at `param` (a dot path or query parameter; none for the whole body). */
export function unstorableTextError(param: string): DomainError {
  return new DomainError("parameter_invalid", `Invalid ${param || "request body"}: text may not contain NUL (U+0000) or unpaired surrogate characters.`, {
    param: param || undefined,
  });
}
