/**
 * The settings page's live registry adapter choices (server/projects/registry-providers.ts;
 * settings.registryProviders). Server-only: the adapter names come from the provider registry.
 */
import { z } from "zod";
import { LIVE_REGISTRY_ADAPTER_NAMES } from "../providers/registry";

const ZLiveRegistryAdapter = z.enum(LIVE_REGISTRY_ADAPTER_NAMES);

export const ZRegistryProviderChoice = z.strictObject({
  /** Country check key, e.g. `in.pan.verify`. */
  key: z.string(),
  description: z.string(),
  /** Adapters that answer this check, and whether the server holds their credentials. */
  adapters: z.array(z.strictObject({ name: ZLiveRegistryAdapter, label: z.string(), configured: z.boolean() })),
  /** The project's failover order, first tried first; null = the server's default. */
  selected: z.array(ZLiveRegistryAdapter).nullable(),
  /** The providers live checks of this key are sent to now, in failover order (`unconfigured`: none, they end in `error`). */
  effective: z.array(z.string()),
});
export type TRegistryProviderChoice = z.infer<typeof ZRegistryProviderChoice>;

/** settings.setRegistryProvider: the failover order of live adapters for one registry check (null: the server's default). */
export const ZSetRegistryProviderRequest = z.object({
  checkKey: z.string().min(1).max(64),
  adapters: z.array(ZLiveRegistryAdapter).min(1).max(LIVE_REGISTRY_ADAPTER_NAMES.length).nullable(),
});
