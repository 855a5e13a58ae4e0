import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";

// Prisma 6.19 can run `migrate diff` on its WASM ("js") schema engine through a driver
// adapter; an in-memory PGlite is enough because we only diff datamodels.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    return new PrismaPGlite(new PGlite());
  },
});
