/**
 * Which DigiLocker the `digilocker` step talks to (the only place that knows): test mode -> the
 * in-process sandbox (./digilocker-sandbox.ts) with its own client credentials, its consent page
 * and callback addressed relative to the applicant's origin; live mode ->
 * DigiLocker's Authorized Partner API (`DIGILOCKER_BASE_URL`) with the project's credentials
 * from Settings, or none when the project has not set them.
 */
import { env } from "../env";
import type { Mode } from "../generated/prisma/enums";
import { createDigilockerClient, type DigilockerClient } from "./digilocker";
import { DIGILOCKER_SANDBOX_CLIENT, DIGILOCKER_SANDBOX_REDIRECT_URI, digilockerSandboxBaseUrl, sandboxFetch } from "./digilocker-sandbox";

/** A project's live credentials (the secret opened). */
export interface DigilockerCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The client for `mode`; null in live mode without credentials. */
export function digilockerClientFor(mode: Mode, credentials: DigilockerCredentials | null): DigilockerClient | null {
  if (mode === "test") {
    const sandbox = createDigilockerClient({
      baseUrl: digilockerSandboxBaseUrl(),
      ...DIGILOCKER_SANDBOX_CLIENT,
      redirectUri: DIGILOCKER_SANDBOX_REDIRECT_URI,
      fetch: sandboxFetch,
    });
    // the sandbox's pages are this app's: addressed relative to the origin the applicant is on
    return {
      ...sandbox,
      authorizationUrl(params) {
        const url = new URL(sandbox.authorizationUrl(params));
        return `${url.pathname}${url.search}`;
      },
    };
  }
  if (!credentials) return null;
  return createDigilockerClient({ baseUrl: env.DIGILOCKER_BASE_URL, ...credentials, timeoutMs: env.DIGILOCKER_TIMEOUT_MS });
}
