-- Token buckets of the /v1 rate limit (RATE_LIMIT_STORE=postgres, server/http/rate-limit.ts).
-- UNLOGGED by hand (schema.prisma cannot say it): the rows are transient, so no WAL write per
-- API request; after a crash the table is empty, which only refills every bucket.

-- CreateTable
CREATE UNLOGGED TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "updated_at_ms" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);
