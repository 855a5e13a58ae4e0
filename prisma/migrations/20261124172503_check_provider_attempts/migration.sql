-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "provider_attempts" JSONB;

