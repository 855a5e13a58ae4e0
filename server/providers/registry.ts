/**
 * Picks the provider for a check (the only place that knows which one runs): test mode ->
 * sandbox; live mode -> the configured registry adapter. No live registry adapter is
 * configured yet, so live checks end in `error` with `provider_not_configured`.
 */
import type { Mode } from "../generated/prisma/enums";
import { ProviderUnavailableError, type CheckProvider } from "./provider";
import { sandboxProvider } from "./sandbox";

const unconfigured: CheckProvider = {
  name: "unconfigured",
  supports: () => true,
  async verify(key) {
    throw new ProviderUnavailableError("provider_not_configured", `No live provider is configured for '${key}'.`);
  },
};

export function providerFor(mode: Mode, checkKey: string): CheckProvider {
  if (mode === "test" && sandboxProvider.supports(checkKey)) return sandboxProvider;
  return unconfigured;
}
