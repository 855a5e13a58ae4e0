-- CreateTable
CREATE TABLE "face_embeddings" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "session_id" TEXT NOT NULL,
    "evidence_file_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "embedding" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "face_embeddings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_extractions" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "session_id" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "document_type" TEXT NOT NULL,
    "file_ids" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error_code" TEXT,
    "extracted" JSONB,
    "confirmed" JSONB,
    "signals" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),
    "confirmed_at" TIMESTAMP(3),

    CONSTRAINT "document_extractions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "face_embeddings_project_id_mode_model_idx" ON "face_embeddings"("project_id", "mode", "model");

-- CreateIndex
CREATE INDEX "face_embeddings_session_id_idx" ON "face_embeddings"("session_id");

-- CreateIndex
CREATE UNIQUE INDEX "face_embeddings_evidence_file_id_model_key" ON "face_embeddings"("evidence_file_id", "model");

-- CreateIndex
CREATE INDEX "document_extractions_session_id_created_at_idx" ON "document_extractions"("session_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "face_embeddings" ADD CONSTRAINT "face_embeddings_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_extractions" ADD CONSTRAINT "document_extractions_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
