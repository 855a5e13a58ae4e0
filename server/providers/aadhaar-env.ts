/**
 * The Aadhaar offline-verification variables as zod fields, composed into server/env.ts (read
 * them through `env`; server/providers/aadhaar-crypto.ts turns them into its configuration):
 * - `UIDAI_CERT_PATHS`: UIDAI public certificate files (PEM or DER) that Offline e-KYC and Secure
 *   QR signatures are verified against, separated by `,` `:` `;` or newlines (several for rotation).
 * - `AADHAAR_OFFLINE_MAX_AGE_HOURS`: Offline e-KYC XML (and DigiLocker e-Aadhaar) maximum age in hours
 *   (default 72, the RBI 3-day rule).
 * - `AADHAAR_QR_MAX_AGE_HOURS`: Secure QR maximum age in hours (default 72, the same rule: a QR
 *   printed on an old letter or PVC card fails; ask for the QR of a fresh e-Aadhaar download).
 */
import { z } from "zod";

export const AADHAAR_ENV = {
  UIDAI_CERT_PATHS: z.string().optional(),
  AADHAAR_OFFLINE_MAX_AGE_HOURS: z.coerce.number().positive().optional(),
  AADHAAR_QR_MAX_AGE_HOURS: z.coerce.number().positive().optional(),
};
