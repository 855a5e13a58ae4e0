/**
 * What the dashboard reads about people (the `.output()` of me.get and members.*): the
 * signed-in user with their organizations and projects, the members of an organization and its
 * pending invitations. camelCase, timestamps as `Date` (superjson). Browser-safe.
 */
import { z } from "zod";
import { ZRole } from "./account.schemas";

/** The signed-in user, each organization they belong to with their role there, and its projects (oldest first). */
export const ZMe = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  organizations: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      role: ZRole,
      projects: z.array(z.strictObject({ id: z.string(), slug: z.string(), name: z.string() })),
    }),
  ),
});
export type TMe = z.infer<typeof ZMe>;

export const ZMember = z.strictObject({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  joinedAt: z.date(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZInvitation = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: ZRole,
  /** The inviter's name or email; null when that user is gone. */
  invitedBy: z.string().nullable(),
  createdAt: z.date(),
  expiresAt: z.date(),
  expired: z.boolean(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** A new invitation, whether it was emailed, and the accept link to pass on when it was not. */
export const ZInviteResult = z.strictObject({ invitation: ZInvitation, emailed: z.boolean(), acceptUrl: z.string().nullable() });
export type TInviteResult = z.infer<typeof ZInviteResult>;
