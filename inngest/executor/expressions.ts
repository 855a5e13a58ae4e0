/**
 * The small subset of Inngest's CEL expressions the embedded executor evaluates:
 *
 * - one equality `A == B`, where each side is a dotted path rooted at `event` (the run's
 *   triggering event) or `async` (the incoming event a waitForEvent is matching), or a literal
 *   (`'text'`, `"text"`, a number, `true`, `false`, `null`);
 * - a bare path such as `event.data.projectId` (concurrency keys).
 *
 * Anything else (`&&`, `!=`, `>`, indexing, functions) throws
 * {@link UnsupportedExpressionError}: the executor fails loudly instead of guessing.
 */

export type Root = "event" | "async";

export type Operand = { kind: "path"; root: Root; path: string[] } | { kind: "literal"; value: string | number | boolean | null };

/** A parsed `A == B`. */
export interface Equality {
  source: string;
  left: Operand;
  right: Operand;
}

/** An expression outside the supported subset. */
export class UnsupportedExpressionError extends Error {
  constructor(source: string, why: string) {
    super(
      `Unsupported Inngest expression ${JSON.stringify(source)} (${why}); the embedded executor only supports \`event.data.x == async.data.y\`-style equalities.`,
    );
    this.name = "UnsupportedExpressionError";
  }
}

const PATH = /^(event|async)((?:\.[A-Za-z_][A-Za-z0-9_]*)+)$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

function parseOperand(text: string, roots: readonly Root[], source: string): Operand {
  const t = text.trim();
  const path = PATH.exec(t);
  if (path) {
    const root = path[1] as Root;
    if (!roots.includes(root)) throw new UnsupportedExpressionError(source, `\`${root}\` is not available here`);
    return { kind: "path", root, path: path[2]!.slice(1).split(".") };
  }
  if (/^'[^'\\]*'$/.test(t) || /^"[^"\\]*"$/.test(t)) return { kind: "literal", value: t.slice(1, -1) };
  if (NUMBER.test(t)) return { kind: "literal", value: Number(t) };
  if (t === "true" || t === "false") return { kind: "literal", value: t === "true" };
  if (t === "null") return { kind: "literal", value: null };
  throw new UnsupportedExpressionError(source, `cannot read operand ${JSON.stringify(t)}`);
}

/**
 * Parses `A == B`.
 * @param roots the path roots allowed (`["event"]` for trigger expressions).
 * @throws UnsupportedExpressionError
 */
export function parseEquality(source: string, roots: readonly Root[] = ["event", "async"]): Equality {
  const parts = source.split("==");
  if (parts.length !== 2) throw new UnsupportedExpressionError(source, "expected exactly one `==`");
  const [a, b] = parts as [string, string];
  if (b.startsWith("=")) throw new UnsupportedExpressionError(source, "`===` is not CEL");
  return { source, left: parseOperand(a, roots, source), right: parseOperand(b, roots, source) };
}

/**
 * Parses a bare path such as `event.data.projectId`.
 * @throws UnsupportedExpressionError
 */
export function parsePath(source: string, roots: readonly Root[] = ["event"]): Extract<Operand, { kind: "path" }> {
  const op = parseOperand(source, roots, source);
  if (op.kind !== "path") throw new UnsupportedExpressionError(source, "expected a path");
  return op;
}

/** Value at `path` inside `value`, or `undefined`. */
export function getPath(value: unknown, path: readonly string[]): unknown {
  let cur = value;
  for (const key of path) {
    if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Value of an operand in a scope `{ event, async }`. */
export function operandValue(op: Operand, scope: { event?: unknown; async?: unknown }): unknown {
  return op.kind === "literal" ? op.value : getPath(scope[op.root], op.path);
}

/** Stable JSON (sorted object keys), used to compare structured values. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`)
    .join(",")}}`;
}

/** Evaluates an equality; a missing value on either side never matches. */
export function evaluateEquality(expr: Equality, scope: { event?: unknown; async?: unknown }): boolean {
  const left = operandValue(expr.left, scope);
  const right = operandValue(expr.right, scope);
  if (left === undefined || right === undefined) return false;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) return left === right;
  return stableJson(left) === stableJson(right);
}
