import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClamdHandle, useClamd } from "../../tests/fixtures/clamd";
import { type Db, getDb } from "../db";
import { fsBlobStore, type BlobStore } from "../evidence/blob-store";
import type { ScannerConfig } from "../uploads/upload-config";
import { checkReadiness } from "./readiness";

let clamd: ClamdHandle;
let scanner: ScannerConfig;
const store = fsBlobStore("/tmp/kyc-readiness-store");

beforeAll(async () => {
  await getDb(); // opened once: a cold embedded database takes longer than a probe's timeout
  clamd = await useClamd();
  scanner = { clamd: clamd.socket ? { socket: clamd.socket } : { host: clamd.host!, port: clamd.port! }, timeoutMs: 5000, skipTestMode: false };
});
afterAll(() => clamd?.stop());

describe("checkReadiness", () => {
  it("is ready when the database, clamd and the storage answer", async () => {
    const r = await checkReadiness({ db: getDb, scanner: () => scanner, store: () => store });
    expect(r).toMatchObject({ status: "ready", failing: [], checks: { database: { status: "ok" }, scanner: { status: "ok" }, storage: { status: "ok" } } });
  });

  it("names each failing part: scanner down or not configured, storage refusing, database gone or hanging", async () => {
    const down = await checkReadiness({ db: getDb, scanner: () => ({ ...scanner, clamd: { socket: "/nonexistent/clamd.sock" } }), store: () => store });
    expect(down).toMatchObject({
      status: "unavailable",
      failing: ["scanner"],
      checks: { scanner: { status: "failing", reason: "clamd does not answer PING" } },
    });

    const broken: BlobStore = { ...store, get: () => Promise.reject(new Error("AccessDenied")) };
    const none = await checkReadiness({ db: getDb, scanner: () => ({ ...scanner, clamd: null }), store: () => broken });
    expect(none.failing).toEqual(["scanner", "storage"]);
    expect(none.checks.scanner.reason).toMatch(/no clamd configured/);
    expect(none.checks.storage.reason).toBe("AccessDenied");

    const hanging = { $queryRaw: () => new Promise(() => {}) } as unknown as Db;
    const slow = await checkReadiness({ db: async () => hanging, scanner: () => scanner, store: () => store, timeoutMs: 300 });
    expect(slow).toMatchObject({ failing: ["database"], checks: { database: { status: "failing", reason: "no answer within 300 ms" } } });
    const gone = await checkReadiness({ db: () => Promise.reject(new Error("connect ECONNREFUSED")), scanner: () => scanner, store: () => store });
    expect(gone.failing).toEqual(["database"]);
  });
});
