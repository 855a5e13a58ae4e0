/**
 * Forms of the dashboard's account pages and team settings (STYLE.md 1.4): each schema is used
 * by react-hook-form in the browser and parsed again by the server action or tRPC procedure.
 */
import { z } from "zod";

/** The shortest password a member may choose. */
export const MIN_PASSWORD_LENGTH = 10;

/** At most 72 bytes: all bcrypt read of a password when accounts used it (users/passwords.ts). */
const MAX_PASSWORD_BYTES = 72;

export const ZNewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `Use at least ${MIN_PASSWORD_LENGTH} characters.` })
  .refine((p) => new TextEncoder().encode(p).length <= MAX_PASSWORD_BYTES, { error: "Use at most 72 characters." });

export const ZRole = z.enum(["owner", "admin", "developer", "reviewer", "viewer"]);
export type TRole = z.infer<typeof ZRole>;

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid email address." }));

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** A new password typed twice: the second must match. */
const matchingPasswords = { error: "The passwords do not match.", path: ["confirmPassword"] };
const samePassword = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

export const ZResetPasswordRequest = z
  .object({ token: z.string().min(1).max(200), password: ZNewPassword, confirmPassword: z.string() })
  .refine(samePassword, matchingPasswords);
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** Accepting an invitation as a new user: name and password. */
export const ZAcceptInvitationRequest = z
  .object({
    token: z.string().min(1).max(200),
    name: z.string().trim().min(1, { error: "Enter your name." }).max(100, { error: "Use at most 100 characters." }),
    password: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine(samePassword, matchingPasswords);
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

/** Accepting an invitation with an existing account: its current password. */
export const ZJoinWithAccountRequest = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1, { error: "Enter your password." }),
});
export type TJoinWithAccountRequest = z.infer<typeof ZJoinWithAccountRequest>;

export const ZInviteMemberRequest = z.object({ email: ZEmail, role: ZRole });
export type TInviteMemberRequest = z.infer<typeof ZInviteMemberRequest>;

export const ZChangeRoleRequest = z.object({ userId: z.string().min(1), role: ZRole });
