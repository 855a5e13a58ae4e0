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
 * Thrown by `verify` of a check that waits for the applicant (`CheckProvider.begin`, e.g. the
 * reverse penny drop before the ₹1 arrived): the check stays `pending`, no attempt is counted,
 * and a later read asks again (server/checks/awaiting-check.ts).
 */
export class AwaitingApplicantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AwaitingApplicantError";
  }
}

/**
 * Thrown by `begin` when the provider answered the check at once instead of opening a request
 * (e.g. the registry has no such record, or the mobile number given is not the record's): the
 * check finishes with `answer` (server/checks/awaiting-check.ts).
 */
export class AnsweredAtOnceError extends Error {
  constructor(readonly answer: ProviderResult) {
    super(`The provider answered at once: ${answer.status}${answer.errorCode ? ` (${answer.errorCode})` : ""}.`);
    this.name = "AnsweredAtOnceError";
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
  /** What `begin` opened for this check (its `result` while it waits for the applicant); null when it was never begun. */
  request?: Record<string, unknown> | null;
  /**
   * The one-time code the applicant entered, for a check completed with an OTP the registry sent
   * them (catalog `awaitsOtp`, server/checks/check-otp.ts). Never stored or logged.
   */
  otp?: string;
}

export interface CheckProvider {
  /** Public name recorded on the Check (`provider`). */
  readonly name: string;
  supports(checkKey: string): boolean;
  verify(checkKey: string, input: unknown, context?: CheckContext): Promise<ProviderResult>;
  /**
   * Opens the request the applicant acts on, for a check answered in two phases (catalog
   * `awaitsApplicant`: the reverse penny drop's UPI payment request; `awaitsOtp`: the registry
   * sends the applicant a one-time code); `verify` then reads its outcome, throwing
   * `AwaitingApplicantError` until there is one (a wrong code, for an OTP).
   * @returns what the applicant needs (stored as the pending check's `result`: links, expiry, reference).
   * @throws AnsweredAtOnceError when the provider answered the check instead (no record, ...).
   * @throws ProviderUnavailableError as `verify` does.
   */
  begin?(checkKey: string, input: unknown, context: CheckContext): Promise<Record<string, unknown>>;
  /**
   * Asks the registry to send the applicant a new one-time code for a check begun with an OTP
   * (catalog `awaitsOtp`; `context.request` is what `begin` opened).
   * @returns the request's fields that changed (e.g. `otp_expires_at`), merged into the check's `result`.
   * @throws ProviderUnavailableError as `verify` does.
   */
  resend?(checkKey: string, input: unknown, context: CheckContext): Promise<Record<string, unknown>>;
}
