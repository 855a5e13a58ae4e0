/**
 * The check provider interface (ARCHITECTURE.md: "A check provider is an interface").
 * Sandbox, cryptographic, manual and live registry adapters implement it; nothing outside
 * server/providers/ knows which one ran — callers get a `ProviderResult` and the provider's
 * public name for the Check record.
 */
import type { TRecordedConsent } from "../checks/check.schemas";

export interface ProviderResult {
  status: "passed" | "failed" | "needs_review";
  errorCode: string | null;
  score: number | null;
  verifiedBy: "source" | "reviewer" | null;
  /** Free-form answer stored on the Check (`result`). */
  result: Record<string, unknown>;
  /**
   * Files the answer carries (e.g. the photo inside a UIDAI-signed e-KYC): stored as evidence
   * of the check's session, their ids added to `result.evidence_ids`.
   */
  evidence?: ProviderEvidence[];
}

export interface ProviderEvidence {
  kind: string;
  contentType: string;
  bytes: Uint8Array;
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

/**
 * Whose check it is (providers that answer from the service's own records scope by it), and the
 * consent and purpose the call rests on (server/checks/check-consent.ts): live adapters pass them
 * to the vendor where its API takes them.
 */
export interface CheckContext {
  projectId: string;
  mode: "test" | "live";
  sessionId: string | null;
  /** The applicant's consent (null when none was recorded: test mode or a non-registry check). */
  consent?: TRecordedConsent | null;
  /** Why the registry is asked, at least 20 characters (null when none was recorded). */
  purpose?: string | null;
  /** the check being answered */
  checkId?: string;
}

export interface CheckProvider {
  /** Public name recorded on the Check (`provider`). */
  readonly name: string;
  supports(checkKey: string): boolean;
  verify(checkKey: string, input: unknown, context?: CheckContext): Promise<ProviderResult>;
}
