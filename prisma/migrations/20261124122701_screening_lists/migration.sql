-- CreateEnum
CREATE TYPE "ScreeningSource" AS ENUM ('un', 'ofac', 'mha', 'pep');

-- CreateEnum
CREATE TYPE "ScreeningEntryKind" AS ENUM ('individual', 'entity');

-- CreateTable
CREATE TABLE "screening_list_versions" (
    "id" TEXT NOT NULL,
    "source" "ScreeningSource" NOT NULL,
    "seq" INTEGER NOT NULL,
    "published_at" TIMESTAMP(3),
    "file_name" TEXT NOT NULL,
    "file_sha256" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "entry_count" INTEGER NOT NULL,
    "individual_count" INTEGER NOT NULL,
    "entity_count" INTEGER NOT NULL,
    "added_count" INTEGER NOT NULL,
    "changed_count" INTEGER NOT NULL,
    "removed_count" INTEGER NOT NULL,
    "imported_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screening_list_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening_list_entries" (
    "id" TEXT NOT NULL,
    "source" "ScreeningSource" NOT NULL,
    "external_id" TEXT NOT NULL,
    "kind" "ScreeningEntryKind" NOT NULL,
    "name" TEXT NOT NULL,
    "aliases" JSONB NOT NULL,
    "birth_dates" JSONB NOT NULL,
    "nationalities" TEXT[],
    "programs" TEXT[],
    "reference" TEXT,
    "listed_on" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "content_hash" TEXT NOT NULL,
    "added_in_version_id" TEXT NOT NULL,
    "removed_in_version_id" TEXT,

    CONSTRAINT "screening_list_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening_subjects" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "session_id" TEXT,
    "check_id" TEXT,
    "kind" "ScreeningEntryKind" NOT NULL DEFAULT 'individual',
    "name" TEXT NOT NULL,
    "dob" TEXT,
    "country" TEXT,
    "monitored" BOOLEAN NOT NULL DEFAULT true,
    "monitoring_ended_at" TIMESTAMP(3),
    "last_screened_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screening_subjects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening_dismissals" (
    "subject_id" TEXT NOT NULL,
    "entry_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screening_dismissals_pkey" PRIMARY KEY ("subject_id","entry_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "screening_list_versions_source_seq_key" ON "screening_list_versions"("source", "seq");

-- CreateIndex
CREATE INDEX "screening_list_entries_removed_in_version_id_source_idx" ON "screening_list_entries"("removed_in_version_id", "source");

-- CreateIndex
CREATE INDEX "screening_list_entries_added_in_version_id_idx" ON "screening_list_entries"("added_in_version_id");

-- CreateIndex
CREATE INDEX "screening_list_entries_source_external_id_idx" ON "screening_list_entries"("source", "external_id");

-- CreateIndex
CREATE INDEX "screening_subjects_monitored_id_idx" ON "screening_subjects"("monitored", "id");

-- CreateIndex
CREATE INDEX "screening_subjects_project_id_mode_idx" ON "screening_subjects"("project_id", "mode");

-- CreateIndex
CREATE INDEX "screening_subjects_session_id_idx" ON "screening_subjects"("session_id");

-- CreateIndex
CREATE INDEX "screening_subjects_check_id_idx" ON "screening_subjects"("check_id");

-- CreateIndex
CREATE INDEX "screening_dismissals_entry_id_idx" ON "screening_dismissals"("entry_id");

-- AddForeignKey
ALTER TABLE "screening_list_entries" ADD CONSTRAINT "screening_list_entries_added_in_version_id_fkey" FOREIGN KEY ("added_in_version_id") REFERENCES "screening_list_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_list_entries" ADD CONSTRAINT "screening_list_entries_removed_in_version_id_fkey" FOREIGN KEY ("removed_in_version_id") REFERENCES "screening_list_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_subjects" ADD CONSTRAINT "screening_subjects_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_subjects" ADD CONSTRAINT "screening_subjects_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_subjects" ADD CONSTRAINT "screening_subjects_check_id_fkey" FOREIGN KEY ("check_id") REFERENCES "checks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_dismissals" ADD CONSTRAINT "screening_dismissals_subject_id_fkey" FOREIGN KEY ("subject_id") REFERENCES "screening_subjects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_dismissals" ADD CONSTRAINT "screening_dismissals_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "screening_list_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

