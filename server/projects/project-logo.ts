/**
 * The hosted-flow logo of a project (issue 7): PNG, SVG or WebP up to 512 KiB, recognized by
 * content (file-type for the raster formats; an XML parse for SVG), stored through the
 * evidence blob store under a fresh key per upload (so the address can be cached forever).
 * SVGs with scripts, event handlers, foreign objects, external references or a DOCTYPE are
 * refused; the route that serves logos adds a sandboxing Content-Security-Policy as well.
 */
import { DOMParser, onErrorStopParsing, type Element as XmlElement, type Node as XmlNode } from "@xmldom/xmldom";
import { fileTypeFromBuffer } from "file-type";
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { blobStore } from "../evidence/blob-store";
import { randomBase62 } from "../ids";
import { LOGO_KEY_PREFIX, projectBranding, type ProjectBranding } from "./branding";
import { LOGO_MAX_BYTES, LOGO_TYPES, type LogoContentType } from "./project-settings.schemas";

const SVG_NS = "http://www.w3.org/2000/svg";

function refuseSvg(reason: string): never {
  throw new DomainError("file_type_not_allowed", `This SVG cannot be used as a logo: ${reason}.`, { param: "logo" });
}

/** Throws unless `text` is a plain SVG image (no active content, no external references). */
function assertSafeSvg(text: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) refuseSvg("it declares a DOCTYPE or entities");
  let doc;
  try {
    doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, "image/svg+xml");
  } catch {
    refuseSvg("it is not well-formed XML");
  }
  const root = doc.documentElement;
  if (!root || root.localName !== "svg" || root.namespaceURI !== SVG_NS) refuseSvg("its root element is not <svg>");
  const walk = (node: XmlNode) => {
    if (node.nodeType === 1) {
      const el = node as XmlElement;
      const name = (el.localName ?? el.nodeName).toLowerCase();
      if (name === "script" || name === "foreignobject" || name === "iframe" || name === "embed" || name === "object")
        refuseSvg(`it contains <${el.localName}>`);
      for (let i = 0; i < el.attributes.length; i++) {
        const a = el.attributes.item(i)!;
        const an = a.localName?.toLowerCase() ?? a.name.toLowerCase();
        if (an.startsWith("on")) refuseSvg(`it has an event handler (${a.name})`);
        if (an === "href" && !/^(#|data:image\/(png|jpeg|webp);)/i.test(a.value.trim())) refuseSvg("it references another file or address");
        if (/url\(\s*['"]?(?!#)/i.test(a.value)) refuseSvg("it references another file or address");
      }
      if (name === "style" && /@import|url\(\s*['"]?(?!#)/i.test(el.textContent ?? "")) refuseSvg("its styles load another file");
    }
    for (let c = node.firstChild; c; c = c.nextSibling) walk(c);
  };
  walk(root);
}

/**
 * The content type of a logo file, checked by content.
 * @throws DomainError file_too_large (over 512 KiB), file_type_not_allowed (not PNG/SVG/WebP, unsafe SVG).
 */
export async function detectLogoType(bytes: Uint8Array): Promise<LogoContentType> {
  if (bytes.byteLength === 0) throw new DomainError("file_type_not_allowed", "The file is empty.", { param: "logo" });
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new DomainError("file_too_large", "The logo is larger than 512 KiB.", { param: "logo" });
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === "image/png" || detected?.mime === "image/webp") return detected.mime;
  // file-type reports SVG as generic XML (or nothing without an XML declaration)
  if (!detected || detected.mime === "application/xml") {
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    if (/<svg[\s>]/i.test(text)) {
      assertSafeSvg(text.replace(/^\uFEFF/, ""));
      return "image/svg+xml";
    }
  }
  throw new DomainError("file_type_not_allowed", "Upload a PNG, SVG or WebP image.", { param: "logo" });
}

/**
 * Replaces the project's logo with `bytes` (validated by detectLogoType). The old blob is
 * deleted after the change is committed.
 * @returns the new branding.
 */
export async function setProjectLogo(db: Db, projectId: string, bytes: Uint8Array, actor: Actor): Promise<ProjectBranding> {
  const type = await detectLogoType(bytes);
  const key = `${LOGO_KEY_PREFIX}${projectId}/logo-${randomBase62(16)}.${LOGO_TYPES[type]}`;
  await blobStore().put(key, bytes, { contentType: type });
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
      data: { contentType: type, size: bytes.byteLength },
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
 * or null when that is not the project's current logo.
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
  return { bytes, contentType };
}
