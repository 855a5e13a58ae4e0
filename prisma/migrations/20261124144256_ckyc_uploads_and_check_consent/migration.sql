-- CreateEnum
CREATE TYPE "ckyc_upload_status" AS ENUM ('queued', 'submitted', 'succeeded', 'failed');

-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "consent" JSONB,
ADD COLUMN     "purpose" TEXT;

-- CreateTable
CREATE TABLE "ckyc_uploads" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "session_id" TEXT NOT NULL,
    "status" "ckyc_upload_status" NOT NULL DEFAULT 'queued',
    "provider" TEXT,
    "reference" TEXT,
    "ckyc_number" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error_code" TEXT,
    "error_message" TEXT,
    "deadline_at" TIMESTAMP(3) NOT NULL,
    "submitted_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ckyc_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ckyc_uploads_session_id_key" ON "ckyc_uploads"("session_id");

-- CreateIndex
CREATE INDEX "ckyc_uploads_project_id_mode_status_deadline_at_idx" ON "ckyc_uploads"("project_id", "mode", "status", "deadline_at");

-- AddForeignKey
ALTER TABLE "ckyc_uploads" ADD CONSTRAINT "ckyc_uploads_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ckyc_uploads" ADD CONSTRAINT "ckyc_uploads_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

