-- CreateTable
CREATE TABLE "pending_blob_deletions" (
    "storage_key" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_blob_deletions_pkey" PRIMARY KEY ("storage_key")
);

-- CreateIndex
CREATE INDEX "pending_blob_deletions_created_at_idx" ON "pending_blob_deletions"("created_at");

