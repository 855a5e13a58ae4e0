import { defineConfig } from "prisma/config";

// Prisma 7 reads the datasource URL from here, not from schema.prisma. The URL only matters
// for Prisma CLI commands that talk to a database (`prisma migrate deploy` where the schema
// engine exists); the app builds its own client in server/db.ts (PGlite or PostgreSQL).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/kyc" },
});
