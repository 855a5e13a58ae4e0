-- CreateTable
CREATE TABLE "digilocker_credentials" (
    "project_id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "digilocker_credentials_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "digilocker_authorizations" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "state_hash" TEXT NOT NULL,
    "code_verifier" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error_code" TEXT,
    "result" TEXT,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "completed_at" TIMESTAMP(3),
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "digilocker_authorizations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "digilocker_authorizations_state_hash_key" ON "digilocker_authorizations"("state_hash");

-- CreateIndex
CREATE INDEX "digilocker_authorizations_session_id_idx" ON "digilocker_authorizations"("session_id");

-- AddForeignKey
ALTER TABLE "digilocker_credentials" ADD CONSTRAINT "digilocker_credentials_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "digilocker_authorizations" ADD CONSTRAINT "digilocker_authorizations_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "digilocker_authorizations" ADD CONSTRAINT "digilocker_authorizations_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

