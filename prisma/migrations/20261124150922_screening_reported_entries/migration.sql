-- AlterTable
ALTER TABLE "screening_subjects" ADD COLUMN     "reported_entry_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];

