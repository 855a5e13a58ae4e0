/**
 * Who may do what in the dashboard, by organization role. The tRPC procedures enforce these
 * lists on the server (server/trpc/init.ts `projectProcedure(roles)`); the dashboard reads
 * the same lists only to hide controls a role cannot use.
 *
 * - owner: everything, including granting and removing the owner role.
 * - admin: everything except changing or removing owners and making someone an owner.
 * - developer: API keys, allowed origins and workflows; reads sessions.
 * - reviewer: decides sessions in review; reads sessions.
 * - viewer: reads sessions, the overview and settings.
 */
import type { Role } from "../generated/prisma/enums";

export const ROLES = ["owner", "admin", "developer", "reviewer", "viewer"] as const satisfies readonly Role[];

export const PERMISSIONS = {
  /** Read sessions, the overview, settings and the member list. */
  readProject: ["owner", "admin", "developer", "reviewer", "viewer"],
  /** Invite, change roles, remove members, see pending invitations. */
  manageMembers: ["owner", "admin"],
  /** Create and revoke API keys (and see them). */
  manageApiKeys: ["owner", "admin", "developer"],
  /** Add and remove allowed origins. */
  manageOrigins: ["owner", "admin", "developer"],
  /** Retention, branding, project name. */
  manageSettings: ["owner", "admin"],
  /** Decide sessions in review and override decisions. */
  decideSessions: ["owner", "admin", "reviewer"],
  /** Assign review-queue sessions to other members (claiming one for yourself is decideSessions). */
  assignReviews: ["owner", "admin"],
  /** Open the original bytes of an evidence file (EXIF and GPS included); everyone else sees the display copy. */
  downloadOriginalEvidence: ["owner", "admin"],
  /** Browse and export the audit log (it names every user and IP address). */
  readAuditLog: ["owner", "admin"],
  /** Create workflows, edit and discard drafts, publish versions, preview drafts (every role reads workflows). */
  manageWorkflows: ["owner", "admin", "developer"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** True when `role` has `permission`. */
export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export const ROLE_LABELS: Record<Role, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Full access, including managing owners." },
  admin: { label: "Administrator", description: "Full access except managing owners." },
  developer: { label: "Developer", description: "API keys, allowed origins, workflows; reads sessions." },
  reviewer: { label: "Reviewer", description: "Decides sessions in review; reads sessions." },
  viewer: { label: "View only", description: "Reads sessions, the overview and settings." },
};
