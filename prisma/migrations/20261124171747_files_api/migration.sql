-- Files API (issue 16): evidence files carry their mode, may be attached to no session, and
-- record the purpose a backend declared.
-- AlterTable
ALTER TABLE "evidence_files" ADD COLUMN     "mode" "Mode",
ADD COLUMN     "purpose" TEXT,
ALTER COLUMN "session_id" DROP NOT NULL;

-- every existing file belongs to a session: it takes the session's mode
UPDATE "evidence_files" AS f SET "mode" = s."mode" FROM "sessions" AS s WHERE s."id" = f."session_id";

ALTER TABLE "evidence_files" ALTER COLUMN "mode" SET NOT NULL;

-- CreateIndex
CREATE INDEX "evidence_files_project_id_mode_created_at_idx" ON "evidence_files"("project_id", "mode", "created_at");
