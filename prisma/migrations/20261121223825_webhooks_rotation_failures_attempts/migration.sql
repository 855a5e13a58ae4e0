-- Webhooks (issue 6): secret rotation with an overlap window, failing/disabled state of an
-- endpoint, the next scheduled attempt of a delivery, request id / trigger / URL of every
-- attempt, dashboard test events, and the index of the 30-day event prune.

-- AlterTable
ALTER TABLE "events" ADD COLUMN     "synthetic" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "disabled_reason" TEXT,
ADD COLUMN     "failing_since" TIMESTAMP(3),
ADD COLUMN     "previous_secret" TEXT,
ADD COLUMN     "previous_secret_expires_at" TIMESTAMP(3);

-- An endpoint disabled before this migration could only have answered 410 Gone.
UPDATE "webhook_endpoints" SET "disabled_reason" = 'endpoint_gone' WHERE NOT "enabled";

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "next_attempt_at" TIMESTAMP(3);

-- AlterTable (attempts recorded before this migration get an empty request id and their endpoint's URL)
ALTER TABLE "webhook_attempts" ADD COLUMN     "request_id" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "trigger" TEXT NOT NULL DEFAULT 'automatic',
ADD COLUMN     "url" TEXT NOT NULL DEFAULT '';
UPDATE "webhook_attempts" a SET "url" = e."url"
  FROM "webhook_deliveries" d JOIN "webhook_endpoints" e ON e."id" = d."endpoint_id"
  WHERE d."id" = a."delivery_id";
ALTER TABLE "webhook_attempts" ALTER COLUMN "request_id" DROP DEFAULT,
ALTER COLUMN "url" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "events_created_at_idx" ON "events"("created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_id_idx" ON "webhook_deliveries"("endpoint_id", "created_at" DESC, "id" DESC);
