/**
 * A project's DigiLocker Authorized Partner credentials for live mode (client id, secret,
 * redirect URI), kept in `digilocker_credentials` with the secret sealed at rest
 * (server/crypto/encryption.ts, bound to the project id). Test mode never reads them: it talks
 * to the sandbox DigiLocker (server/providers/digilocker-clients.ts).
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import { openText, sealText } from "../crypto/encryption";
import type { Db } from "../db";
import { env } from "../env";
import { DomainError } from "../errors";
import { digilockerCallbackUrl } from "../providers/digilocker";
import type { DigilockerCredentials } from "../providers/digilocker-clients";
import type { TDigilockerSettingsRequest, TDigilockerSettingsView } from "./digilocker-settings.schemas";

const aad = (projectId: string) => `digilocker_credentials:${projectId}`;

/** The project's live credentials with the secret opened; null when none are set. */
export async function digilockerCredentials(db: Db, projectId: string): Promise<DigilockerCredentials | null> {
  const row = await db.digilockerCredential.findUnique({ where: { projectId } });
  return row ? { clientId: row.clientId, clientSecret: openText(row.clientSecret, aad(projectId)), redirectUri: row.redirectUri } : null;
}

/** What the dashboard shows (never the secret). */
export async function getDigilockerSettings(db: Db, projectId: string): Promise<TDigilockerSettingsView> {
  const row = await db.digilockerCredential.findUnique({ where: { projectId }, select: { clientId: true, redirectUri: true } });
  return {
    configured: row !== null,
    clientId: row?.clientId ?? null,
    redirectUri: row?.redirectUri ?? null,
    suggestedRedirectUri: digilockerCallbackUrl(),
    baseUrl: env.DIGILOCKER_BASE_URL,
  };
}

/**
 * Stores the project's credentials (a blank secret keeps the stored one), in one transaction
 * with the audit row `project.digilocker_credentials_changed` (no secret in it).
 * @throws DomainError parameter_invalid (`param: "clientSecret"`) when no secret is given and none is stored.
 */
export async function setDigilockerSettings(db: Db, projectId: string, input: TDigilockerSettingsRequest, actor: Actor): Promise<TDigilockerSettingsView> {
  await db.$transaction(async (tx) => {
    const existing = await tx.digilockerCredential.findUnique({ where: { projectId }, select: { clientSecret: true } });
    const secret = input.clientSecret ? sealText(input.clientSecret, aad(projectId)) : existing?.clientSecret;
    if (!secret) throw new DomainError("parameter_invalid", "Enter the client secret DigiLocker issued.", { param: "clientSecret" });
    const data = { clientId: input.clientId, clientSecret: secret, redirectUri: input.redirectUri };
    await tx.digilockerCredential.upsert({ where: { projectId }, create: { projectId, ...data }, update: data });
    await writeAudit(tx, {
      actor,
      action: "project.digilocker_credentials_changed",
      objectType: "project",
      objectId: projectId,
      projectId,
      data: { client_id: input.clientId, redirect_uri: input.redirectUri, secret_changed: Boolean(input.clientSecret) },
    });
  });
  return getDigilockerSettings(db, projectId);
}

/** Removes the project's credentials (live DigiLocker steps then answer digilocker_not_configured), audited. */
export async function removeDigilockerSettings(db: Db, projectId: string, actor: Actor): Promise<TDigilockerSettingsView> {
  await db.$transaction(async (tx) => {
    const removed = await tx.digilockerCredential.deleteMany({ where: { projectId } });
    if (removed.count) {
      await writeAudit(tx, { actor, action: "project.digilocker_credentials_removed", objectType: "project", objectId: projectId, projectId, data: {} });
    }
  });
  return getDigilockerSettings(db, projectId);
}
