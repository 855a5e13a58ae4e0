/**
 * The `consent` step's defaults that the flow's first screen needs, apart from its zod schemas
 * (./consent.schemas.ts), so that screen does not load zod.
 */

/** 5 years: the record keeping of the RBI KYC Master Direction (and PML Rules 2005 r.3) after the relationship ends. */
export const CONSENT_RETENTION_DAYS_DEFAULT = 365 * 5;

/**
 * The version of the notice text the flow shows (components/flow/i18n `consent`), recorded with
 * each consent: the date its text last changed (DPDP Rules 2025, rule 3: essentials first, each
 * section expandable, the full notice one tap away).
 */
export const CONSENT_NOTICE_VERSION = "2026-11-24";
