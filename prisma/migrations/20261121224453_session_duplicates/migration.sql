-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "duplicates" JSONB NOT NULL DEFAULT '[]';
