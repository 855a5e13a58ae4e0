/**
 * ESLint (flat config): Next's core-web-vitals and TypeScript rules (typescript-eslint, React,
 * hooks, jsx-a11y, import) plus the house rules of /shared/ARCHITECTURE.md and STYLE.md §1:
 *
 * - the domain (`server/`) never imports a transport (`next`, `next/*`, `@trpc/*`, `inngest`)
 *   outside its transport folders (`server/http`, `server/trpc`, `server/auth`), and never
 *   imports React components (`components/`).
 *
 * Import cycles (type-only imports included, which eslint-plugin-import's no-cycle skips) are
 * found by madge (`npm run lint:cycles`). `npm run lint` runs both; scripts/test.sh fails the
 * test run on any error or warning.
 */
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const TRANSPORTS = [
  {
    group: ["next", "next/*", "next-auth", "next-auth/*"],
    message: "The domain never imports Next: put transport code in server/http, server/trpc or server/auth.",
  },
  { group: ["@trpc/*"], message: "The domain never imports tRPC: throw DomainError and let server/trpc map it." },
  { group: ["inngest", "inngest/*"], message: "The domain never imports Inngest: write an outbox event (server/events) instead." },
  {
    group: ["~/components/*", "**/components/*"],
    message: "server/ never imports React components: move shared data to server/ and import it from components/.",
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "server/generated/**",
      ".next/**",
      ".data/**",
      "node_modules/**",
      "tools/**",
      "e2e/artifacts/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" }, node: true },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      "@typescript-eslint/no-unused-expressions": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // evidence, QR codes and project logos are blob/data URLs served with their own headers, which next/image cannot optimise
      "@next/next/no-img-element": "off",
    },
  },
  {
    // CommonJS scripts (scripts/*.cjs) load modules with require()
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["server/**/*.ts", "server/**/*.tsx"],
    ignores: ["server/http/**", "server/trpc/**", "server/auth/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: TRANSPORTS }],
    },
  },
];

export default config;
