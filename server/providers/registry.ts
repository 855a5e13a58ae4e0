/**
 * Picks the provider for a check (the only place that knows which one runs):
 * - offline dataset checks (`in.ifsc.lookup`) -> the offline dataset, in both modes;
 * - Aadhaar offline e-KYC / Secure QR -> signature verification against UIDAI's certificates
 *   (`UIDAI_CERT_PATHS`), in both modes; test mode also trusts the sandbox signer
 *   (server/providers/uidai-sandbox/, its private key is public) so integrators can sign test files;
 * - phone / email -> the OTP service's own records; document review -> manual (a reviewer);
 * - face match / passive liveness -> the service's own face models (server/providers/face.ts), in both modes;
 * - registry checks: test mode -> the sandbox; live mode -> the live adapter configured by
 *   environment (Sandbox by Quicko for PAN and GSTIN when QUICKO_SANDBOX_API_KEY is set), else
 *   `unconfigured` (the check ends in `error` provider_not_configured).
 */
import path from "node:path";
import { env } from "../env";
import type { Mode } from "../generated/prisma/enums";
import { aadhaarCryptoConfigFromEnv, aadhaarCryptoProvider, createAadhaarCryptoProvider } from "./aadhaar-crypto";
import { faceProvider } from "./face";
import { manualProvider } from "./manual";
import { offlineDatasetProvider } from "./offline-dataset";
import { otpServiceProvider } from "./otp-service";
import { ProviderUnavailableError, type CheckProvider } from "./provider";
import { createQuickoSandboxProvider } from "./quicko-sandbox";
import { sandboxProvider } from "./sandbox";

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

/** One instance per process: it keeps its access token between checks. */
const liveRegistry: CheckProvider | null =
  env.QUICKO_SANDBOX_API_KEY && env.QUICKO_SANDBOX_API_SECRET
    ? createQuickoSandboxProvider({
        baseUrl: env.QUICKO_SANDBOX_BASE_URL,
        apiKey: env.QUICKO_SANDBOX_API_KEY,
        apiSecret: env.QUICKO_SANDBOX_API_SECRET,
        timeoutMs: env.QUICKO_SANDBOX_TIMEOUT_MS,
      })
    : null;

/** The provider that answers `checkKey` in `mode`; never throws (an unconfigured check errors when verified). */
export function providerFor(mode: Mode, checkKey: string): CheckProvider {
  for (const p of [offlineDatasetProvider, otpServiceProvider, manualProvider, faceProvider]) if (p.supports(checkKey)) return p;
  if (aadhaarCryptoProvider.supports(checkKey)) return mode === "test" ? testModeAadhaar : aadhaarCryptoProvider;
  if (mode === "test") return sandboxProvider.supports(checkKey) ? sandboxProvider : unconfigured;
  return liveRegistry?.supports(checkKey) ? liveRegistry : unconfigured;
}
