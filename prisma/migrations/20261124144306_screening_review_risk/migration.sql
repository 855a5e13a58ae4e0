-- CreateEnum
CREATE TYPE "RiskLevel" AS ENUM ('low', 'medium', 'high');

-- AlterEnum
ALTER TYPE "ScreeningSource" ADD VALUE 'sandbox';

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "risk_review_years" JSONB;

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "next_review_at" TIMESTAMP(3),
ADD COLUMN     "review_due_emitted_at" TIMESTAMP(3),
ADD COLUMN     "risk_level" "RiskLevel",
ADD COLUMN     "risk_rules" JSONB NOT NULL DEFAULT '[]';

-- CreateIndex
CREATE INDEX "sessions_project_id_mode_risk_level_idx" ON "sessions"("project_id", "mode", "risk_level");

-- CreateIndex
CREATE INDEX "sessions_next_review_at_idx" ON "sessions"("next_review_at");

