/**
 * Text that can reach the database: PostgreSQL refuses U+0000 in `text` and `jsonb`, and an
 * unpaired UTF-16 surrogate has no UTF-8 form. /v1 refuses such input at the edge, naming it,
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

/** The keys/indexes leading to the first string or object key in parsed JSON that is not storable text; null when all are. */
export function unstorablePath(value: unknown): (string | number)[] | null {
  if (typeof value === "string") return isStorableText(value) ? null : [];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const inner = unstorablePath(item);
      if (inner) return [i, ...inner];
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [key];
      const inner = unstorablePath(item);
      if (inner) return [key, ...inner];
    }
  }
  return null;
}

/** The 400 for text that cannot be stored, at `param` (a dot path or query parameter; none for the whole body). */
export function unstorableTextError(param: string): DomainError {
  return new DomainError("parameter_invalid", `Invalid ${param || "request body"}: text may not contain NUL (U+0000) or unpaired surrogate characters.`, {
    param: param || undefined,
  });
}
