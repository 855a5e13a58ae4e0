/**
 * The Prometheus endpoint's variable as a zod field, composed into server/env.ts (read it
 * through `env`):
 * - `METRICS_TOKEN`: the bearer token `GET /metrics` requires (`Authorization: Bearer <token>`),
 *   at least 16 characters. Unset: `/metrics` answers 404 (metrics are off).
 */
import { z } from "zod";

export const METRICS_ENV = {
  METRICS_TOKEN: z.string().min(16, { error: "METRICS_TOKEN must be at least 16 characters" }).optional(),
};
