/** The Check object of the API (interface.md 2.4; schema `ZCheck`). */
import type { TCheck, TCheckStatus, TProviderAttempt, TRecordedConsent } from "./check.schemas";

export const checkSelect = {
  id: true,
  step: true,
  capability: true,
  checkKey: true,
  genericKey: true,
  provider: true,
  status: true,
  verifiedBy: true,
  score: true,
  errorCode: true,
  fromCache: true,
  result: true,
  consent: true,
  purpose: true,
  providerAttempts: true,
  createdAt: true,
  finishedAt: true,
} as const;

export interface CheckRow {
  id: string;
  step: string | null;
  capability: string | null;
  checkKey: string;
  genericKey: string;
  provider: string | null;
  status: TCheckStatus;
  verifiedBy: "source" | "reviewer" | null;
  score: number | null;
  errorCode: string | null;
  fromCache: boolean;
  result: unknown;
  consent: unknown;
  purpose: string | null;
  providerAttempts: unknown;
  createdAt: Date;
  finishedAt: Date | null;
}

export function toCheckDto(c: CheckRow): TCheck {
  return {
    id: c.id,
    object: "check",
    step: c.step,
    capability: c.capability,
    generic_key: c.genericKey,
    check_key: c.checkKey,
    provider: c.provider,
    status: c.status,
    verified_by: c.verifiedBy,
    score: c.score,
    error_code: c.errorCode,
    from_cache: c.fromCache,
    result: (c.result ?? null) as Record<string, unknown> | null,
    consent: (c.consent ?? null) as TRecordedConsent | null,
    purpose: c.purpose,
    provider_attempts: Array.isArray(c.providerAttempts) ? (c.providerAttempts as TProviderAttempt[]) : [],
    created_at: c.createdAt.toISOString(),
    finished_at: c.finishedAt?.toISOString() ?? null,
  };
}
