/**
 * The `consent` step's defaults that the flow's first screen needs, apart from its zod schemas
 * (./consent.schemas.ts), so that screen does not load zod.
 */

/** 5 years: the record keeping of the RBI KYC Master Direction (and PML Rules 2005 r.3) after the relationship ends. */
export const CONSENT_RETENTION_DAYS_DEFAULT = 365 * 5;
