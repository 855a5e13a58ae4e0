-- DropIndex
DROP INDEX "workflows_project_id_created_at_id_idx";

-- DropIndex
DROP INDEX "sessions_project_id_mode_created_at_id_idx";

-- DropIndex
DROP INDEX "events_project_id_mode_created_at_id_idx";

-- DropIndex
DROP INDEX "webhook_endpoints_project_id_mode_created_at_id_idx";

-- CreateIndex
CREATE INDEX "workflows_project_id_created_at_id_idx" ON "workflows"("project_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "sessions_project_id_mode_created_at_id_idx" ON "sessions"("project_id", "mode", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "events_project_id_mode_created_at_id_idx" ON "events"("project_id", "mode", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_endpoints_project_id_mode_created_at_id_idx" ON "webhook_endpoints"("project_id", "mode", "created_at" DESC, "id" DESC);

