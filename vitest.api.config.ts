import { defineConfig } from "vitest/config";
import { sharedResolve } from "./vitest.config.ts";

/**
 * HTTP contract tests of /v1 against a running production build
 * (`npx vitest run -c vitest.api.config.ts` with API_BASE_URL and DATABASE_URL set;
 * scripts/test.sh does it all). tests/api/global-setup.ts seeds the fixtures; tests read them
 * with `inject("fixtures")`. Files run one at a time: they share one app, its rate limits
 * and its database.
 */
export default defineConfig({
  resolve: sharedResolve,
  test: {
    include: ["tests/api/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    globalSetup: ["tests/api/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
