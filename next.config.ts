import type { NextConfig } from "next";
// Validates the environment at build time (STYLE.md 1.7): a bad env fails `next build`.
import "./server/env";

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
  ],
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return [
      {
        // The hosted flow carries the client token in the fragment: never leak the URL.
        source: "/flow/:path*",
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
        ],
      },
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
