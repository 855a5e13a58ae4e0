/**
 * The dashboard's audit log browser (server/audit/list-audit-log.ts): its filters and page
 * request (also the export route's and the filter form's), and the rows it returns. Browser-safe.
 */
import { z } from "zod";
import type { ActorType } from "../generated/prisma/enums";

export const AUDIT_ACTOR_TYPES = ["user", "api_key", "applicant", "system"] as const satisfies readonly ActorType[];

export const ZAuditFilters = z.object({
  /** `user:<user id>`, or an actor type alone (`api_key`, `applicant`, `system`, `user`). */
  actor: z
    .string()
    .regex(/^(user|api_key|applicant|system)(:[0-9A-Za-z_]+)?$/, "Choose an actor from the list.")
    .optional(),
  /** A session id: rows about the session and about its evidence files. */
  sessionId: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  /** Dates (UTC, inclusive): `YYYY-MM-DD`. */
  from: z.iso.date("Enter a date.").optional(),
  to: z.iso.date("Enter a date.").optional(),
});
export type TAuditFilters = z.input<typeof ZAuditFilters>;

export const ZAuditListRequest = ZAuditFilters.extend({
  limit: z.number().int().min(1).max(100).default(50),
  startingAfter: z.string().min(1).optional(),
});

/** One row as people read it: the actor with a label (a user's email, an API key's name and prefix, "Applicant", "System"). */
export const ZAuditRow = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  actor: z.strictObject({ type: z.enum(AUDIT_ACTOR_TYPES), id: z.string().nullable(), label: z.string() }),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  /** The session the row is about (directly, or through an evidence file), else null. */
  session_id: z.string().nullable(),
  ip: z.string().nullable(),
  data: z.unknown(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;

/** One page of the log, newest first. */
export const ZAuditPage = z.strictObject({ object: z.literal("list"), data: z.array(ZAuditRow), has_more: z.boolean() });
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The filter choices: the actions present in the project's log and the organization's users. */
export const ZAuditFilterOptions = z.strictObject({
  actions: z.array(z.string()),
  users: z.array(z.strictObject({ id: z.string(), email: z.string() })),
});
export type TAuditFilterOptions = z.infer<typeof ZAuditFilterOptions>;
