/**
 * The functions the embedded executor serves: read from the SDK's serve handler by an in-band
 * sync (`PUT` with `x-inngest-sync-kind: in_band`, answered with the same `functions` payload a
 * real Inngest server receives) and validated by ./config.ts.
 */
import { type FunctionEntry, functionMatches, parseFunctionConfig, type SyncedFunctionConfig } from "./config";

/** Base URL passed to the in-band sync when none is configured (it only shows in step URLs). */
export const DEFAULT_SERVE_URL = "http://app.embedded.invalid/api/inngest";

/**
 * Syncs the served functions through `handler`.
 * @throws UnsupportedFeatureError / UnsupportedExpressionError for a config outside the supported
 *   subset; Error when the handler does not answer the in-band sync.
 */
export async function syncFunctions(handler: (request: Request) => Promise<Response>, url: string): Promise<Map<string, FunctionEntry>> {
  const res = await handler(
    new Request(url, {
      method: "PUT",
      headers: { "Content-Type": "application/json", "x-inngest-sync-kind": "in_band" },
      body: JSON.stringify({ url }),
    }),
  );
  const body = (await res.json().catch(() => null)) as { functions?: SyncedFunctionConfig[] } | null;
  if (res.status !== 200 || res.headers.get("x-inngest-sync-kind") !== "in_band" || !Array.isArray(body?.functions)) {
    throw new Error(
      `In-band sync with the serve handler failed (status ${res.status}); the embedded executor needs it (is INNGEST_ALLOW_IN_BAND_SYNC set to false?).`,
    );
  }
  const table = new Map<string, FunctionEntry>();
  for (const config of body.functions) table.set(config.id, parseFunctionConfig(config));
  return table;
}

/** The synced functions by id (empty before the first sync). */
export class FunctionTable {
  private byId = new Map<string, FunctionEntry>();
  private served: string[] = [];

  /** Replaces the table with a fresh sync. */
  replace(table: Map<string, FunctionEntry>): void {
    this.byId = table;
    this.served = [...table.keys()];
  }

  /** Ids of the served functions: claims and open-run counts are limited to them. */
  get ids(): string[] {
    return this.served;
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): FunctionEntry | undefined {
    return this.byId.get(id);
  }

  all(): FunctionEntry[] {
    return [...this.byId.values()];
  }

  /** The functions an event triggers. */
  triggeredBy(event: { name: string }): FunctionEntry[] {
    return this.all().filter((fn) => functionMatches(fn, event));
  }
}
