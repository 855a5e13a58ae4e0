-- AlterTable
ALTER TABLE "evidence_files" ADD COLUMN     "display_key" TEXT,
ADD COLUMN     "scan_status" TEXT NOT NULL DEFAULT 'clean';

-- CreateTable
CREATE TABLE "otp_challenges" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "locked_until" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otp_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session_signals" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "session_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_signals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "otp_challenges_session_id_step_created_at_idx" ON "otp_challenges"("session_id", "step", "created_at" DESC);

-- CreateIndex
CREATE INDEX "session_signals_project_id_mode_kind_hash_idx" ON "session_signals"("project_id", "mode", "kind", "hash");

-- CreateIndex
CREATE UNIQUE INDEX "session_signals_session_id_kind_hash_key" ON "session_signals"("session_id", "kind", "hash");

-- AddForeignKey
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_signals" ADD CONSTRAINT "session_signals_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

