-- AlterTable
ALTER TABLE "checks" ADD COLUMN     "pii_erased_at" TIMESTAMP(3);
