/**
 * The daily list download through the embedded executor: the cron tick (made due at once) runs
 * one step per configured source; a source whose server answers 500 is retried, a malformed file
 * is not, both are reported as the run's failure, and the source between them is still imported.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

vi.hoisted(() => {
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import type { Db } from "../../server/db";
import { demoDb } from "../../tests/fixtures/demo-db";
import { inngest } from "../client";
import { createExecutor, type Executor } from "../executor/executor";
import { fetchScreeningLists } from "./fetch-screening-lists";
import { functions } from "./index";

const OFAC = readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/screening/ofac-sdn.xml"));
const FUNCTION_ID = "kyc-service-fetch-screening-lists";

let db: Db;
let server: Server;
let executor: Executor;
let unCalls = 0;
let pepCalls = 0;

beforeAll(async () => {
  db = (await demoDb()).db;
  server = createServer((req, res) => {
    if (req.url === "/sdn.xml") return res.writeHead(200).end(OFAC);
    if (req.url === "/pep.csv") {
      pepCalls++;
      return res.writeHead(200).end("id,name,category\nPEP-1,Someone,pep\n"); // required columns missing
    }
    unCalls++;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv("SCREENING_UN_URL", `${base}/consolidated.xml`);
  vi.stubEnv("SCREENING_OFAC_URL", `${base}/sdn.xml`);
  vi.stubEnv("SCREENING_PEP_URL", `${base}/pep.csv`);
  const serveHandler = serve({ client: inngest, functions: [fetchScreeningLists] });
  executor = createExecutor({
    db,
    handler: (req: Request) => serveHandler(req as NextRequest, undefined),
    options: { pollIntervalMs: 20, backoffBaseMs: 10, backoffMaxMs: 40 },
  });
  await executor.start();
});

afterAll(async () => {
  await executor.stop();
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

it("is served, daily at 03:00 India time", async () => {
  expect(functions).toContain(fetchScreeningLists);
  expect(await db.inngestCron.findUnique({ where: { functionId: FUNCTION_ID }, select: { cron: true } })).toEqual({ cron: "TZ=Asia/Kolkata 0 3 * * *" });
});

it("imports a source although the ones around it fail, and fails the run naming those", async () => {
  await db.inngestCron.update({ where: { functionId: FUNCTION_ID }, data: { nextRunAt: new Date(0) } });
  executor.kick();
  await expect
    .poll(async () => (await db.inngestRun.findFirst({ where: { functionId: FUNCTION_ID }, select: { status: true } }))?.status, {
      timeout: 20_000,
      interval: 100,
    })
    .toBe("failed");
  const run = await db.inngestRun.findFirstOrThrow({ where: { functionId: FUNCTION_ID }, select: { error: true } });
  expect(JSON.stringify(run.error)).toContain("Fetching un, pep failed");
  expect(JSON.stringify(run.error)).toContain("HTTP 500");
  expect(unCalls).toBe(3); // retries: 2
  expect(pepCalls).toBe(1); // a malformed file is not retried
  expect(await db.screeningListVersion.findMany({ where: { source: { in: ["un", "ofac", "pep"] } }, select: { source: true, seq: true } })).toEqual([
    { source: "ofac", seq: 1 },
  ]);
});
