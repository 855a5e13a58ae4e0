import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Module resolution shared by every Vitest config (this one and vitest.api.config.ts):
 * - `server-only` throws outside Next's react-server bundles; in tests it is an empty module.
 * - `~/...` is the tsconfig path alias for the project root.
 */
export const sharedResolve = {
  alias: [
    { find: /^server-only$/, replacement: `${root}node_modules/server-only/empty.js` },
    { find: /^~\//, replacement: root },
  ],
};

/**
 * Unit and domain tests (`npm run test:unit`; scripts/test.sh runs them with DATABASE_URL
 * unset). Each test file gets its own embedded PGlite in a temp DATA_DIR
 * (tests/fixtures/unit-setup.ts). HTTP contract tests live in tests/api (vitest.api.config.ts),
 * browser journeys in e2e/ (playwright.config.ts).
 */
export default defineConfig({
  resolve: sharedResolve,
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "tools/**", "tests/api/**", "e2e/**", ".next/**", ".data/**"],
    environment: "node",
    pool: "forks",
    setupFiles: ["tests/fixtures/unit-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
