/**
 * Which DigiLocker the `digilocker` step talks to (the only place that knows): test mode -> the
 * in-process sandbox (./digilocker-sandbox.ts) with its own client credentials; live mode ->
 * DigiLocker's Authorized Partner API (`DIGILOCKER_BASE_URL`) with the project's credentials
 * from Settings, or none when the project has not set them.
 */
import { env } from "../env";
import type { Mode } from "../generated/prisma/enums";
import { createDigilockerClient, digilockerCallbackUrl, type DigilockerClient } from "./digilocker";
import { DIGILOCKER_SANDBOX_CLIENT, digilockerSandboxBaseUrl, sandboxFetch } from "./digilocker-sandbox";

/** A project's live credentials (the secret opened). */
export interface DigilockerCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The client for `mode`; null in live mode without credentials. */
export function digilockerClientFor(mode: Mode, credentials: DigilockerCredentials | null): DigilockerClient | null {
  if (mode === "test") {
    return createDigilockerClient({
      baseUrl: digilockerSandboxBaseUrl(),
      ...DIGILOCKER_SANDBOX_CLIENT,
      redirectUri: digilockerCallbackUrl(),
      fetch: sandboxFetch,
    });
  }
  if (!credentials) return null;
  return createDigilockerClient({ baseUrl: env.DIGILOCKER_BASE_URL, ...credentials, timeoutMs: env.DIGILOCKER_TIMEOUT_MS });
}
