/** The dashboard's "create secret key" form, shared by react-hook-form and apiKeys.create (STYLE.md 1.4). */
import { z } from "zod";

export const ZCreateApiKeyRequest = z.object({
  name: z.string().trim().min(1, { error: "Name the key, e.g. after the server that uses it." }).max(64, { error: "Use at most 64 characters." }),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;
