-- DropIndex
DROP INDEX "workflow_versions_workflow_id_version_key";

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "provider_config" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "review_reason_codes" JSONB;

-- AlterTable
ALTER TABLE "workflow_versions" ADD COLUMN     "preview" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "assigned_at" TIMESTAMP(3),
ADD COLUMN     "assignee_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "workflow_versions_workflow_id_preview_version_key" ON "workflow_versions"("workflow_id", "preview", "version");

-- CreateIndex
CREATE INDEX "sessions_project_id_mode_status_assignee_id_idx" ON "sessions"("project_id", "mode", "status", "assignee_id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

