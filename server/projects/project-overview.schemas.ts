/** The dashboard overview (server/projects/project-overview.ts): its request and the figures it returns. */
import { z } from "zod";
import { ZSessionStatus } from "../sessions/session.schemas";

/** An IANA time zone name PostgreSQL and the JS runtime both know (checked with Intl). */
export const ZTimeZone = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz);
      } catch {
        return false;
      }
    },
    { error: "Unknown time zone." },
  );

export const ZOverviewRequest = z.object({ days: z.number().int().min(7).max(90).default(30), timeZone: ZTimeZone.default("UTC") });

/** Sessions created on one day. */
export const ZOverviewDay = z.strictObject({
  /** `YYYY-MM-DD` in the requested time zone */
  date: z.string(),
  total: z.number().int(),
  byStatus: z.partialRecord(ZSessionStatus, z.number().int()),
});
export type TOverviewDay = z.infer<typeof ZOverviewDay>;

export const ZProjectOverview = z.strictObject({
  days: z.array(ZOverviewDay),
  totals: z.strictObject({ created: z.number().int(), approved: z.number().int(), declined: z.number().int(), decided: z.number().int() }),
  /** approved / (approved + declined) of the sessions decided in the window; null when none was decided */
  approvalRate: z.number().nullable(),
  /** median seconds from the applicant's submission (entering `processing`) to the decision; null when none */
  medianDecisionSeconds: z.number().nullable(),
  queue: z.strictObject({ size: z.number().int(), oldestEnteredAt: z.date().nullable() }),
});
export type TProjectOverview = z.infer<typeof ZProjectOverview>;
