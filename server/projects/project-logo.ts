/**
 * The hosted-flow logo of a project (issue 7): PNG, SVG or WebP up to 512 KiB, recognized by
 * content (file-type for the raster formats, the `<svg` root for SVG), and stored as a PNG
 * that `sharp` renders from it (at most LOGO_MAX_PX on the longest side), through the evidence
 * blob store under a fresh key per upload (so the address can be cached forever). Rasterising
 * replaces filtering SVG markup (which `<set>`, `<animate>` or `<?xml-stylesheet?>` could get
 * round): whatever an SVG contains, only its pixels are ever served; librsvg loads no external
 * resource for an SVG given as bytes. Logos stored as SVG before this are rasterised when read.
 * The route that serves logos adds a sandboxing Content-Security-Policy as well.
 */
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { blobStore } from "../evidence/blob-store";
import { randomBase62 } from "../ids";
import { LOGO_KEY_PREFIX, projectBranding, type ProjectBranding } from "./branding";
import { LOGO_MAX_BYTES, LOGO_TYPES, type LogoContentType } from "./project-settings.schemas";

/** Longest side of a stored logo in pixels (an SVG is rendered to fit it; a raster logo is never enlarged). */
export const LOGO_MAX_PX = 512;
/** Largest raster decoded (pixels): a logo needs no more, and a decompression bomb is refused. */
const LOGO_MAX_INPUT_PIXELS = 4096 * 4096;

/**
 * The content type of an uploaded logo file, checked by content.
 * @throws DomainError file_too_large (over 512 KiB), file_type_not_allowed (not PNG/SVG/WebP).
 */
export async function detectLogoType(bytes: Uint8Array): Promise<LogoContentType> {
  if (bytes.byteLength === 0) throw new DomainError("file_type_not_allowed", "The file is empty.", { param: "logo" });
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new DomainError("file_too_large", "The logo is larger than 512 KiB.", { param: "logo" });
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === "image/png" || detected?.mime === "image/webp") return detected.mime;
  // file-type reports SVG as generic XML (or nothing without an XML declaration)
  if ((!detected || detected.mime === "application/xml") && /<svg[\s>]/i.test(new TextDecoder("utf-8", { fatal: false }).decode(bytes))) return "image/svg+xml";
  throw new DomainError("file_type_not_allowed", "Upload a PNG, SVG or WebP image.", { param: "logo" });
}

/**
 * The PNG a logo is stored and served as: an SVG rendered at the density that fits its longest
 * side to LOGO_MAX_PX, a raster logo re-encoded (metadata dropped) and shrunk to fit it.
 * @throws DomainError file_type_not_allowed when the image cannot be decoded or rendered.
 */
export async function rasteriseLogo(bytes: Uint8Array, type: LogoContentType): Promise<Buffer> {
  try {
    let density: number | undefined;
    if (type === "image/svg+xml") {
      const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS }).metadata();
      const longest = Math.max(width, height);
      density = longest > 0 ? Math.min(100_000, Math.max(1, (72 * LOGO_MAX_PX) / longest)) : 72; // sharp takes 1 to 100000 dpi
    }
    return await sharp(bytes, { density, limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: "error" })
      .resize({ width: LOGO_MAX_PX, height: LOGO_MAX_PX, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new DomainError("file_type_not_allowed", "This image cannot be read. Upload a PNG, SVG or WebP image.", { param: "logo" });
  }
}

/**
 * Replaces the project's logo with `bytes` (validated by detectLogoType, stored as the PNG of
 * rasteriseLogo). The old blob is deleted after the change is committed.
 * @returns the new branding.
 */
export async function setProjectLogo(db: Db, projectId: string, bytes: Uint8Array, actor: Actor): Promise<ProjectBranding> {
  const type = await detectLogoType(bytes);
  const stored = await rasteriseLogo(bytes, type);
  const key = `${LOGO_KEY_PREFIX}${projectId}/logo-${randomBase62(16)}.png`;
  await blobStore().put(key, stored, { contentType: "image/png" });
  const { before, after } = await db.$transaction(async (tx) => {
    const before = await tx.project.findUnique({ where: { id: projectId }, select: { logoKey: true } });
    if (!before) throw notFound("project", projectId);
    const after = await tx.project.update({ where: { id: projectId }, data: { logoKey: key }, select: { brandColor: true, logoKey: true } });
    await writeAudit(tx, {
      actor,
      action: "project.logo_changed",
      objectType: "project",
      objectId: projectId,
      projectId,
      data: { contentType: type, size: bytes.byteLength, stored: { contentType: "image/png", size: stored.byteLength } },
    });
    return { before, after };
  });
  if (before.logoKey) await blobStore().delete(before.logoKey);
  return projectBranding(after);
}

/** Removes the project's logo (the hosted flow shows the organization name instead). */
export async function removeProjectLogo(db: Db, projectId: string, actor: Actor): Promise<ProjectBranding> {
  const { before, after } = await db.$transaction(async (tx) => {
    const before = await tx.project.findUnique({ where: { id: projectId }, select: { logoKey: true } });
    if (!before) throw notFound("project", projectId);
    const after = await tx.project.update({ where: { id: projectId }, data: { logoKey: null }, select: { brandColor: true, logoKey: true } });
    if (before.logoKey) await writeAudit(tx, { actor, action: "project.logo_removed", objectType: "project", objectId: projectId, projectId });
    return { before, after };
  });
  if (before.logoKey) await blobStore().delete(before.logoKey);
  return projectBranding(after);
}

/**
 * The bytes of a project's current logo for its public address `/branding/<projectId>/<file>`,
 * or null when that is not the project's current logo. A logo stored as SVG (before logos were
 * rasterised on upload) is rasterised here: an SVG is never served.
 */
export async function readProjectLogo(db: Db, projectId: string, file: string): Promise<{ bytes: Buffer; contentType: LogoContentType } | null> {
  if (!/^logo-[0-9A-Za-z]{16}\.(png|svg|webp)$/.test(file)) return null;
  const key = `${LOGO_KEY_PREFIX}${projectId}/${file}`;
  const p = await db.project.findUnique({ where: { id: projectId }, select: { logoKey: true } });
  if (p?.logoKey !== key) return null;
  const bytes = await blobStore().get(key);
  if (!bytes) return null;
  const ext = file.slice(file.lastIndexOf(".") + 1);
  const contentType = (Object.keys(LOGO_TYPES) as LogoContentType[]).find((t) => LOGO_TYPES[t] === ext)!;
  if (contentType === "image/svg+xml") return { bytes: await rasteriseLogo(bytes, contentType), contentType: "image/png" };
  return { bytes, contentType };
}
