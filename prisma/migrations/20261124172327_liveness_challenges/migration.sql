-- CreateTable
CREATE TABLE "liveness_challenges" (
    "id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "actions" TEXT[],
    "attempt" INTEGER NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "replayed_frames" INTEGER NOT NULL DEFAULT 0,
    "verdict" JSONB,
    "judged_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "liveness_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "liveness_frames" (
    "evidence_file_id" TEXT NOT NULL,
    "challenge_id" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "captured_ms" INTEGER NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "liveness_frames_pkey" PRIMARY KEY ("evidence_file_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "liveness_challenges_nonce_key" ON "liveness_challenges"("nonce");

-- CreateIndex
CREATE INDEX "liveness_challenges_session_id_step_idx" ON "liveness_challenges"("session_id", "step");

-- CreateIndex
CREATE UNIQUE INDEX "liveness_frames_sha256_key" ON "liveness_frames"("sha256");

-- CreateIndex
CREATE INDEX "liveness_frames_challenge_id_idx" ON "liveness_frames"("challenge_id");

-- AddForeignKey
ALTER TABLE "liveness_challenges" ADD CONSTRAINT "liveness_challenges_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "liveness_frames" ADD CONSTRAINT "liveness_frames_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "liveness_challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "liveness_frames" ADD CONSTRAINT "liveness_frames_evidence_file_id_fkey" FOREIGN KEY ("evidence_file_id") REFERENCES "evidence_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

