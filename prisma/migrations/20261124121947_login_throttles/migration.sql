-- AlterTable
ALTER TABLE "users" DROP COLUMN "failed_login_count",
DROP COLUMN "locked_until";

-- CreateTable
CREATE TABLE "login_throttles" (
    "email_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "locked_until" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("email_hash")
);

-- CreateIndex
CREATE INDEX "login_throttles_updated_at_idx" ON "login_throttles"("updated_at");

