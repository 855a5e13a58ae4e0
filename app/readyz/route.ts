import { getDb } from "~/server/db";
import { blobStore } from "~/server/evidence/blob-store";
import { checkReadiness } from "~/server/health/readiness";
import { scannerConfig } from "~/server/uploads/upload-config";

export const dynamic = "force-dynamic";

/** GET /readyz: database, scanner and storage reachable (server/health/readiness.ts): 200, else 503 naming the failing parts. */
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness({ db: getDb, scanner: scannerConfig, store: blobStore });
  return Response.json(readiness, { status: readiness.failing.length ? 503 : 200, headers: { "cache-control": "no-store" } });
}
