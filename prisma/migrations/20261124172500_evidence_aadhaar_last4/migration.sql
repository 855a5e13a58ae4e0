-- AlterTable
ALTER TABLE "evidence_files" ADD COLUMN     "aadhaar_last4" TEXT;
