/**
 * The check provider interface (ARCHITECTURE.md: "A check provider is an interface").
 * Sandbox, cryptographic, manual and live registry adapters implement it; nothing outside
 * server/providers/ knows which one ran — callers get a `ProviderResult` and the provider's
 * public name for the Check record.
 */

export interface ProviderResult {
  status: "passed" | "failed" | "needs_review";
  errorCode: string | null;
  score: number | null;
  verifiedBy: "source" | "reviewer" | null;
  /** Free-form answer stored on the Check (`result`). */
  result: Record<string, unknown>;
}

/** Thrown by a provider that could not answer (timeout, outage): retried, then `error`. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly errorCode: "provider_timeout" | "provider_unavailable" | "provider_not_configured",
    message: string,
  ) {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

export interface CheckProvider {
  /** Public name recorded on the Check (`provider`). */
  readonly name: string;
  supports(checkKey: string): boolean;
  verify(checkKey: string, input: unknown): Promise<ProviderResult>;
}
