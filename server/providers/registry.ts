/**
 * Picks the provider for a check (the only place that knows which one runs):
 * - offline dataset checks (`in.ifsc.lookup`) -> the offline dataset, in both modes;
 * - Aadhaar offline e-KYC / Secure QR -> signature verification against UIDAI's certificates
 *   (`UIDAI_CERT_PATHS`), in both modes; test mode also trusts the sandbox signer
 *   (server/providers/uidai-sandbox/, its private key is public) so integrators can sign test files;
 * - phone / email -> the OTP service's own records; document review -> manual (a reviewer);
 * - face match / passive liveness -> the service's own face models (server/providers/face.ts), in both modes;
 * - document field extraction -> the service's own OCR (server/providers/document-extract.ts), in both modes;
 * - sanctions and PEP screening -> the service's imported lists (server/providers/screening.ts), in both modes;
 * - registry checks: test mode -> the sandbox; live mode -> the live adapter the project selected
 *   for that check key (`projects.provider_config`, e.g. `{ "in.pan.verify": "quicko_sandbox" }`), else
 *   the first live adapter whose credentials the environment holds that answers the key (Sandbox
 *   by Quicko for PAN and GSTIN when QUICKO_SANDBOX_API_KEY is set), else `unconfigured` (the
 *   check ends in `error` provider_not_configured); CKYC (search, download, upload) through CKYCR
 *   itself when CKYC_FI_CODE, CKYC_FI_PRIVATE_KEY_PATH and CKYC_CERSAI_CERT_PATH are set. Credentials only ever come from the
 *   environment; a project selects among the adapters, it never stores secrets.
 *
 * The provider chosen when a check is created is recorded on it (`provider`); later attempts of
 * that check ask the same provider (`providerNamed`), even if the project's selection changed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env } from "../env";
import type { Mode } from "../generated/prisma/enums";
import { aadhaarCryptoConfigFromEnv, aadhaarCryptoProvider, createAadhaarCryptoProvider } from "./aadhaar-crypto";
import { documentExtractProvider } from "./document-extract";
import { faceProvider } from "./face";
import { manualProvider } from "./manual";
import { offlineDatasetProvider } from "./offline-dataset";
import { otpServiceProvider } from "./otp-service";
import { ProviderUnavailableError, type CheckProvider } from "./provider";
import { CKYC_CHECKS, createCkycProvider } from "./ckyc-cersai";
import { privateKeyOf, publicKeyOf } from "./ckyc-xml";
import { createQuickoSandboxProvider, QUICKO_SANDBOX_CHECKS } from "./quicko-sandbox";
import { sandboxProvider } from "./sandbox";
import { screeningProvider } from "./screening";

const unconfigured: CheckProvider = {
  name: "unconfigured",
  supports: () => true,
  async verify(key) {
    throw new ProviderUnavailableError("provider_not_configured", `No provider is configured for '${key}'.`);
  },
};

/** The test-mode UIDAI signer's certificate (never trusted in live mode). */
export const UIDAI_SANDBOX_CERT_PATH = path.resolve(process.cwd(), "server/providers/uidai-sandbox/sandbox-cert.pem");

const testModeAadhaar = createAadhaarCryptoProvider({
  config: () => {
    const config = aadhaarCryptoConfigFromEnv();
    return { ...config, certPaths: [...config.certPaths, UIDAI_SANDBOX_CERT_PATH] };
  },
});

/**
 * The live registry adapters a project can select, by the name `projects.provider_config` uses
 * (the adapter's own `name`, recorded on its checks as `provider`). `provider` is null when the adapter's credentials are not in the environment. One instance per
 * process: an adapter keeps its access token between checks.
 */
export const LIVE_REGISTRY_ADAPTERS = {
  quicko_sandbox: {
    label: "Sandbox by Quicko",
    checks: QUICKO_SANDBOX_CHECKS as readonly string[],
    credentials: "QUICKO_SANDBOX_API_KEY, QUICKO_SANDBOX_API_SECRET",
    provider:
      env.QUICKO_SANDBOX_API_KEY && env.QUICKO_SANDBOX_API_SECRET
        ? createQuickoSandboxProvider({
            baseUrl: env.QUICKO_SANDBOX_BASE_URL,
            apiKey: env.QUICKO_SANDBOX_API_KEY,
            apiSecret: env.QUICKO_SANDBOX_API_SECRET,
            timeoutMs: env.QUICKO_SANDBOX_TIMEOUT_MS,
          })
        : null,
  },
  cersai_ckyc: {
    label: "CKYCR (CERSAI)",
    checks: CKYC_CHECKS as readonly string[],
    credentials: "CKYC_FI_CODE, CKYC_FI_PRIVATE_KEY_PATH, CKYC_CERSAI_CERT_PATH",
    provider:
      env.CKYC_FI_CODE && env.CKYC_FI_PRIVATE_KEY_PATH && env.CKYC_CERSAI_CERT_PATH
        ? createCkycProvider({
            baseUrl: env.CKYC_BASE_URL,
            fiCode: env.CKYC_FI_CODE,
            fiPrivateKey: privateKeyOf(readFileSync(env.CKYC_FI_PRIVATE_KEY_PATH)),
            cersaiPublicKey: publicKeyOf(readFileSync(env.CKYC_CERSAI_CERT_PATH)),
            timeoutMs: env.CKYC_TIMEOUT_MS,
            paths: { upload: env.CKYC_UPLOAD_PATH, status: env.CKYC_UPLOAD_STATUS_PATH },
          })
        : null,
  },
} satisfies Record<string, { label: string; checks: readonly string[]; credentials: string; provider: CheckProvider | null }>;

export type LiveRegistryAdapter = keyof typeof LIVE_REGISTRY_ADAPTERS;
export const LIVE_REGISTRY_ADAPTER_NAMES = Object.keys(LIVE_REGISTRY_ADAPTERS) as [LiveRegistryAdapter, ...LiveRegistryAdapter[]];

/**
 * A project's selection of live registry adapters: check key -> adapter name
 * (`projects.provider_config`). Each adapter must answer the key it is selected for.
 */
export const ZProviderConfig = z.record(z.string(), z.enum(LIVE_REGISTRY_ADAPTER_NAMES)).superRefine((config, ctx) => {
  for (const [key, adapter] of Object.entries(config)) {
    if (!LIVE_REGISTRY_ADAPTERS[adapter].checks.includes(key)) {
      ctx.addIssue({ code: "custom", path: [key], message: `${LIVE_REGISTRY_ADAPTERS[adapter].label} does not answer '${key}'` });
    }
  }
});
export type ProviderConfig = z.infer<typeof ZProviderConfig>;

/** Reads a stored `provider_config`; an unreadable value (edited by hand) selects nothing. */
export function parseProviderConfig(stored: unknown): ProviderConfig {
  const parsed = ZProviderConfig.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

function selectedAdapterMissing(adapter: LiveRegistryAdapter): CheckProvider {
  const { label, credentials } = LIVE_REGISTRY_ADAPTERS[adapter];
  return {
    name: adapter,
    supports: () => true,
    async verify() {
      throw new ProviderUnavailableError("provider_not_configured", `The project selected ${label}, but ${credentials} are not set on the server.`);
    },
  };
}

function liveRegistryFor(checkKey: string, config: ProviderConfig): CheckProvider {
  const selected = config[checkKey];
  if (selected) return LIVE_REGISTRY_ADAPTERS[selected].provider ?? selectedAdapterMissing(selected);
  for (const adapter of Object.values(LIVE_REGISTRY_ADAPTERS)) if (adapter.provider?.supports(checkKey)) return adapter.provider;
  return unconfigured;
}

/**
 * The provider that answers `checkKey` in `mode` for a project whose live registry selection is
 * `config` (only read for live registry checks); never throws (an unconfigured check errors when
 * verified).
 */
export function providerFor(mode: Mode, checkKey: string, config: ProviderConfig = {}): CheckProvider {
  for (const p of [offlineDatasetProvider, otpServiceProvider, manualProvider, faceProvider, documentExtractProvider, screeningProvider])
    if (p.supports(checkKey)) return p;
  if (aadhaarCryptoProvider.supports(checkKey)) return mode === "test" ? testModeAadhaar : aadhaarCryptoProvider;
  if (mode === "test") return sandboxProvider.supports(checkKey) ? sandboxProvider : unconfigured;
  return liveRegistryFor(checkKey, config);
}

/**
 * The provider recorded on a check (`provider`, from `providerFor` when it was created), for its
 * next attempt: a live adapter by its name (also when the project's selection changed since),
 * otherwise the provider `providerFor` picks.
 */
export function providerNamed(mode: Mode, checkKey: string, name: string | null): CheckProvider {
  if (mode === "live" && name && Object.hasOwn(LIVE_REGISTRY_ADAPTERS, name)) {
    const adapter = name as LiveRegistryAdapter;
    return LIVE_REGISTRY_ADAPTERS[adapter].provider ?? selectedAdapterMissing(adapter);
  }
  return providerFor(mode, checkKey);
}
