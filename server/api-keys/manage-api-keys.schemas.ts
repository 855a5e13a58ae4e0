/** The dashboard's API keys: the "create secret key" form, shared by react-hook-form and apiKeys.create (STYLE.md 1.4), and the keys it lists. */
import { z } from "zod";

export const ZCreateApiKeyRequest = z.object({
  name: z.string().trim().min(1, { error: "Name the key, e.g. after the server that uses it." }).max(64, { error: "Use at most 64 characters." }),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

/** A key as the dashboard lists it; the secret is never part of it. */
export const ZApiKey = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** the first characters of the secret, e.g. `sk_test_AbC1` */
  prefix: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** A new key with its secret, shown this once. */
export const ZCreatedApiKey = z.strictObject({ key: ZApiKey, secret: z.string() });
