-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "invite_generation" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "invite_revoked_at" TIMESTAMP(3);

