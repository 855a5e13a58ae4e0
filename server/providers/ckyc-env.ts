/**
 * The CKYCR (CERSAI) live adapter's variables as zod fields, composed into server/env.ts (read
 * them through `env`; server/providers/registry.ts builds the adapter from them). The adapter is
 * available when `CKYC_FI_CODE`, `CKYC_FI_PRIVATE_KEY_PATH` and `CKYC_CERSAI_CERT_PATH` are set:
 * - `CKYC_BASE_URL`: the registry (default `https://www.ckycindia.in`; testbed `https://testbed.ckycindia.in`);
 * - `CKYC_FI_CODE`: the FI code CKYCR gave the regulated entity;
 * - `CKYC_FI_PRIVATE_KEY_PATH`: PEM file of the FI's private key (requests are signed with it, answers decrypted);
 * - `CKYC_CERSAI_CERT_PATH`: CERSAI's certificate or public key (PEM), from the CKYC website;
 * - `CKYC_TIMEOUT_MS`: timeout of each request (default 15000);
 * - `CKYC_UPLOAD_PATH`, `CKYC_UPLOAD_STATUS_PATH`: the upload service's paths, when CERSAI gave the FI others.
 */
import { z } from "zod";

export const CKYC_ENV = {
  CKYC_BASE_URL: z.string().url().default("https://www.ckycindia.in"),
  CKYC_FI_CODE: z.string().optional(),
  CKYC_FI_PRIVATE_KEY_PATH: z.string().optional(),
  CKYC_CERSAI_CERT_PATH: z.string().optional(),
  CKYC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  CKYC_UPLOAD_PATH: z.string().startsWith("/").optional(),
  CKYC_UPLOAD_STATUS_PATH: z.string().startsWith("/").optional(),
};
