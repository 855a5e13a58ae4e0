/**
 * Evidence files of a session: storing them, issuing short-lived download addresses
 * (interface.md 4.1; decisions.md: 300 s), and serving them. Addresses are bearer URLs
 * `/evidence/<payload>.<hmac>` signed with a key derived from the app secret; every issue
 * and download is audited. The payload names the file, the expiry and who asked for the
 * address (actor type and id: the API key of a /v1 call, the dashboard user of the case view),
 * so the download's audit row names that actor, whoever's browser follows the link.
 *
 * Variants: an address serves either the `original` bytes (what /v1 integrators get, and an
 * owner's or admin's explicit "Open original" in the dashboard) or the `display` copy (what
 * every reviewer's viewer shows): the EXIF-stripped WebP re-encoding of an image upload
 * (server/uploads/display-copy.ts), the PDF itself for a PDF (pdf.js renders it; it has no
 * display copy), and nothing for a file that has neither (e.g. a HEIC without a copy). The
 * variant is part of the signed claims and of both audit rows.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { authSecret } from "../auth/auth-secret";
import type { Db } from "../db";
import { appUrl } from "../env";
import { notFound } from "../errors";
import { newId } from "../ids";
import { type Actor, writeAudit } from "../audit/write-audit";
import { ActorType } from "../generated/prisma/enums";
import { type Tenant, tenantWhere } from "../tenant";
import { DISPLAY_CONTENT_TYPE } from "../uploads/display-copy";
import { blobStore } from "./blob-store";
import type { TEvidenceAddress } from "./evidence.schemas";

export const EVIDENCE_URL_TTL_SECONDS = 300;
/** Served inline; everything else is an attachment (interface.md 4.1). */
export const INLINE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

function signingKey(): Buffer {
  return createHmac("sha256", authSecret()).update("evidence-url-v1").digest();
}

function sign(payload: string): string {
  return createHmac("sha256", signingKey()).update(payload).digest("base64url");
}

/** Which bytes an address serves (see the module comment). */
export type EvidenceVariant = "original" | "display";

/**
 * The signed claims of an address: file id, expiry (Unix seconds), the issuing actor's type and
 * id, and the variant (`v`; absent in addresses issued before variants existed: the original).
 */
const ZAddressClaims = z.object({
  f: z.string(),
  e: z.number(),
  a: z.enum(ActorType),
  u: z.string().nullable(),
  v: z.enum(["original", "display"]).optional(),
});
type AddressClaims = z.infer<typeof ZAddressClaims>;

/** The claims of a correctly signed `<payload>.<hmac>` token, else null. */
function verifiedClaims(token: string): AddressClaims | null {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = ZAddressClaims.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

/**
 * Stores evidence bytes that did not come from an applicant upload (applicant uploads go through
 * server/uploads/accept-upload.ts: size, scan, sniff): files a provider extracted from a
 * source-signed document (`scanStatus: "source_signed"`), and test fixtures. Returns the `file_` id.
 */
export async function storeEvidence(
  db: Db,
  input: { projectId: string; sessionId: string; step: string; kind: string; contentType: string; data: Uint8Array; scanStatus?: "clean" | "source_signed" },
): Promise<string> {
  const { mode } = await db.session.findUniqueOrThrow({ where: { id: input.sessionId, projectId: input.projectId }, select: { mode: true } });
  const id = newId("evidence");
  const storageKey = `${input.projectId}/${input.sessionId}/${id}`;
  await blobStore().put(storageKey, input.data);
  await db.evidenceFile.create({
    data: {
      id,
      projectId: input.projectId,
      mode,
      sessionId: input.sessionId,
      step: input.step,
      kind: input.kind,
      contentType: input.contentType,
      size: input.data.byteLength,
      sha256: createHash("sha256").update(input.data).digest("hex"),
      storageKey,
      scanStatus: input.scanStatus ?? "clean",
    },
  });
  return id;
}

/**
 * GET /v1/sessions/{id}/evidence/{evidence_id} (`original`), GET /v1/files/{id}/url
 * (server/files/files.ts; `sessionId` null: any file of the tenant) and the case view's evidence
 * viewer (`display`; `original` for owners and admins, checked by the caller): a download address
 * valid for 300 s, carrying `actor` (type and id) for the download's audit row.
 * @throws DomainError resource_missing (session or file not the tenant's, or not of that session).
 */
export async function issueEvidenceAddress(
  db: Db,
  tenant: Tenant,
  sessionId: string | null,
  evidenceId: string,
  actor: Actor,
  variant: EvidenceVariant = "original",
): Promise<TEvidenceAddress> {
  const file = await db.evidenceFile.findFirst({
    where: sessionId ? { id: evidenceId, sessionId, session: { ...tenantWhere(tenant) } } : { id: evidenceId, ...tenantWhere(tenant) },
    select: { id: true },
  });
  if (!file) throw notFound("evidence file", evidenceId, "evidence_id");
  const exp = Math.floor(Date.now() / 1000) + EVIDENCE_URL_TTL_SECONDS;
  const claims: AddressClaims = { f: file.id, e: exp, a: actor.type, u: actor.id ?? null, v: variant };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  await db.$transaction((tx) =>
    writeAudit(tx, {
      actor,
      action: "evidence.address_issued",
      objectType: "evidence_file",
      objectId: file.id,
      ...tenantWhere(tenant),
      data: { session_id: sessionId, variant },
    }),
  );
  return { url: `${appUrl()}/evidence/${payload}.${sign(payload)}`, expires_at: new Date(exp * 1000).toISOString() };
}

export interface EvidenceDownload {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * Resolves a download address; null when invalid, expired, erased or missing. Audited as
 * `evidence.downloaded` by the actor who was issued the address, from `ip` (the downloader's).
 */
export async function openEvidence(db: Db, token: string, ip: string | null): Promise<EvidenceDownload | null> {
  const claims = verifiedClaims(token);
  if (!claims || claims.e < Date.now() / 1000) return null;
  const file = await db.evidenceFile.findUnique({
    where: { id: claims.f },
    select: { id: true, contentType: true, storageKey: true, displayKey: true, projectId: true, mode: true, sessionId: true },
  });
  if (!file) return null;
  const variant: EvidenceVariant = claims.v ?? "original";
  // the display variant: the display copy, else a PDF as it is, else nothing to show
  const served =
    variant === "original" || (!file.displayKey && file.contentType === "application/pdf")
      ? { key: file.storageKey, contentType: file.contentType }
      : file.displayKey
        ? { key: file.displayKey, contentType: DISPLAY_CONTENT_TYPE }
        : null;
  if (!served) return null;
  const body = await blobStore().get(served.key);
  if (!body) return null;
  await db.$transaction((tx) =>
    writeAudit(tx, {
      actor: { type: claims.a, id: claims.u, ip },
      action: "evidence.downloaded",
      objectType: "evidence_file",
      objectId: file.id,
      projectId: file.projectId,
      mode: file.mode,
      data: { session_id: file.sessionId, ...(claims.v ? { variant } : {}) },
    }),
  );
  const inline = (INLINE_TYPES as readonly string[]).includes(served.contentType);
  return {
    body,
    headers: {
      "Content-Type": inline ? served.contentType : "application/octet-stream",
      "Content-Disposition": inline ? "inline" : `attachment; filename="${file.id}"`,
      "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  };
}
