/**
 * The dashboard's DigiLocker settings (Settings → DigiLocker; settings.digilocker,
 * settings.setDigilocker, settings.removeDigilocker). The secret is write-only: the dashboard
 * only ever learns whether one is set. Browser-safe.
 */
import { z } from "zod";

export const ZDigilockerSettingsView = z.strictObject({
  configured: z.boolean(),
  clientId: z.string().nullable(),
  redirectUri: z.string().nullable(),
  /** The callback route of this deployment: what to register with DigiLocker as the redirect URI. */
  suggestedRedirectUri: z.string(),
  /** Where live calls go (`DIGILOCKER_BASE_URL`). */
  baseUrl: z.string(),
});
export type TDigilockerSettingsView = z.infer<typeof ZDigilockerSettingsView>;

export const ZDigilockerSettingsRequest = z.strictObject({
  clientId: z.string().trim().min(1, "Enter the client id DigiLocker issued.").max(200),
  /** Omitted or empty: keep the stored secret (required the first time). */
  clientSecret: z.string().trim().max(500).optional(),
  redirectUri: z.url({ protocol: /^https?$/, error: "Enter the redirect URI registered with DigiLocker (http or https)." }).max(500),
});
export type TDigilockerSettingsRequest = z.infer<typeof ZDigilockerSettingsRequest>;
