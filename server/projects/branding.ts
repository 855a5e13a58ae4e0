/**
 * A project's hosted-flow branding as the flow reads it (flow.state): the accent colour and
 * the address of the logo, served by app/branding/[projectId]/[file]/route.ts.
 */
import type { z } from "zod";
import type { ZProjectBranding } from "./project-settings.schemas";

/** `brandColor` (`#rrggbb` or null) and `logoUrl` (same-origin, or null); schema: ZProjectBranding. */
export type ProjectBranding = z.infer<typeof ZProjectBranding>;

/** Blob keys of logos are `branding/<projectId>/<file>`; the logo's address mirrors them. */
export const LOGO_KEY_PREFIX = "branding/";

/** The branding of a project row. */
export function projectBranding(p: { brandColor: string | null; logoKey: string | null }): ProjectBranding {
  return { brandColor: p.brandColor, logoUrl: p.logoKey?.startsWith(LOGO_KEY_PREFIX) ? `/${p.logoKey}` : null };
}
