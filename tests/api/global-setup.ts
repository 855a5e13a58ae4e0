/**
 * Vitest global setup of the HTTP contract tests (vitest.api.config.ts). The app must already
 * be running (scripts/test.sh builds and starts it): API_BASE_URL is its address and
 * DATABASE_URL its PostgreSQL database. Seeds the shared fixtures and hands them to the tests:
 * `inject("fixtures")` (typed below).
 */
import type { TestProject } from "vitest/node";
import { type Fixtures, seedFixtures } from "../fixtures/seed-fixtures";

declare module "vitest" {
  export interface ProvidedContext {
    fixtures: Fixtures;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const baseUrl = process.env.API_BASE_URL;
  if (!baseUrl) throw new Error("API tests need API_BASE_URL (the running app, e.g. http://127.0.0.1:3000).");
  try {
    await fetch(baseUrl, { signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new Error(`API tests: the app at ${baseUrl} does not answer (${(err as Error).message}).`);
  }
  project.provide("fixtures", await seedFixtures(baseUrl));
}
