-- AlterTable
ALTER TABLE "client_tokens" ADD COLUMN     "passive_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "flow_handoffs" (
    "id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "claimed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "flow_handoffs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "flow_handoffs_code_hash_key" ON "flow_handoffs"("code_hash");

-- CreateIndex
CREATE INDEX "flow_handoffs_session_id_idx" ON "flow_handoffs"("session_id");

-- AddForeignKey
ALTER TABLE "flow_handoffs" ADD CONSTRAINT "flow_handoffs_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

