-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "archived_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "workflows" ADD COLUMN     "archived_at" TIMESTAMP(3);

