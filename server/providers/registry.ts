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
 * - registry checks: test mode -> the sandbox; live mode -> a chain of live adapters tried in order
 *   (failover, issue 19 item 3): the order the project set for that check key
 *   (`projects.provider_config`, e.g. `{ "in.pan.verify": ["quicko_sandbox", "cashfree"] }`; a single
 *   name, as stored before, is a chain of one), else every live adapter whose credentials the
 *   environment holds that answers the key, in the order of `LIVE_REGISTRY_ADAPTERS` (Sandbox by
 *   Quicko, then Cashfree); adapters without credentials are left out of a chain, and a chain with none
 *   left is one adapter that ends the check in `error` provider_not_configured. CKYC (search,
 *   download, upload) goes through CKYCR itself when CKYC_FI_CODE, CKYC_FI_PRIVATE_KEY_PATH and
 *   CKYC_CERSAI_CERT_PATH are set, and search and the OTP download (CKYC 1.3, `auth_factor: otp`)
 *   through Surepass when SUREPASS_API_TOKEN is set (CKYCR's published format has no OTP download). Credentials only ever come from the environment; a project
 *   selects and orders the adapters, it never stores secrets.
 *
 * The first provider of the chain when a check is created is recorded on it (`provider`); each attempt
 * asks that provider first (`failoverChain`), even if the project's selection changed since, then the
 * rest of the project's current chain when it answers `provider_unavailable` or `provider_timeout`.
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
import { CASHFREE_VERIFICATION_CHECKS, createCashfreeVerificationProvider } from "./cashfree-verification";
import { CKYC_CHECKS, createCkycProvider } from "./ckyc-cersai";
import { privateKeyOf, publicKeyOf } from "./ckyc-xml";
import { createQuickoSandboxProvider, QUICKO_SANDBOX_CHECKS } from "./quicko-sandbox";
import { reversePennyDropSandbox } from "./reverse-penny-drop-sandbox";
import { sandboxProvider } from "./sandbox";
import { createSurepassCkycProvider, SUREPASS_CKYC_CHECKS } from "./surepass-ckyc";
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
  cashfree: {
    label: "Cashfree Verification Suite",
    checks: CASHFREE_VERIFICATION_CHECKS as readonly string[],
    credentials: "CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET",
    provider:
      env.CASHFREE_CLIENT_ID && env.CASHFREE_CLIENT_SECRET
        ? createCashfreeVerificationProvider({
            baseUrl: env.CASHFREE_VERIFICATION_BASE_URL,
            clientId: env.CASHFREE_CLIENT_ID,
            clientSecret: env.CASHFREE_CLIENT_SECRET,
            timeoutMs: env.CASHFREE_TIMEOUT_MS,
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
  surepass_ckyc: {
    label: "Surepass CKYC",
    checks: SUREPASS_CKYC_CHECKS as readonly string[],
    credentials: "SUREPASS_API_TOKEN",
    provider: env.SUREPASS_API_TOKEN
      ? createSurepassCkycProvider({
          baseUrl: env.SUREPASS_BASE_URL,
          token: env.SUREPASS_API_TOKEN,
          timeoutMs: env.SUREPASS_TIMEOUT_MS,
          otpValiditySeconds: env.SUREPASS_CKYC_OTP_VALIDITY_SECONDS,
        })
      : null,
  },
} satisfies Record<string, { label: string; checks: readonly string[]; credentials: string; provider: CheckProvider | null }>;

export type LiveRegistryAdapter = keyof typeof LIVE_REGISTRY_ADAPTERS;
export const LIVE_REGISTRY_ADAPTER_NAMES = Object.keys(LIVE_REGISTRY_ADAPTERS) as [LiveRegistryAdapter, ...LiveRegistryAdapter[]];

const ZLiveRegistryAdapter = z.enum(LIVE_REGISTRY_ADAPTER_NAMES);

/**
 * A project's order of live registry adapters per check key (`projects.provider_config`): the
 * failover chain, first tried first. A single adapter name (as stored before failover) reads as a
 * chain of one. Each adapter must answer the key it is listed for, at most once.
 */
export const ZProviderConfig = z
  .record(z.string(), z.union([ZLiveRegistryAdapter.transform((a) => [a]), z.array(ZLiveRegistryAdapter).min(1).max(LIVE_REGISTRY_ADAPTER_NAMES.length)]))
  .superRefine((config, ctx) => {
    for (const [key, chain] of Object.entries(config)) {
      chain.forEach((adapter, i) => {
        if (!LIVE_REGISTRY_ADAPTERS[adapter].checks.includes(key)) {
          ctx.addIssue({ code: "custom", path: [key, i], message: `${LIVE_REGISTRY_ADAPTERS[adapter].label} does not answer '${key}'` });
        }
        if (chain.indexOf(adapter) !== i) ctx.addIssue({ code: "custom", path: [key, i], message: `${LIVE_REGISTRY_ADAPTERS[adapter].label} is listed twice` });
      });
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

/** The live adapters that answer `checkKey` for a project, in failover order (see the file comment). */
function liveRegistryChain(checkKey: string, config: ProviderConfig): CheckProvider[] {
  const selected = config[checkKey];
  if (selected) {
    const ready = selected.flatMap((a) => LIVE_REGISTRY_ADAPTERS[a].provider ?? []);
    return ready.length ? ready : [selectedAdapterMissing(selected[0]!)];
  }
  const ready = Object.values(LIVE_REGISTRY_ADAPTERS).flatMap((a) => (a.provider?.supports(checkKey) ? [a.provider] : []));
  return ready.length ? ready : [unconfigured];
}

/**
 * The providers that answer `checkKey` in `mode` for a project whose live registry order is `config`
 * (only read for live registry checks), first tried first; one provider for every other check. Never
 * empty, never throws (an unconfigured check errors when verified).
 */
export function providerChain(mode: Mode, checkKey: string, config: ProviderConfig = {}): CheckProvider[] {
  for (const p of [offlineDatasetProvider, otpServiceProvider, manualProvider, faceProvider, documentExtractProvider, screeningProvider])
    if (p.supports(checkKey)) return [p];
  if (aadhaarCryptoProvider.supports(checkKey)) return [mode === "test" ? testModeAadhaar : aadhaarCryptoProvider];
  if (mode === "test" && reversePennyDropSandbox.supports(checkKey)) return [reversePennyDropSandbox];
  if (mode === "test") return [sandboxProvider.supports(checkKey) ? sandboxProvider : unconfigured];
  return liveRegistryChain(checkKey, config);
}

/** The first provider of `providerChain`: the one a new check records (`provider`). */
export function providerFor(mode: Mode, checkKey: string, config: ProviderConfig = {}): CheckProvider {
  return providerChain(mode, checkKey, config)[0]!;
}

/**
 * The providers an attempt of a check asks, in order: the one recorded on it (`provider`), then the
 * rest of the project's current chain for its key (`config`), for failover.
 */
export function failoverChain(mode: Mode, checkKey: string, recorded: string | null, config: ProviderConfig = {}): CheckProvider[] {
  const first = providerNamed(mode, checkKey, recorded);
  return [first, ...providerChain(mode, checkKey, config).filter((p) => p.name !== first.name)];
}

/** One live adapter a project can use for a check (GET /v1/capabilities `live_providers`). */
export interface LiveProviderOption {
  name: LiveRegistryAdapter;
  label: string;
  /** The server holds its credentials. */
  available: boolean;
  /** 1-based position in the project's live failover order for the check; null when live checks do not ask it. */
  order: number | null;
}

/**
 * Every live adapter that answers `checkKey`, for a project whose live registry order is `config`:
 * those live checks ask first, in their order, then the others (not asked: `order` null).
 */
export function liveProviderOptions(checkKey: string, config: ProviderConfig = {}): LiveProviderOption[] {
  const chain = liveRegistryChain(checkKey, config).map((p) => p.name);
  return (Object.entries(LIVE_REGISTRY_ADAPTERS) as [LiveRegistryAdapter, (typeof LIVE_REGISTRY_ADAPTERS)[LiveRegistryAdapter]][])
    .filter(([, a]) => a.checks.includes(checkKey))
    .map(([name, a]) => {
      const at = a.provider ? chain.indexOf(name) : -1;
      return { name, label: a.label, available: a.provider !== null, order: at < 0 ? null : at + 1 };
    })
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));
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
