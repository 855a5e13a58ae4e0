import type { NextConfig } from "next";
// Validates the environment at build time (STYLE.md 1.7): a bad env fails `next build`.
import { env } from "./server/env";
import { securityHeaderRules } from "./server/http/security-headers";

const nextConfig: NextConfig = {
  // PGlite (WASM + data files) and Prisma's runtime must load from node_modules, not a bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "proper-lockfile",
    "bcryptjs",
    "@node-rs/argon2",
    "prom-client",
    // the OpenTelemetry SDK (server/tracing/tracing.ts) loads optional modules at run time; Next.js bundles only @opentelemetry/api
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
  ],
  experimental: {
    // the proxy (proxy.ts) buffers request bodies up to this size and silently truncates beyond it (Next's
    // default 10 MB): the flow's uploads (/flow/{id}/upload) take 15 MiB plus multipart overhead (POST /v1/files
    // does not pass through the proxy: its matcher takes only /v1 paths with a `%`)
    // (MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES; server/uploads/upload-limits.test.ts keeps them in step)
    proxyClientMaxBodySize: 16 * 1024 * 1024,
  },
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return securityHeaderRules(env.NODE_ENV);
  },
  // the embeddable modal's script: /embed.js is the current version, /embed/v1.js pins v1 (public/embed/)
  async rewrites() {
    return [{ source: "/embed.js", destination: "/embed/v1.js" }];
  },
};

export default nextConfig;
