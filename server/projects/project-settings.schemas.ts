/**
 * Forms of the dashboard's project settings (STYLE.md 1.4): parsed by react-hook-form in the
 * browser and again by the tRPC procedures.
 */
import { z } from "zod";

/** `scheme://host[:port]` exactly as `new URL(value).origin` prints it, or null. */
export function normalizeOrigin(value: string): string | null {
  const v = value.trim().replace(/\/$/, "");
  try {
    const url = new URL(v);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin === v.toLowerCase() || url.origin === v ? url.origin : null;
  } catch {
    return null;
  }
}

export const ZAllowedOriginRequest = z.object({
  origin: z
    .string()
    .trim()
    .min(1, { error: "Enter an origin." })
    .max(255)
    .refine((v) => normalizeOrigin(v) !== null, { error: "Enter an origin like https://app.example.com: scheme, host and optional port, no path." })
    .transform((v) => normalizeOrigin(v)!),
});
export type TAllowedOriginRequest = z.input<typeof ZAllowedOriginRequest>;

export const RETENTION_DAYS = { min: 7, max: 3650, default: 365 } as const;

export const ZBrandColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "Use a hex colour like #2a55e0." })
  .transform((v) => v.toLowerCase());

export const ZProjectSettingsRequest = z.object({
  name: z.string().trim().min(1, { error: "Name the project." }).max(80, { error: "Use at most 80 characters." }),
  retentionDays: z
    .number({ error: "Enter a number of days." })
    .int({ error: "Enter a whole number of days." })
    .min(RETENTION_DAYS.min, { error: `Keep data at least ${RETENTION_DAYS.min} days.` })
    .max(RETENTION_DAYS.max, { error: `Keep data at most ${RETENTION_DAYS.max} days (10 years).` }),
  /** null: the hosted flow's default colour */
  brandColor: ZBrandColor.nullable(),
});
export type TProjectSettingsRequest = z.input<typeof ZProjectSettingsRequest>;

/** Logo upload limits (issue 7). */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = { "image/png": "png", "image/svg+xml": "svg", "image/webp": "webp" } as const;
export type LogoContentType = keyof typeof LOGO_TYPES;

export const ZSetLogoRequest = z.object({
  /** the file's bytes, base64 (the 512 KiB limit is checked on the decoded bytes) */
  contentBase64: z
    .string()
    .min(1)
    .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 8, { error: "The logo is larger than 512 KiB." }),
});

/** WCAG relative luminance contrast of `hex` against white text (1..21). */
export function contrastWithWhite(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return 1.05 / (l + 0.05);
}

/** A project's hosted-flow branding as the flow and the settings page read it (server/projects/branding.ts). */
export const ZProjectBranding = z.strictObject({
  /** `#rrggbb`, or null for the default colour */
  brandColor: z.string().nullable(),
  /** same-origin address of the logo image, or null */
  logoUrl: z.string().nullable(),
});

/** The settings page's read of a project (settings.get and the result of settings.update). */
export const ZProjectSettings = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  retentionDays: z.number().int(),
  branding: ZProjectBranding,
  allowedOrigins: z.array(z.string()),
});
export type TProjectSettings = z.infer<typeof ZProjectSettings>;
