/**
 * fast-check arbitraries from JSON Schemas (the OpenAPI document's, and the tRPC procedures'
 * input schemas through `z.toJSONSchema`): `valid(schema)` generates values the schema accepts,
 * `mutated(schema)` values a strict reader should refuse or must at least survive: a wrong type,
 * a missing required field, an extra field, a string or number just past its bound, NUL and
 * lone surrogates in a value or a key, huge numbers and deep nesting.
 *
 * Raw JSON the JavaScript value cannot express (`1e400`, a 5,000-deep array) is written as a
 * {@link Raw} value and spliced into the text by {@link toJsonText}.
 *
 * Written against the API fast-check 3.23 and 4.x share (`fc.string({ unit })`, `fc.sample`).
 */
import fc from "fast-check";

/** A JSON Schema node (2020-12, as the document and zod emit them). */
export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
};

/** Follows `$ref`s of the document the schemas come from. */
export type Resolve = (schema: JsonSchema) => JsonSchema;

/** JSON text spliced as is into the request body (see {@link toJsonText}). */
export class Raw {
  constructor(readonly text: string) {}
}

/** The text of the value as a request body, `Raw` parts spliced in unquoted. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_, v: unknown) => (v instanceof Raw ? `\u0001raw${raws.push(v.text) - 1}\u0001` : v));
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]!);
}

/** Text PostgreSQL cannot store: NUL and unpaired surrogates, alone or inside ordinary text. */
export const UNSTORABLE = ["\u0000", "a\u0000b", "\ud800", "x\udfff", "\udc00\ud800", "\ud83d"];

const deep = (depth: number, open: string, close: string) => new Raw(open.repeat(depth) + "1" + close.repeat(depth));
/** Values of every JSON type, extremes included: used where a field gets the wrong type. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  new Raw("1e400"),
  new Raw("-1e400"),
  new Raw("123456789012345678901234567890123456789"),
  "",
  " ",
  "x".repeat(10_000),
  [],
  [null],
  {},
  new Raw('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  deep(2_000, "[", "]"),
  deep(2_000, '{"a":', "}"),
  ...UNSTORABLE,
];

/** Any JSON value, shallow, with odd strings among them. */
export const anyJson = (): fc.Arbitrary<unknown> => fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...ODD_VALUES));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Raw);

/** A string the schema accepts (formats: email, uri, date, date-time; a pattern when given). */
function validString(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = (s.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((s.maxLength as number | undefined) ?? minLength + 40, minLength + 64);
  const date = fc.date({ min: new Date("1950-01-01"), max: new Date("2040-01-01"), noInvalidDate: true });
  switch (s.format) {
    case "email":
      return fc.emailAddress().filter((e) => e.length <= maxLength);
    case "uri":
      return fc.oneof(fc.webUrl(), fc.constantFrom("https://example.com/return", "http://localhost:4000/hook", "https://[::1]/x"));
    case "date":
      return date.map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return date.map((d) => d.toISOString());
  }
  if (typeof s.pattern === "string") return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= maxLength);
  return fc.string({ minLength, maxLength, unit: fc.constantFrom("a", "Z", "0", "_", "-", " ", "é", "क", "😀") as fc.Arbitrary<string> });
}

/** Values `schema` accepts. `hints` overrides the arbitrary of a property by name (real ids). */
export function valid(schema: JsonSchema, resolve: Resolve, hints: Record<string, fc.Arbitrary<unknown>> = {}, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => valid(a, resolve, hints, depth)));
  if (Array.isArray(s.allOf)) return valid(s.allOf[0] as JsonSchema, resolve, hints, depth);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => valid({ ...s, type }, resolve, hints, depth)));
  switch (s.type) {
    case "string":
      return validString(s);
    case "integer": {
      const min = (s.minimum as number | undefined) ?? ((s.exclusiveMinimum as number | undefined) ?? -1_000_001) + 1;
      const max = (s.maximum as number | undefined) ?? ((s.exclusiveMaximum as number | undefined) ?? 1_000_001) - 1;
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case "number":
      return fc.double({ min: (s.minimum as number | undefined) ?? -1e6, max: (s.maximum as number | undefined) ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = (s.minItems as number | undefined) ?? 0;
      const items = s.items ? valid(s.items, resolve, hints, depth + 1) : anyJson();
      return fc.array(items, { minLength, maxLength: Math.min((s.maxItems as number | undefined) ?? minLength + 3, minLength + 3) });
    }
    case "object":
      return validObject(s, resolve, hints, depth);
  }
  return depth > 2 ? fc.jsonValue({ maxDepth: 1 }) : anyJson();
}

function validObject(s: JsonSchema, resolve: Resolve, hints: Record<string, fc.Arbitrary<unknown>>, depth: number): fc.Arbitrary<unknown> {
  const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, hints[k] ?? valid(v, resolve, hints, depth + 1)]));
  const known = fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
  const extra = s.additionalProperties;
  if (extra === undefined || extra === false || Object.keys(s.properties ?? {}).length > 0) return known;
  const keys = isObject(s.propertyNames) ? validString(s.propertyNames as JsonSchema) : fc.string({ minLength: 1, maxLength: 12 });
  const values = isObject(extra) && Object.keys(extra).length > 0 ? valid(extra, resolve, hints, depth + 1) : fc.jsonValue({ maxDepth: 1 });
  return fc.dictionary(keys, values, { maxKeys: Math.min((s.maxProperties as number | undefined) ?? 4, 4) });
}

/** Every place in a value: the key path of each object member and array item (the root is []). */
function places(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const inner = Array.isArray(value)
    ? value.flatMap((v, i) => places(v, [...at, i]))
    : isObject(value)
      ? Object.entries(value).flatMap(([k, v]) => places(v, [...at, k]))
      : [];
  return [at, ...inner];
}

/** The member of `value` at `path`. */
const at = (value: unknown, path: (string | number)[]): unknown => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | null)?.[k], value);

/** The schema node at `path` (through properties, items and additionalProperties), or {}. */
function schemaAt(schema: JsonSchema, path: (string | number)[], resolve: Resolve): JsonSchema {
  let s = resolve(schema);
  for (const key of path) {
    const next = typeof key === "number" ? s.items : (s.properties?.[key] ?? (isObject(s.additionalProperties) ? s.additionalProperties : undefined));
    if (!next) return {};
    s = resolve(next);
  }
  return s;
}

/** A deep copy of `value` with the member at `path` replaced by `f(old)` (removed when f returns `REMOVE`). */
const REMOVE = Symbol("remove");
function update(value: unknown, path: (string | number)[], f: (old: unknown) => unknown): unknown {
  if (path.length === 0) return f(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = update(copy[head as number], rest, f);
    if (next === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  if (isObject(value)) {
    const copy: Record<string, unknown> = { ...value };
    const next = update(copy[head as string], rest, f);
    if (next === REMOVE) delete copy[head as string];
    else copy[head as string] = next;
    return copy;
  }
  return value;
}

/** Values just outside (and on) the bounds of a string or number schema. */
function boundaryValues(s: JsonSchema): unknown[] {
  const out: unknown[] = [];
  if (typeof s.maxLength === "number") out.push("m".repeat(s.maxLength), "m".repeat(s.maxLength + 1), "😀".repeat(s.maxLength));
  if (typeof s.minLength === "number" && s.minLength > 0) out.push("m".repeat(s.minLength - 1));
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    if (typeof s[key] === "number") out.push(s[key], (s[key] as number) - 1, (s[key] as number) + 1, (s[key] as number) + 0.5);
  }
  if (typeof s.maxItems === "number") out.push(Array.from({ length: s.maxItems + 1 }, () => "x"));
  if (typeof s.maxProperties === "number") out.push(Object.fromEntries(Array.from({ length: s.maxProperties + 1 }, (_, i) => [`k${i}`, "v"])));
  if (Array.isArray(s.enum)) out.push(`${String(s.enum[0])}x`, String(s.enum[0]).toUpperCase());
  return out.length ? out : ["", "m".repeat(100_000)];
}

/** One mutation of a valid value, named for the report. */
export interface Mutation {
  kind: string;
  value: unknown;
}

/**
 * Values derived from a valid value of `schema` by one mutation at one place: wrong type,
 * missing required member, extra member (`__proto__` among them), a value on or past a bound,
 * unstorable text in a value or a key, a huge number, deep nesting.
 */
export function mutated(schema: JsonSchema, resolve: Resolve, hints: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<Mutation> {
  return fc
    .tuple(
      valid(schema, resolve, hints),
      fc.nat(),
      fc.nat(),
      fc.constantFrom("wrong_type", "missing", "extra", "boundary", "unstorable", "unstorable_key", "huge", "deep"),
    )
    .map(([base, pick, n, kind]) => {
      const all = places(base);
      const path = all[pick % all.length]!;
      const node = schemaAt(schema, path, resolve);
      const choose = <T>(xs: T[]): T => xs[n % xs.length]!;
      switch (kind) {
        case "wrong_type":
          return { kind, value: update(base, path, () => choose(ODD_VALUES)) };
        case "missing": {
          const members = all.filter((p) => p.length > 0);
          return { kind, value: members.length ? update(base, choose(members), () => REMOVE) : undefined };
        }
        case "extra": {
          const objects = all.filter((p) => isObject(at(base, p)));
          const key = choose(["extra", "constructor", "", "x".repeat(300), "a.b", "$where"]);
          const value = update(base, choose(objects.length ? objects : [[]]), (o) => (isObject(o) ? { ...o, [key]: choose(ODD_VALUES) } : o));
          // a literal "__proto__" member can only be written as raw JSON text
          return {
            kind,
            value: n % 4 === 0 && isObject(value) ? new Raw(toJsonText(value).replace(/^\{/, '{"__proto__":{"polluted":1},').replace(/,\}$/, "}")) : value,
          };
        }
        case "boundary":
          return { kind, value: update(base, path, () => choose(boundaryValues(node))) };
        case "unstorable":
          return { kind, value: update(base, path, (old) => (typeof old === "string" ? `${old}${choose(UNSTORABLE)}` : choose(UNSTORABLE))) };
        case "unstorable_key":
          return { kind, value: update(base, path, (o) => (isObject(o) ? { ...o, [choose(UNSTORABLE)]: "v" } : { [choose(UNSTORABLE)]: o })) };
        case "huge":
          return {
            kind,
            value: update(base, path, () => choose([1e308, -1e308, 2 ** 64, new Raw("1e400"), new Raw("9".repeat(400)), new Raw("-0"), 4.9e-324])),
          };
        default:
          return { kind, value: update(base, path, () => choose([deep(5_000, "[", "]"), deep(5_000, '{"a":', "}"), deep(200, "[", "]")])) };
      }
    });
}
