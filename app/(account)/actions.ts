"use server";
/**
 * Server actions of the signed-out account pages. Each parses its input with the same zod
 * schema as its form, calls one domain function, and signs the user in where that is the
 * natural next step (signIn throws Next's redirect to /dashboard: let it through).
 */
import { headers } from "next/headers";
import type { ActionFailure } from "~/components/dashboard/account-actions.schemas";
import { signIn } from "~/server/auth/auth";
import { getDb } from "~/server/db";
import { DomainError } from "~/server/errors";
import { setupFirstOrganization } from "~/server/organizations/create-organization";
import { ZSetupRequest } from "~/server/organizations/organization.schemas";
import { clientIp } from "~/server/http/client-ip";
import { ZAcceptInvitationRequest, ZForgotPasswordRequest, ZJoinWithAccountRequest, ZResetPasswordRequest } from "~/server/users/account.schemas";
import { authenticateUser } from "~/server/users/authenticate-user";
import { acceptInvitation, lookupInvitation } from "~/server/users/invitations";
import { hashPassword } from "~/server/users/passwords";
import { requestPasswordReset } from "~/server/users/request-password-reset";
import { resetPassword } from "~/server/users/reset-password";

function failure(err: unknown): ActionFailure {
  if (err instanceof DomainError) return { error: { code: err.code, message: err.message, field: err.param } };
  console.error(JSON.stringify({ level: "error", msg: "account action failed", error: String(err) }));
  return { error: { code: "unknown", message: "Something went wrong on our side. Please try again." } };
}

const invalid = (message = "Check the form and try again."): ActionFailure => ({ error: { code: "invalid_input", message } });

/**
 * Emails a reset link when the address has an account. Answers at once and the same way for
 * every address (the send runs in the background), so the page reveals nothing.
 */
export async function forgotPasswordAction(input: unknown): Promise<{ ok: true } | ActionFailure> {
  const parsed = ZForgotPasswordRequest.safeParse(input);
  if (!parsed.success) return invalid("Enter a valid email address.");
  const db = await getDb();
  void requestPasswordReset(db, parsed.data.email).catch((err: unknown) =>
    console.error(JSON.stringify({ level: "error", msg: "password reset email failed", error: (err as { code?: string }).code ?? String(err) })),
  );
  return { ok: true };
}

/** Sets the new password with the link's token, then signs the user in. */
export async function resetPasswordAction(input: unknown): Promise<ActionFailure> {
  const parsed = ZResetPasswordRequest.safeParse(input);
  if (!parsed.success) return invalid();
  let email: string;
  try {
    email = (await resetPassword(await getDb(), { token: parsed.data.token, password: parsed.data.password, ip: clientIp(await headers()) })).email;
  } catch (err) {
    return failure(err);
  }
  await signIn("credentials", { email, password: parsed.data.password, redirectTo: "/dashboard" });
  return invalid();
}

/** What the invitation page shows, or why the link does not work. */
export async function lookupInvitationAction(token: string): Promise<{ invitation: Awaited<ReturnType<typeof lookupInvitation>> } | ActionFailure> {
  if (typeof token !== "string" || token.length === 0 || token.length > 200)
    return { error: { code: "invitation_invalid", message: "This invitation link is incomplete." } };
  try {
    return { invitation: await lookupInvitation(await getDb(), token) };
  } catch (err) {
    return failure(err);
  }
}

/** Creates the account of an invited person (name + password), joins them, signs them in. */
export async function acceptInvitationAction(input: unknown): Promise<ActionFailure> {
  const parsed = ZAcceptInvitationRequest.safeParse(input);
  if (!parsed.success) return invalid();
  let email: string;
  try {
    email = (
      await acceptInvitation(await getDb(), {
        kind: "new",
        token: parsed.data.token,
        name: parsed.data.name,
        passwordHash: await hashPassword(parsed.data.password),
        ip: clientIp(await headers()),
      })
    ).email;
  } catch (err) {
    return failure(err);
  }
  await signIn("credentials", { email, password: parsed.data.password, redirectTo: "/dashboard" });
  return invalid();
}

/** Joins the organization with an existing account (its password), then signs in. */
export async function joinWithAccountAction(input: unknown): Promise<ActionFailure> {
  const parsed = ZJoinWithAccountRequest.safeParse(input);
  if (!parsed.success) return invalid();
  const db = await getDb();
  let email: string;
  try {
    email = (
      await acceptInvitation(db, {
        kind: "existing",
        token: parsed.data.token,
        authenticate: (address) => authenticateUser(db, address, parsed.data.password),
        ip: clientIp(await headers()),
      })
    ).email;
  } catch (err) {
    if (err instanceof DomainError && (err.code === "invalid_credentials" || err.code === "account_locked")) {
      return { error: { code: err.code, message: err.message, field: "password" } };
    }
    return failure(err);
  }
  await signIn("credentials", { email, password: parsed.data.password, redirectTo: "/dashboard" });
  return invalid();
}

/**
 * The first-run setup (/setup): creates the first organization and its owner
 * (setupFirstOrganization: refused with `setup_already_done` once any organization exists),
 * then signs the owner in.
 */
export async function setupAction(input: unknown): Promise<ActionFailure> {
  const parsed = ZSetupRequest.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    await setupFirstOrganization(await getDb(), parsed.data, clientIp(await headers()));
  } catch (err) {
    return failure(err);
  }
  await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/dashboard" });
  return invalid();
}
