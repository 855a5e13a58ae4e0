/**
 * Sending generated requests and judging the answers, shared by the fuzz suites
 * (tests/api/fuzz-v1.test.ts, tests/api/fuzz-trpc.test.ts).
 */
import fc from "fast-check";

/** One generated HTTP request; `label` says how it was made (for the report). */
export interface FuzzRequest {
  label: string;
  method: string;
  /** Path and query, already percent-encoded (bad encodings are part of the input). */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Sends the body as a stream of several chunks (`Transfer-Encoding: chunked`, no length). */
  chunked?: boolean;
}

export interface FuzzAnswer {
  status: number;
  text: string;
  contentType: string;
  /** The Location header of a redirect. */
  location: string | null;
}

/** The base seed of every fuzz run: the same requests each time (a failure names its request). */
export const FUZZ_SEED = 20_261_124;

/** `n` requests of `arb`, the same ones for the same `seed`. */
export const sample = <T>(arb: fc.Arbitrary<T>, seed: number, n: number): T[] => fc.sample(arb, { seed, numRuns: n });

function chunks(body: string | Uint8Array): ReadableStream<Uint8Array> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const size = Math.max(1, Math.ceil(bytes.length / 3));
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/** Sends `req` to `baseUrl`; a `429` is waited out (its Retry-After) and sent again, up to 5 times. */
export async function send(baseUrl: string, req: FuzzRequest): Promise<FuzzAnswer> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${baseUrl}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body: req.body === undefined ? undefined : req.chunked ? chunks(req.body) : req.body,
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
      ...(req.chunked ? { duplex: "half" } : {}),
    } as RequestInit);
    const text = await res.text();
    if (res.status !== 429 || attempt >= 5)
      return { status: res.status, text, contentType: res.headers.get("content-type") ?? "", location: res.headers.get("location") };
    await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? "1") * 1000));
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time; results in input order. */
export async function pool<T, R>(items: T[], concurrency: number, work: (item: T, worker: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, worker);
      }
    }),
  );
  return out;
}

/**
 * An answer of the HTTP server before any route runs, which the app does not write: Node's 431
 * for a request line or headers over its 16 KiB limit (a huge GET query), and Next's 308 to the
 * same path without empty or dot segments (`/v1/sessions//decision`, `/v1/events/..`). Neither
 * is a 5xx, and neither reaches the operation.
 */
export const answeredBeforeTheApp = (answer: FuzzAnswer): boolean => answer.status === 431 || (answer.status === 308 && !!answer.location?.startsWith("/"));

/** Path segments no object has: undecodable UTF-8, NUL, traversal, very long, odd characters. */
export const BAD_IDS = [
  "%ED%A0%80",
  "%E0%A4%A",
  "%FF",
  "%C0%AF",
  "%00",
  "ses_%00",
  "..",
  "%2E%2E",
  "%2F",
  "%20",
  "x".repeat(2_000),
  "%F0%9F%98%80",
  "null",
  "0",
  "-1",
  "ses_'--",
  "%25",
];

/** Text that only an internal error carries: the database's or the runtime's words, file paths. */
export const INTERNAL_TEXT =
  /prisma|invocation|database error|\b22021\b|\b22P05\b|ECONNREFUSED|node_modules|\/server\/|\.ts:\d+|SyntaxError|TypeError|RangeError|Maximum call stack/i;

/** A short, printable account of one request and its answer for a failure message. */
export function describe(req: FuzzRequest, answer: FuzzAnswer | null, problem: string): string {
  const text = typeof req.body === "string" ? req.body : req.body && `<${req.body.length} bytes>`;
  const body = text === undefined ? "" : ` body=${JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}...(${text.length} chars)` : text)}`;
  const got = answer ? ` -> ${answer.status} ${answer.text.slice(0, 300)}` : "";
  return `[${req.label}] ${req.method} ${req.url.slice(0, 200)}${req.chunked ? " (chunked)" : ""}${body}${got}: ${problem}`;
}
