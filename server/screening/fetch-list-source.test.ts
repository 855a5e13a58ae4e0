/**
 * The scheduled download of a list against a loopback HTTP server serving the fixture files in
 * their published formats: a first fetch imports, the same file again changes nothing, and a
 * failed download (HTTP 500, a timeout, a body over the cap) or a truncated file leaves the
 * previous version active.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { domainError } from "~/tests/fixtures/domain-error";
import { demoDb } from "~/tests/fixtures/demo-db";
import type { Db } from "../db";
import { parseEnv } from "../env";
import { configuredListSources, fetchListSource, ListFetchError } from "./fetch-list-source";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/screening", name));
const UN = fixture("un-consolidated.xml");
const PEP = fixture("pep.csv");

let db: Db;
let server: Server;
let base: string;
const sockets = new Set<import("node:net").Socket>();

/** The loopback publisher: each path answers one way. */
function handle(url: string, res: import("node:http").ServerResponse) {
  switch (url.split("?")[0]) {
    case "/un/consolidated.xml":
      return res.writeHead(200, { "content-type": "application/xml" }).end(UN);
    case "/pep.csv":
      return res.writeHead(200, { "content-type": "text/csv" }).end(PEP);
    case "/truncated.xml":
      return res.writeHead(200, { "content-type": "application/xml" }).end(UN.subarray(0, Math.floor(UN.length / 2)));
    case "/error.xml":
      return res.writeHead(500, "Internal Server Error").end("down");
    case "/missing.xml":
      return res.writeHead(404, "Not Found").end();
    case "/slow.xml":
      res.writeHead(200, { "content-type": "application/xml" });
      return res.write(UN.subarray(0, 100)); // and never ends
    case "/declared-large.xml":
      return res.writeHead(200, { "content-length": String(10 * 1024 * 1024) }).end();
    case "/endless.xml": {
      // chunked, no Content-Length: only counting while it streams can stop it
      res.writeHead(200, { "content-type": "application/xml" });
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      res.on("close", () => res.removeAllListeners("drain"));
      return pump();
    }
    default:
      return res.writeHead(404).end();
  }
}

beforeAll(async () => {
  db = (await demoDb()).db;
  server = createServer((req, res) => handle(req.url ?? "/", res));
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => vi.unstubAllEnvs());

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const versions = (source: "un" | "pep") => db.screeningListVersion.findMany({ where: { source }, select: { seq: true, fileSha256: true } });

/** The ListFetchError `p` rejects with. */
async function fetchError(p: Promise<unknown>): Promise<ListFetchError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ListFetchError);
  return err as ListFetchError;
}

describe("the SCREENING_* variables", () => {
  it("default to no URL, 60 s and 200 MiB, and refuse a URL that is not http(s)", () => {
    expect(parseEnv({})).toMatchObject({ SCREENING_UN_URL: undefined, SCREENING_FETCH_TIMEOUT_MS: 60_000, SCREENING_FETCH_MAX_BYTES: 200 * 1024 * 1024 });
    expect(() => parseEnv({ SCREENING_OFAC_URL: "ftp://example.org/sdn.xml" })).toThrow(/SCREENING_OFAC_URL: an http:\/\/ or https:\/\/ URL/);
  });
});

describe("configuredListSources", () => {
  it("lists only the sources with a URL, none by default", () => {
    for (const name of ["SCREENING_UN_URL", "SCREENING_OFAC_URL", "SCREENING_MHA_URL", "SCREENING_PEP_URL"]) vi.stubEnv(name, "");
    expect(configuredListSources()).toEqual([]);
    vi.stubEnv("SCREENING_PEP_URL", `${base}/pep.csv`);
    vi.stubEnv("SCREENING_UN_URL", `${base}/un/consolidated.xml`);
    expect(configuredListSources()).toEqual([
      { source: "un", url: `${base}/un/consolidated.xml` },
      { source: "pep", url: `${base}/pep.csv` },
    ]);
  });
});

describe("fetchListSource", () => {
  it("imports the file on the first fetch, recorded under its URL without the query", async () => {
    const { unchanged, version } = await fetchListSource(db, "un", `${base}/un/consolidated.xml?token=secret`);
    expect(unchanged).toBe(false);
    expect(version).toMatchObject({ source: "un", seq: 1, fileName: `${base}/un/consolidated.xml`, fileSize: UN.length, entryCount: 4, addedCount: 4 });
    expect((await fetchListSource(db, "pep", `${base}/pep.csv`)).version).toMatchObject({ source: "pep", seq: 1 });
  });

  it("changes nothing when the file is the same", async () => {
    const before = await versions("un");
    const again = await fetchListSource(db, "un", `${base}/un/consolidated.xml`);
    expect(again.unchanged).toBe(true);
    expect(again.version.seq).toBe(1);
    expect(await versions("un")).toEqual(before);
  });

  it("keeps the previous version on an HTTP 500 (retriable) or 404 (not)", async () => {
    const before = await versions("un");
    const err = await fetchError(fetchListSource(db, "un", `${base}/error.xml`));
    expect(err.message).toBe(`UN Security Council consolidated list from ${base}/error.xml: the server answered HTTP 500 Internal Server Error.`);
    expect(err.retriable).toBe(true);
    expect(await fetchError(fetchListSource(db, "un", `${base}/missing.xml`))).toMatchObject({
      retriable: false,
      message: expect.stringContaining("HTTP 404"),
    });
    expect(await versions("un")).toEqual(before);
  });

  it("keeps the previous version when the file is truncated, naming where it broke", async () => {
    const before = await versions("un");
    const err = await domainError(fetchListSource(db, "un", `${base}/truncated.xml`));
    expect(err.code).toBe("parameter_invalid");
    expect(err.message).toMatch(/^UN Security Council consolidated list, line \d+/);
    expect(await versions("un")).toEqual(before);
  });

  it("gives up after SCREENING_FETCH_TIMEOUT_MS when the body never ends", async () => {
    vi.stubEnv("SCREENING_FETCH_TIMEOUT_MS", "300");
    const before = await versions("un");
    const started = Date.now();
    const err = await fetchError(fetchListSource(db, "un", `${base}/slow.xml`));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err.message).toBe(
      `UN Security Council consolidated list from ${base}/slow.xml: the download did not finish within 300 ms (SCREENING_FETCH_TIMEOUT_MS).`,
    );
    expect(err.retriable).toBe(true);
    expect(await versions("un")).toEqual(before);
  });

  it("refuses a body over SCREENING_FETCH_MAX_BYTES, declared or streamed", async () => {
    vi.stubEnv("SCREENING_FETCH_MAX_BYTES", String(64 * 1024));
    const before = await versions("un");
    for (const file of ["declared-large.xml", "endless.xml"]) {
      const err = await fetchError(fetchListSource(db, "un", `${base}/${file}`));
      expect(err.message).toBe(`UN Security Council consolidated list from ${base}/${file}: the file is larger than 65536 bytes (SCREENING_FETCH_MAX_BYTES).`);
      expect(err.retriable).toBe(false);
    }
    expect(await versions("un")).toEqual(before);
  });

  it("fails clearly when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await fetchError(fetchListSource(db, "un", `http://127.0.0.1:${port}/x.xml`));
    expect(err.message).toMatch(/the download failed: fetch failed \(ECONNREFUSED\)\.$/);
  });
});
